// Per-child adjustments: `transform.<childId>` in TypeScript, `overrides.<childId>`
// in YAML. One mechanism for both: a map merged into the child's arguments,
// or (TypeScript) a function of its arguments and resource options.
import type * as pulumi from "@pulumi/pulumi";
import type * as aws from "@pulumi/aws";
import { own, setOwn } from "../messages/own";

/**
 * A component's children by id: each one's Pulumi type token
 * (`aws:<module>/<file>:<Class>` for @pulumi/aws, `pulumi-nodejs:dynamic/stackfile:<Name>`
 * for stackfile's own dynamic resources).
 */
export type ChildTable = Readonly<Record<string, string>>;

type AwsModules = typeof aws;

/** The arguments of the @pulumi/aws class a type token names. */
export type AwsArgs<Token extends string> = Token extends `aws:${infer M}/${string}:${infer C}`
  ? M extends keyof AwsModules
    ? C extends keyof AwsModules[M]
      ? AwsModules[M][C] extends abstract new (name: string, args: infer A, opts?: pulumi.CustomResourceOptions) => unknown
        ? NonNullable<A>
        : never
      : never
    : never
  : never;

/** A child's arguments: @pulumi/aws's, or those `Own` gives for stackfile's dynamic resources. */
export type ChildArgs<Token extends string, Own = object> = Token extends keyof Own ? Own[Token] : AwsArgs<Token>;

/**
 * How to adjust one child: a map merged into its arguments (nested maps are
 * merged, anything else replaces), or a function that receives a copy of its
 * arguments and its resource options, changes them in place or returns new
 * arguments.
 * @example { maintenanceWindow: "sun:05:00-sun:06:00" }
 * @example (args, opts) => { opts.protect = true; }
 */
export type Transform<A> =
  | Partial<A>
  | ((args: A, opts: pulumi.CustomResourceOptions, name: string) => A | void);

/** `transform` of a component: per child id, typed by that child's arguments. */
export type ChildTransforms<Table extends ChildTable, Own = object> = {
  [Id in keyof Table]?: Transform<ChildArgs<Table[Id] & string, Own>>;
};

/** Transforms as the components apply them, whatever the child. */
export type AnyTransforms = Readonly<Record<string, Transform<any> | undefined>>;

/** `childId` -> `child-id`, the suffix of the child's Pulumi name. */
export function childSuffix(childId: string): string {
  return childId.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

export function childName(parentName: string, childId: string): string {
  return `${parentName}-${childSuffix(childId)}`;
}

/**
 * The constructor inputs of a child after its transform, if any: its name,
 * its arguments and its resource options (`new aws.X(...childInputs(...))`).
 */
export function childInputs<A extends object>(
  transforms: AnyTransforms | undefined, childId: string, name: string, args: A, opts: pulumi.CustomResourceOptions,
): [string, A, pulumi.CustomResourceOptions] {
  const t = own(transforms as Record<string, Transform<any> | undefined> | undefined, childId);
  if (t === undefined) return [name, args, opts];
  if (typeof t !== "function") return [name, withoutReplacedPrefixes(args, deepMerge(args, t as Record<string, unknown>)) as A, opts];
  const argsCopy: Record<string, any> = { ...args };
  const optsCopy: pulumi.CustomResourceOptions = { ...opts };
  const returned = t(argsCopy, optsCopy, name);
  return [name, withoutReplacedPrefixes(args, returned ?? argsCopy) as A, optsCopy];
}

/**
 * A name the transform gives (`clusterIdentifier`, `name`) replaces the
 * name prefix stackfile gave (`clusterIdentifierPrefix`, `namePrefix`): the
 * provider refuses both at once (each `ConflictsWith` the other in
 * terraform-provider-aws's schemas).
 */
function withoutReplacedPrefixes(before: object, after: Record<string, any>): Record<string, any> {
  const given = before as Record<string, unknown>;
  const out = { ...after };
  for (const key of Object.keys(after)) {
    const prefix = `${key}Prefix`;
    if (after[key] !== undefined && given[key] === undefined && given[prefix] !== undefined && out[prefix] === given[prefix]) delete out[prefix];
  }
  return out;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && Object.getPrototypeOf(v) === Object.prototype;
}

/** Deep merge of plain objects; arrays and other values in `patch` replace. */
export function deepMerge(base: Record<string, any>, patch: Record<string, unknown>): Record<string, any> {
  const out: Record<string, any> = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    const current = own(out, k);
    setOwn(out, k, isPlainObject(v) && isPlainObject(current) ? deepMerge(current, v) : v);
  }
  return out;
}

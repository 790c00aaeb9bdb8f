// A component's options as its children get them: names that fit (fit-names),
// and `protect` and `retainOnDelete` on the children that hold data (a
// replication group, a table, a bucket, a log group) and on no other child.
// Pulumi passes `protect` from a parent to every child and `retainOnDelete`
// to none, so both are taken off the component and set on each data child by
// a transformation: the component's other children stay free to be replaced
// as updates need.
//
// `retainOnDelete` also goes to the children a retained data child keeps
// using (`usedByData`: a replication group's subnet group, parameter group
// and security group): AWS refuses to delete them while the cluster exists
// (CacheSubnetGroupInUse, InvalidCacheParameterGroupState, EC2's
// DependencyViolation; see test/engine/stand-in/in-use.ts), so without it
// `pulumi destroy` of a retained cluster fails halfway.
import type * as pulumi from "@pulumi/pulumi";
import { fitNames } from "../aws-naming/fit-names";
import { dataHeldBy } from "../../aws-rules/replacement-table";

/** The resource options stackfile components apply to their data children (YAML `options`). */
export interface DataOptions {
  /** Pulumi refuses to delete or replace the data children (`pulumi up` stops first). */
  protect?: boolean;
  /** Deleting or replacing a data child leaves the cloud resource (and its data) in place, only Pulumi forgets it. */
  retainOnDelete?: boolean;
}

/**
 * `usedByData`: the types of the component's children its data children keep
 * using (they get `retainOnDelete` with them; `protect` needs no more, as it
 * stops the delete of the data child itself).
 */
export function componentOptions(opts: pulumi.ComponentResourceOptions | undefined, usedByData: readonly string[] = []): {
  opts: pulumi.ComponentResourceOptions;
  bind(component: pulumi.ComponentResource): void;
} {
  const fit = fitNames();
  const { protect, retainOnDelete, ...rest } = opts ?? {};
  const transformations: pulumi.ResourceTransformation[] = [fit.transformation];
  if (protect !== undefined || retainOnDelete !== undefined) {
    transformations.push((args) => {
      const data = dataHeldBy(args.type) !== undefined;
      const used = !data && retainOnDelete !== undefined && usedByData.includes(args.type);
      if (!data && !used) return undefined;
      return {
        props: args.props,
        opts: {
          ...args.opts,
          ...(data && protect !== undefined && args.opts.protect === undefined ? { protect } : {}),
          ...(retainOnDelete !== undefined && args.opts.retainOnDelete === undefined ? { retainOnDelete } : {}),
        },
      };
    });
  }
  return { opts: { ...rest, transformations: [...transformations, ...(rest.transformations ?? [])] }, bind: fit.bind };
}

// What every stackfile component does before its own children, in one place:
// judge the arguments (every problem at once), take the resource options the
// children get (component-options.ts), register with the definition's type
// token (written once, in definition.ts), and hand out the properties with
// the schema's defaults filled in and the child factory.
import * as pulumi from "@pulumi/pulumi";
import type { AnyTransforms } from "./children";
import { ChildFactory } from "./child-factory";
import { argumentsError } from "./component-error";
import { componentOptions } from "./component-options";
import { knownView } from "./known";
import type { Problem } from "../messages/problem";
import { checkProperties } from "../schema/check-properties";
import { withDefaults } from "../schema/schema";
import type { Defaulted } from "../schema/defaulted";
import type { ComponentDefinition } from "./component-definition";

/** The class name a token ends in (`stackfile:index:RedisCluster` -> `RedisCluster`): how messages name the component. */
export function componentLabel(token: string): string {
  return token.slice(token.lastIndexOf(":") + 1);
}

/**
 * A literal-only field's value (`literalOnly` in the definition: the schema
 * check refuses an Output or a directive there), as the plain value it is.
 */
export function literal<T>(value: pulumi.Input<T>): T {
  if (pulumi.Output.isInstance(value) || value instanceof Promise) {
    throw new Error("a literal-only field holds an Output: the schema check should have refused it");
  }
  return value as T;
}

/** What a component's constructor hands its base. */
export interface ComponentArguments<P extends object> {
  /** The properties as given (without `transform` and the other TypeScript-only arguments). */
  properties: P;
  /** `transform` of the arguments: per child id. */
  transform?: AnyTransforms;
  /**
   * Problems only the component can see (connectTo targets, the gateways
   * events name), judged with the schema's and the rules': every problem is
   * said at once.
   */
  problems?: (view: Record<string, unknown>) => Problem[];
  /**
   * The types of the children the data children keep using: they get
   * `retainOnDelete` with them (component-options.ts).
   */
  usedByData?: readonly string[];
}

/**
 * A stackfile component: refuses its arguments with every problem, else
 * registers under its definition's token with the resource options of
 * component-options.ts; `properties` are the arguments with the schema's
 * defaults filled in, `children` makes its children (named
 * `<name>-<child-id>`, parented, transformed, ids from the child table).
 */
export abstract class Component<Def extends ComponentDefinition, P extends object> extends pulumi.ComponentResource {
  protected readonly children: ChildFactory<Def["children"]>;
  /** The properties with the schema's defaults filled in (typed from schema-defaults.ts). */
  protected readonly properties: Defaulted<Def["definition"], P>;
  /** The plain view of the properties as given: what the rules judged (Outputs are "not known yet"). */
  protected readonly view: Record<string, unknown>;

  protected constructor(definition: Def, name: string, args: ComponentArguments<P>, opts: pulumi.ComponentResourceOptions | undefined) {
    const view = knownView(args.properties) as Record<string, unknown>;
    const problems = [...checkProperties(definition, view), ...(args.problems?.(view) ?? [])];
    if (problems.length) throw argumentsError(componentLabel(definition.token), name, problems);
    const options = componentOptions(opts, args.usedByData);
    super(definition.token, name, {}, options.opts);
    options.bind(this);
    this.view = view;
    this.properties = withDefaults(definition.definition, args.properties) as Defaulted<Def["definition"], P>;
    this.children = new ChildFactory(this, name, args.transform, definition.children);
  }
}

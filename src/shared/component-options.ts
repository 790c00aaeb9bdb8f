// A component's options as its children get them: names that fit (fit-names),
// and `protect` and `retainOnDelete` on the children that hold data (a
// replication group, a table, a bucket, a log group) and on no other child.
// Pulumi passes `protect` from a parent to every child and `retainOnDelete`
// to none, so both are taken off the component and set on each data child by
// a transformation: the component's other children stay free to be replaced
// as updates need.
import type * as pulumi from "@pulumi/pulumi";
import { fitNames } from "./fit-names";
import { dataHeldBy } from "../aws-rules/replacement-table";

/** The resource options stackfile components apply to their data children (YAML `options`). */
export interface DataOptions {
  /** Pulumi refuses to delete or replace the data children (`pulumi up` stops first). */
  protect?: boolean;
  /** Deleting or replacing a data child leaves the cloud resource (and its data) in place, only Pulumi forgets it. */
  retainOnDelete?: boolean;
}

export function componentOptions(opts: pulumi.ComponentResourceOptions | undefined): {
  opts: pulumi.ComponentResourceOptions;
  bind(component: pulumi.ComponentResource): void;
} {
  const fit = fitNames();
  const { protect, retainOnDelete, ...rest } = opts ?? {};
  const transformations: pulumi.ResourceTransformation[] = [fit.transformation];
  if (protect !== undefined || retainOnDelete !== undefined) {
    transformations.push((args) => {
      if (!dataHeldBy(args.type)) return undefined;
      return {
        props: args.props,
        opts: {
          ...args.opts,
          ...(protect !== undefined && args.opts.protect === undefined ? { protect } : {}),
          ...(retainOnDelete !== undefined && args.opts.retainOnDelete === undefined ? { retainOnDelete } : {}),
        },
      };
    });
  }
  return { opts: { ...rest, transformations: [...transformations, ...(rest.transformations ?? [])] }, bind: fit.bind };
}

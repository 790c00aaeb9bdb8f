import type * as pulumi from "@pulumi/pulumi";

/**
 * The properties shape with every scalar allowed to be a Pulumi Input. Lists
 * and objects stay plain: their shape decides which resources are made.
 */
export type DeepInput<T> = T extends string | number | boolean
  ? pulumi.Input<T>
  : T extends (infer U)[]
    ? DeepInput<U>[]
    : T extends object
      ? { [K in keyof T]: DeepInput<T[K]> }
      : T;

// Properties as `withDefaults` returns them, typed from the schema's defaults
// (schema-defaults.ts, generated from the `@default`s of the properties
// interfaces): a field with a default is present, an object that gets one is
// present and filled, the rest stays as given. The defaults themselves stay
// in one place, the interfaces' docs.
import type * as pulumi from "@pulumi/pulumi";
import type { SchemaDefaults } from "./schema-defaults";

/** A value that is there: not undefined, and an Output or Promise of one never resolving to undefined. */
type Given<T> = T extends pulumi.OutputInstance<infer U> ? pulumi.Output<NonNullable<U>> : T extends Promise<infer U> ? Promise<NonNullable<U>> : NonNullable<T>;

type Present<N> = N extends { default: unknown } ? true : N extends { properties: infer P } ? (true extends { [K in keyof P]: Present<P[K]> }[keyof P] ? true : false) : false;

type FillObject<T, P> = Flat<
  { [K in keyof T as K extends keyof P ? (Present<P[K]> extends true ? K : never) : never]-?: K extends keyof P ? Fill<Given<T[K]>, P[K]> : never }
  & { [K in keyof T as K extends keyof P ? (Present<P[K]> extends true ? never : K) : K]: K extends keyof P ? Fill<T[K], P[K]> : T[K] }
>;

type Flat<T> = { [K in keyof T]: T[K] };

/** `T` after `fill` with the defaults node `N`. */
export type Fill<T, N> =
  N extends { default: unknown } ? Given<T>
    : N extends { properties: infer P } ? (T extends object ? FillObject<T, P> : T)
      : N extends { items: infer I } ? (T extends readonly (infer E)[] ? Fill<E, I>[] : T)
        : N extends { values: infer V } ? (T extends Record<string, infer E> ? Record<string, Fill<E, V>> : T)
          : T;

/** The properties `T` of the schema definition `D` with its defaults filled in. */
export type Defaulted<D extends keyof SchemaDefaults, T> = Fill<T, SchemaDefaults[D]>;

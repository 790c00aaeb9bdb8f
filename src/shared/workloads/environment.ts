// A function's environment variables as a plain map whose values may be
// Outputs. Pulumi keeps a secret where it is nested: a map holding one secret
// Output serializes with only that value secret, while one Output lifted over
// the whole map (`pulumi.all(...).apply(...)`) is secret as a whole, and a
// preview then shows `environment: [secret] -> [secret]` for any change
// (Pulumi docs, "Secrets": "secretness propagates" through apply and all,
// https://www.pulumi.com/docs/iac/concepts/secrets/).
import * as pulumi from "@pulumi/pulumi";

/** Variable name -> value; a value may be a secret Output without hiding the others. */
export type EnvironmentMap = Record<string, pulumi.Input<string>>;

/**
 * `[{name, value}]` -> a map. Names are known strings in YAML and nearly
 * always in TypeScript; a name that is an Output cannot be a key before
 * deploy, so such a list is lifted whole (and is secret if any value is).
 */
export function environmentMap(list: readonly { name: pulumi.Input<string>; value: pulumi.Input<string> }[]): EnvironmentMap | pulumi.Output<Record<string, string>> {
  if (list.every((e) => typeof e.name === "string")) {
    return Object.fromEntries(list.map((e) => [e.name as string, e.value]));
  }
  return pulumi.all(list.map((e) => pulumi.all([e.name, e.value]))).apply((pairs) => Object.fromEntries(pairs));
}

/**
 * Maps merged left to right (later names win), kept plain while every part
 * is plain, so each value keeps its own secretness.
 */
export function mergeEnvironments(...parts: (EnvironmentMap | pulumi.Output<Record<string, string>>)[]): EnvironmentMap | pulumi.Output<Record<string, string>> {
  if (parts.every((p) => !pulumi.Output.isInstance(p))) return Object.assign({}, ...parts) as EnvironmentMap;
  return pulumi.all(parts.map((p) => pulumi.output(p))).apply((all) => Object.assign({}, ...all) as Record<string, string>);
}

/** The resolved map as one Output (for what needs every value at once: a digest, a baked package). */
export function resolvedEnvironment(env: EnvironmentMap | pulumi.Output<Record<string, string>>): pulumi.Output<Record<string, string>> {
  return pulumi.output(env as pulumi.Input<Record<string, pulumi.Input<string>>>) as pulumi.Output<Record<string, string>>;
}

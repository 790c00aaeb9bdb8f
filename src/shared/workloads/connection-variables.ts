// The variables `connectTo` gives a workload, as names and values: what the
// component sets in the cloud and what `dev` sets locally, from one table per
// type (its definition's `connectable.variables`, the spec's connectTo row).
// No Pulumi here: `dev` reads it.

/** The mail-sending macro `connectTo` may name. */
export const SES_MACRO = "aws:ses";

/** `myRedis` -> `STP_MY_REDIS_`. */
export function envPrefix(resourceName: string): string {
  const snake = resourceName.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/[^A-Za-z0-9]+/g, "_").toUpperCase();
  return `STP_${snake}_`;
}

/**
 * A type's table of connectTo's variables (variable -> the parameters it is
 * read from, the first the resource has), typed by the type's parameters: a
 * parameter that is not one of them does not compile.
 */
export function connectionTable<P extends object, T extends Readonly<Record<string, readonly (keyof P & string)[]>>>(_params: P, table: T): T {
  return table;
}

/**
 * Each variable of the table (name -> the parameters it is read from, the
 * first one the resource has), from `read` (the component's outputs, or the
 * local ones); a variable none of whose parameters is there is left out.
 */
export function connectionVariables<T>(table: Readonly<Record<string, readonly string[]>>, read: (param: string) => T | undefined): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [name, params] of Object.entries(table)) {
    for (const param of params) {
      const value = read(param);
      if (value === undefined) continue;
      out[name] = value;
      break;
    }
  }
  return out;
}

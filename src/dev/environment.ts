// A workload's `environment` list as the map a local process gets.

/** `[{name, value}]` as a map. */
export function environmentMap(list: unknown): Record<string, string> {
  const env: Record<string, string> = {};
  for (const e of Array.isArray(list) ? list : []) {
    const { name, value } = e as { name?: unknown; value?: unknown };
    if (typeof name === "string") env[name] = String(value ?? "");
  }
  return env;
}

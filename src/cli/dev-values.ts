// A resource's properties as they are locally: every `$ResourceParam` read
// from the local resource's outputs (a gateway's url is http://127.0.0.1:PORT,
// a cache's host 127.0.0.1; each type's runner gives them), every `$Secret`
// from the session's secrets; and the STP_* variables connectTo gives a
// workload, from its targets' local outputs through their types' tables
// (connectable.variables, the same the components read).
import { mapDirectives, type Directive } from "../config/directives";
import { connectionVariables, envPrefix, SES_MACRO } from "../shared/workloads/connection-variables";
import type { TypeEntry } from "../shared/component/type-entry";
import type { LocalValue } from "../shared/component/local-runner";
import { own } from "../shared/messages/own";
import { envName, SecretKeys, SecretValueError } from "../config/secrets";

export type Outputs = Map<string, Record<string, LocalValue | undefined>>;

export class LocalValueError extends Error {
  constructor(public readonly path: (string | number)[], message: string) {
    super(message);
  }
}

/** How to give dev a secret, the ways of config/secrets.ts in their order. */
function howToGive(name: string, key?: string): string {
  const value = key ? `'{"${key}":"..."}'` : "VALUE";
  return `pass it in --secrets-file FILE, as ${envName(name)}, with --secret ${name}=${value}, or set it in the Pulumi stack: pulumi config set --secret ${name} ...`;
}

function directiveValue(d: Directive, outputs: Outputs, secrets: Record<string, string>, path: (string | number)[], keys: SecretKeys): string | number {
  if (d.kind === "ResourceParam") {
    const v = outputs.get(d.resource)?.[d.param];
    if (v === undefined) throw new LocalValueError(path, `$ResourceParam('${d.resource}', '${d.param}') has no local value`);
    return v;
  }
  // The stage's directives resolved at analysis (config/stage.ts, dev's --stack).
  if (d.kind !== "Secret") throw new LocalValueError(path, `$${d.kind}() needs a stage: run dev with --stack NAME`);
  const text = own(secrets, d.name);
  if (text === undefined) throw new LocalValueError(path, `secret '${d.key ? `${d.name}.${d.key}` : d.name}' is not given; ${howToGive(d.name, d.key)}`);
  if (d.key === undefined) return text;
  try {
    return keys.require(d.name, d.key, text);
  } catch (err) {
    if (!(err instanceof SecretValueError)) throw err;
    throw new LocalValueError(path, `${err.message}; ${howToGive(d.name, d.key)}`);
  }
}

/** `value` with its directives resolved locally; `keys` reads `$Secret('name.key')` (each secret parsed once). */
export function resolveLocal(value: unknown, outputs: Outputs, secrets: Record<string, string>, path: (string | number)[] = [], keys = new SecretKeys()): unknown {
  return mapDirectives(value, { value: (d, at) => directiveValue(d, outputs, secrets, at, keys) }, path);
}

/** The STP_<NAME>_<VAR> variables of a workload's connectTo list, pointing at the local resources. */
export function localConnectionVariables(connectTo: unknown, entries: Map<string, TypeEntry>, outputs: Outputs): Record<string, string> {
  const env: Record<string, string> = {};
  for (const target of Array.isArray(connectTo) ? connectTo : []) {
    if (typeof target !== "string" || target === SES_MACRO) continue;
    const out = outputs.get(target);
    const table = entries.get(target)?.connectable?.variables;
    if (!out || !table) continue;
    const prefix = envPrefix(target);
    for (const [name, value] of Object.entries(connectionVariables(table, (param) => out[param]))) env[`${prefix}${name}`] = String(value);
    for (const [name, key] of Object.entries(entries.get(target)?.connectable?.localVariables ?? {})) if (out[key] !== undefined) env[name] = String(out[key]);
  }
  return env;
}

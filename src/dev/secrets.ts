// The secrets a dev session reads, from the three channels of decisions.md
// ("Secrets outside the command line"), later ones winning:
// STACKFILE_SECRET_<NAME> in the environment, --secrets-file FILE (YAML or
// JSON, `{name: value}`; an object value is stored as JSON so `name.key`
// reads its key), then --secret NAME=VALUE. Kept on its own so the CLI's
// shared parsing (issue 22) can take its place.
import * as fs from "fs";
import { parse } from "yaml";

export class SecretsFileError extends Error {}

const ENV_PREFIX = "STACKFILE_SECRET_";

export function secretsFromEnvironment(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) {
    if (k.startsWith(ENV_PREFIX) && k.length > ENV_PREFIX.length && v !== undefined) out[k.slice(ENV_PREFIX.length)] = v;
  }
  return out;
}

/** The secrets of a YAML or JSON file; its values never appear in an error. */
export function secretsFromFile(file: string): Record<string, string> {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (err) {
    throw new SecretsFileError(`cannot read --secrets-file ${file}: ${(err as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : "unreadable"}`);
  }
  let doc: unknown;
  try {
    doc = parse(text);
  } catch (err) {
    const pos = (err as { linePos?: { line: number; col: number }[] }).linePos?.[0];
    throw new SecretsFileError(`${file}:${pos?.line ?? 1}:${pos?.col ?? 1}: not YAML or JSON; write one \`name: value\` per secret`);
  }
  if (typeof doc !== "object" || doc === null || Array.isArray(doc)) throw new SecretsFileError(`${file}:1:1: must be a map of secret names to values (name: value)`);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(doc)) {
    if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") out[k] = String(v);
    else if (typeof v === "object" && v !== null && !Array.isArray(v)) out[k] = JSON.stringify(v);
    else throw new SecretsFileError(`${file}: secret '${k}' must be a string, or a map of keys to strings`);
  }
  return out;
}

/** A `$Secret(name)` or `$Secret(name.key)` value, or undefined when it was not given. */
export function secretValue(secrets: Record<string, string>, name: string, key?: string): string | undefined {
  if (!Object.hasOwn(secrets, name)) return undefined;
  const value = secrets[name];
  if (key === undefined) return value;
  try {
    const obj = JSON.parse(value) as Record<string, unknown>;
    const v = obj && typeof obj === "object" ? obj[key] : undefined;
    return typeof v === "string" ? v : v === undefined ? undefined : JSON.stringify(v);
  } catch {
    return undefined;
  }
}

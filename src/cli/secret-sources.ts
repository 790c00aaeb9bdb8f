// Secrets for `plan` and `diff` without the command line (argv is readable by
// every user of the machine in `ps` and /proc/PID/cmdline): a secrets file
// (`--secrets-file FILE`, YAML or JSON `{name: value}`) and the environment
// (`STACKFILE_SECRET_<NAME>`). `--secret NAME=VALUE` wins over the file, the
// file over the environment. Numbers are read as written, never rounded.
import * as fs from "fs";
import type { Node } from "yaml";
import { yamlParser } from "../shared/process/lazy";
import { UnreadableFileError } from "../config/stackfile";
import { exactNumber, inexactNumberMessage } from "../shared/schema/json-numbers";
import { setOwn } from "../shared/messages/own";
import { escapeControl } from "../shared/messages/user-text";

/** The environment variables read: the name as written, or in upper snake case (`dbPassword` -> DB_PASSWORD). */
export const ENV_PREFIX = "STACKFILE_SECRET_";

/** A secrets file larger than this is refused unread. */
const MAX_SECRETS_FILE_BYTES = 1024 * 1024;

export class SecretsFileError extends UnreadableFileError {}

export function envName(name: string): string {
  return `${ENV_PREFIX}${name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/-/g, "_").toUpperCase()}`;
}

/** The secrets of `names` that the environment holds. */
export function secretsFromEnv(names: readonly string[], env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const v = env[`${ENV_PREFIX}${name}`] ?? env[envName(name)];
    if (v !== undefined) setOwn(out, name, v);
  }
  return out;
}

/** All secrets given: the environment's, the file's over them, the command line's over both. */
export function gatherSecrets(names: readonly string[], file: string | undefined, given: Record<string, string>): Record<string, string> {
  return { ...secretsFromEnv(names), ...(file === undefined ? {} : readSecretsFile(file)), ...given };
}

/** A YAML node as JSON text, numbers as written (refused when a double would round them). */
function jsonText(node: unknown, name: string, file: string): string {
  const { isMap, isScalar, isSeq } = yamlParser();
  if (isMap(node)) {
    return `{${node.items.map((p) => `${JSON.stringify(String((p.key as { value?: unknown } | null)?.value ?? p.key))}:${jsonText(p.value, name, file)}`).join(",")}}`;
  }
  if (isSeq(node)) return `[${node.items.map((x) => jsonText(x, name, file)).join(",")}]`;
  if (isScalar(node)) {
    if (typeof node.value === "number") {
      const text = String(node.source ?? node.value);
      if (!/^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(text) || !exactNumber(text)) throw new SecretsFileError(`${escapeControl(file)}: ${inexactNumberMessage(name)}`);
      return text;
    }
    return JSON.stringify(node.value ?? null);
  }
  return "null";
}

/** `{name: value}` from a YAML or JSON file: strings as they are, objects as JSON text (for `$Secret('name.key')`). */
export function readSecretsFile(file: string): Record<string, string> {
  const shown = escapeControl(file);
  let text: string;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) throw new SecretsFileError(`cannot read the secrets file ${shown}: not a regular file`);
    if (stat.size > MAX_SECRETS_FILE_BYTES) throw new SecretsFileError(`the secrets file ${shown} is larger than 1 MiB; it holds only {name: value} pairs`);
    text = fs.readFileSync(file, "utf8");
  } catch (err) {
    if (err instanceof SecretsFileError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new SecretsFileError(`cannot read the secrets file ${shown}: ${code === "ENOENT" ? "no such file" : code ?? "unreadable"}`);
  }
  // The positioned parser (loaded only for a secrets file): its nodes keep numbers as written.
  const { isMap, isScalar, parseDocument } = yamlParser();
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  // Never the parser's message: it quotes the line, which holds a secret.
  if (doc.errors.length) throw new SecretsFileError(`the secrets file ${shown} is not valid YAML or JSON (line ${doc.errors[0].linePos?.[0].line ?? "?"}); it holds {name: value} pairs`);
  const root = doc.contents as Node | null;
  if (!isMap(root)) throw new SecretsFileError(`the secrets file ${shown} must be a map of secret names to values, like {cachePassword: "..."}`);
  const out: Record<string, string> = {};
  for (const pair of root.items) {
    const name = String((pair.key as { value?: unknown } | null)?.value ?? "");
    if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new SecretsFileError(`the secrets file ${shown} has a key that is not a secret name (letters, digits, '-' and '_')`);
    const v = pair.value;
    if (isScalar(v) && typeof v.value === "string") setOwn(out, name, v.value);
    else if (isScalar(v) && (v.value === null || v.value === undefined)) throw new SecretsFileError(`the secrets file ${shown} gives secret '${name}' no value`);
    // A number or boolean is the text written (`pin: 0012` stays 0012); a map or list becomes JSON, numbers exact.
    else setOwn(out, name, isScalar(v) ? String(v.source ?? v.value) : jsonText(v, name, file));
  }
  return out;
}

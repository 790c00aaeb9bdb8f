// The one reader of secrets, for `plan`, `diff`, `dev` and the program
// `pulumi up` runs, so that a value means the same everywhere.
//
// Where a secret comes from (`plan`, `diff`, `dev`), the first that has it winning:
//   1. `--secret NAME=VALUE` (quick use only: argv is readable by every user of the machine)
//   2. `--secrets-file FILE`, a YAML or JSON map `{name: value}`
//   3. `STACKFILE_SECRET_<NAME>` in the environment, NAME as written or in upper snake case
//   4. the selected Pulumi stack's own configuration (`pulumi config set --secret NAME ...`),
//      asked for only when 1 to 3 lack a name (cli/pulumi-stack.ts runs the pulumi CLI)
// `pulumi up` reads only the stack's configuration, through the engine.
//
// What a value is, for all of them: text, exactly as given. A file's scalar
// is the text written (`pin: 0012` is 0012, `9007199254740993` is those
// digits); a file's map or list becomes JSON text, its numbers as written,
// and one a double would round is refused. `$Secret('name.key')` reads the
// key of the value's JSON object; each value is parsed once, and a number
// that JSON readers would round is refused, never rounded.
import * as fs from "fs";
import type { Node } from "yaml";
import { yamlParser } from "../shared/process/lazy";
import { secretKeys, secretNames, UnreadableFileError } from "./stackfile";
import { exactNumber, firstInexactNumber, inexactNumberMessage } from "../shared/schema/json-numbers";
import { own, setOwn } from "../shared/messages/own";
import { escapeControl } from "../shared/messages/user-text";
import { ALLOW_ON_COMMAND_LINE, leadsOutsideItsFolder, outsideLinkMessage } from "../shared/files/links";
import type { StackModel } from "./validate";

/** The environment variables read: the prefix, then the name as written or in upper snake case (`dbPassword` -> DB_PASSWORD). */
export const ENV_PREFIX = "STACKFILE_SECRET_";

/** A secret's name: what `$Secret(NAME)` reads (config/directives.ts), a secrets file's key, `--secret NAME=VALUE`'s NAME. */
export const SECRET_NAME = /^[A-Za-z0-9_-]+$/;

/**
 * `--secret NAME=VALUE` as a name and a value, or why it is not one (never
 * quoting it: the value is a secret, and so may be what was meant as one).
 * A NAME that is not a secret name (`NAME x`, `'pw'`) would be a secret
 * nothing reads, silently.
 */
export function secretOption(spec: string | undefined): { name: string; value: string } | { problem: string } {
  const eq = spec?.indexOf("=") ?? -1;
  const name = eq > 0 ? spec!.slice(0, eq) : "";
  if (!SECRET_NAME.test(name)) return { problem: "--secret takes NAME=VALUE, NAME of letters, digits, '-' and '_' (the name $Secret(NAME) reads)" };
  return { name, value: spec!.slice(eq + 1) };
}

/** A secrets file larger than this is refused unread. */
const MAX_SECRETS_FILE_BYTES = 1024 * 1024;

export class SecretsFileError extends UnreadableFileError {}

/** `STACKFILE_SECRET_` and the name in upper snake case. */
export function envName(name: string): string {
  return `${ENV_PREFIX}${name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/-/g, "_").toUpperCase()}`;
}

/** The environment's value of a secret: `STACKFILE_SECRET_<name as written>`, else the upper snake case one. */
export function secretFromEnv(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env[`${ENV_PREFIX}${name}`] ?? env[envName(name)];
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

/** `{name: value}` from a YAML or JSON file: scalars as the text written, maps and lists as JSON text (for `$Secret('name.key')`). */
export function readSecretsFile(file: string, followLinks = false): Record<string, string> {
  const shown = escapeControl(file);
  if (!followLinks && leadsOutsideItsFolder(file)) throw new SecretsFileError(outsideLinkMessage(`the secrets file ${shown}`, ALLOW_ON_COMMAND_LINE));
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
    if (!SECRET_NAME.test(name)) throw new SecretsFileError(`the secrets file ${shown} has a key that is not a secret name (letters, digits, '-' and '_')`);
    const v = pair.value;
    if (isScalar(v) && typeof v.value === "string") setOwn(out, name, v.value);
    else if (isScalar(v) && (v.value === null || v.value === undefined)) throw new SecretsFileError(`the secrets file ${shown} gives secret '${name}' no value`);
    // A number or boolean is the text written (`pin: 0012` stays 0012); a map or list becomes JSON, numbers exact.
    else setOwn(out, name, isScalar(v) ? String(v.source ?? v.value) : jsonText(v, name, file));
  }
  return out;
}

/** Where a secret was found (for messages; never its value). */
export type SecretOrigin = "--secret" | "--secrets-file" | "environment" | "stack";

export interface SecretSources {
  /** `--secret NAME=VALUE` */
  given?: Record<string, string>;
  /** `--secrets-file FILE`: read when the reader is made, so a bad file is refused before anything runs. */
  file?: string;
  /** Default: process.env. */
  env?: NodeJS.ProcessEnv;
  /**
   * The selected stack's secrets by name (`pulumi config set --secret`),
   * asked for once, on the first name the other sources lack.
   */
  stack?: () => Readonly<Record<string, string>>;
  /** `--follow-links`: read the secrets file even when it is a link out of its folder. */
  followLinks?: boolean;
}

/** A secret's value from the sources in their order (see the top of this file). */
export class SecretReader {
  private readonly fromFile: Record<string, string>;
  private fromStack?: Readonly<Record<string, string>>;

  constructor(private readonly sources: SecretSources = {}) {
    this.fromFile = sources.file === undefined ? {} : readSecretsFile(sources.file, sources.followLinks);
  }

  /** The value and where it came from, or undefined when no source has it. */
  find(name: string): { value: string; from: SecretOrigin } | undefined {
    const given = own(this.sources.given, name);
    if (given !== undefined) return { value: given, from: "--secret" };
    const file = own(this.fromFile, name);
    if (file !== undefined) return { value: file, from: "--secrets-file" };
    const env = secretFromEnv(name, this.sources.env);
    if (env !== undefined) return { value: env, from: "environment" };
    if (!this.sources.stack) return undefined;
    this.fromStack ??= this.sources.stack();
    const stack = own(this.fromStack, name);
    return stack === undefined ? undefined : { value: stack, from: "stack" };
  }

  get(name: string): string | undefined {
    return this.find(name)?.value;
  }

  /** The values of `names` that some source has, by name. */
  pick(names: readonly string[]): Record<string, string> {
    const out: Record<string, string> = {};
    for (const name of names) {
      const v = this.get(name);
      if (v !== undefined) setOwn(out, name, v);
    }
    return out;
  }
}

/** Why a secret's value cannot serve `$Secret('name.key')`: a number JSON readers would round, no JSON object, no such key. */
export type SecretValueProblem = "inexact-number" | "not-an-object" | "no-key";

/** Why `$Secret('name.key')` cannot read a value; the message says what, and each caller adds how to fix it (pulumiConfigFix, an option). */
export class SecretValueError extends Error {
  constructor(readonly secret: string, readonly key: string | undefined, readonly problem: SecretValueProblem, message: string) {
    super(message);
  }
}

/** The `pulumi config set` command that fixes a secret value's problem; `keys`: every key the stack reads of it. */
export function pulumiConfigFix(name: string, problem: SecretValueProblem | "not-set", keys: readonly string[] = []): string {
  if (problem === "not-set") return `pulumi config set --secret ${name} <value>`;
  if (problem === "inexact-number") return `pulumi config set --secret ${name} <the JSON, numbers that long in quotes>`;
  if (problem === "no-key") return `pulumi config set --secret --path '${name}.${keys[0]}' <value>`;
  return `pulumi config set --secret ${name} '${JSON.stringify(Object.fromEntries(keys.map((k) => [k, "<value>"])))}'`;
}

/**
 * `$Secret('name.key')`: the key of the JSON object a secret holds, as text
 * (a string as it is, anything else as JSON). Each value is parsed once, for
 * every key read of it; one reader serves one run (a plan, a deploy, a dev
 * session).
 */
export class SecretKeys {
  private readonly parsed = new Map<string, { text: string; value: unknown }>();

  /** The parsed value (undefined: not JSON); throws SecretValueError for a number JSON readers would round. */
  object(name: string, text: string): unknown {
    const known = this.parsed.get(name);
    if (known?.text === text) return known.value;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    if (value !== undefined && firstInexactNumber(text) !== undefined) throw new SecretValueError(name, undefined, "inexact-number", inexactNumberMessage(name));
    this.parsed.set(name, { text, value });
    return value;
  }

  /** The key's text, or undefined when the value is not a JSON object or lacks the key (keyProblem says which). */
  read(name: string, key: string, text: string): string | undefined {
    const obj = this.object(name, text);
    const v = typeof obj === "object" && obj !== null && !Array.isArray(obj) ? own(obj as Record<string, unknown>, key) : undefined;
    if (v === undefined || v === null) return undefined;
    return typeof v === "string" ? v : JSON.stringify(v);
  }

  /** The key's text, or SecretValueError saying why there is none. */
  require(name: string, key: string, text: string): string {
    const v = this.read(name, key, text);
    if (v !== undefined) return v;
    const obj = this.object(name, text);
    if (typeof obj === "object" && obj !== null && !Array.isArray(obj)) {
      throw new SecretValueError(name, key, "no-key", `secret '${name}' has no key '${key}' (read by $Secret('${name}.${key}'))`);
    }
    throw new SecretValueError(name, key, "not-an-object", `secret '${name}' is not a JSON object, so $Secret('${name}.${key}') cannot read '${key}'`);
  }
}

/** A secret the stack reads that the given ones cannot serve, and a directive that reads it. */
export interface SecretIssue {
  name: string;
  /** The key of a JSON secret that is missing. */
  key?: string;
  /** What is wrong, then `; run: ` and the Pulumi command that fixes it (callers may swap that part for their own way). */
  message: string;
  /** Document path of a directive reading that secret (and key). */
  path: (string | number)[];
}

/**
 * Why the given secrets cannot serve the stack: missing ones, JSON ones
 * (`$Secret('name.key')`) that are not objects or lack the key, and numbers
 * JSON readers would round, each at a directive that reads it. Each message
 * ends with the `pulumi config set` command that fixes it.
 */
export function secretIssues(model: StackModel, read: (name: string) => string | undefined, keys = new SecretKeys()): SecretIssue[] {
  const out: SecretIssue[] = [];
  const readerOf = (name: string, key?: string) => {
    for (const r of model.resources) {
      const use = r.secrets.find((s) => s.name === name && (key === undefined || s.key === key));
      if (use) return ["resources", r.name, use.in ?? "properties", ...use.path];
    }
    return [];
  };
  for (const name of secretNames(model)) {
    const value = read(name);
    if (value === undefined) {
      out.push({ name, message: `secret '${name}' is not set; run: ${pulumiConfigFix(name, "not-set")}`, path: readerOf(name) });
      continue;
    }
    const wanted = secretKeys(model, name);
    for (const key of wanted) {
      try {
        keys.require(name, key, value);
      } catch (err) {
        if (!(err instanceof SecretValueError)) throw err;
        const message = `${err.message}; run: ${pulumiConfigFix(name, err.problem, err.problem === "no-key" ? [key] : wanted)}`;
        out.push({ name, key: err.key, path: readerOf(name, err.key), message });
        // A value that is no JSON object, or holds a rounded number, is said once, not once per key.
        if (err.problem !== "no-key") break;
      }
    }
  }
  return out;
}

/** Why the given secrets cannot serve the stack, one line each. */
export function secretProblems(model: StackModel, read: (name: string) => string | undefined, keys?: SecretKeys): string[] {
  return secretIssues(model, read, keys).map((i) => i.message);
}

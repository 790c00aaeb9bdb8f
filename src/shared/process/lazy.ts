// The heavy modules stackfile loads on first use rather than at start-up, in
// one place, each with who needs it. A `validate` is mostly Node's own
// start-up: loading Pulumi (with @pulumi/aws, about a second), or the
// positioned YAML parser (about 50 modules, more than reading the file),
// when the command or the file needs neither would cost several times that.
// (The CLI's own command modules are loaded per command in cli/main.ts; the
// mock engine in cli/plan.ts also must be set before any component loads.)
import type * as Yaml from "yaml";
import type * as Pulumi from "@pulumi/pulumi";
import type * as Crypto from "crypto";

function once<T>(load: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= load());
}

/**
 * The positioned YAML parser: read by files with aliases or merge keys and by
 * files js-yaml refuses (for the error's place), and asked where positions.ts
 * cannot place a node; and a `--secrets-file` (cli/secret-sources.ts). A valid plain file never loads it.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const yamlParser = once(() => require("yaml") as typeof Yaml);

/** The Pulumi SDK: `plan`, `diff` and deploys (`validate`, `schema` and `init` never load it). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const pulumiSdk = once(() => require("@pulumi/pulumi") as typeof Pulumi);

/**
 * Node's crypto (about 40 internal modules, streams among them): hashes of
 * names and contents when components are made, never while a file is checked.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const nodeCrypto = once(() => require("crypto") as typeof Crypto);

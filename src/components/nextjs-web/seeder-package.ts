// The tag cache seeder's package: OpenNext's dynamodb-provider plus an entry,
// `stackfile-seeder.mjs`, that makes its first run safe.
//
// The seeder is invoked once per build right after its role's policy is made.
// IAM is eventually consistent ("Changes that I make are not always
// immediately visible", IAM User Guide, troubleshooting), and the provider's
// aws_lambda_invocation does not retry, so the first writes can be refused
// with AccessDeniedException. OpenNext's seeder logs a failed BatchWriteItem
// ("Failed to batch write dynamo item") and returns success all the same
// (@opennextjs/aws, dynamodb-provider: writeTags catches and logs), so the
// table would stay unseeded without a word. The entry watches for that log
// line, runs the seeder again with growing pauses (its writes are puts of
// fixed items: running it twice writes the same rows), and fails the
// invocation, so the deploy stops, if it never succeeds.
import { createHash } from "crypto";
import * as pulumi from "@pulumi/pulumi";
import { serverModule } from "./edge-package";

export const SEEDER_ENTRY = "stackfile-seeder.mjs";
export const SEEDER_HANDLER = "stackfile-seeder.handler";
/** Pauses between runs, in seconds: about 2.5 minutes in all, inside the seeder's 300 s timeout. */
export const SEED_PAUSES_S = [2, 4, 8, 16, 30, 30, 30, 30];
/** The log line OpenNext's seeder writes when a write fails (and then returns success). */
export const SEED_FAILURE_LOG = "Failed to batch write dynamo item";

export function seederEntry(file: string, exportName: string): string {
  return `// Written by stackfile: runs OpenNext's tag cache seeder until its writes succeed
// (a role's new policy can take a while to apply), and fails loudly if they never do.
const seeder = await import("./${file}");
const PAUSES_S = ${JSON.stringify(SEED_PAUSES_S)};
// Tests shorten the pauses; Lambda never sets this.
const UNIT_MS = Number(process.env.STACKFILE_SEED_PAUSE_UNIT_MS ?? 1000);

async function runOnce(event, context) {
  const failures = [];
  const error = console.error;
  const warn = console.warn;
  const watch = (log) => (...args) => {
    if (args.some((a) => typeof a === "string" && a.includes(${JSON.stringify(SEED_FAILURE_LOG)}))) {
      const cause = args.find((a) => a instanceof Error);
      failures.push(cause ? (cause.name || "Error") + ": " + cause.message : String(args[0]));
    }
    log.apply(console, args);
  };
  console.error = watch(error);
  console.warn = watch(warn);
  try {
    const result = await seeder.${exportName}(event, context);
    return { result, failures };
  } finally {
    console.error = error;
    console.warn = warn;
  }
}

export async function handler(event, context) {
  for (let attempt = 0; ; attempt++) {
    const { result, failures } = await runOnce(event, context);
    if (failures.length === 0) return result;
    if (attempt >= PAUSES_S.length) {
      throw new Error("stackfile: the tag cache seeder's writes kept failing after " + (attempt + 1) + " runs: " + failures[0]);
    }
    console.error("stackfile: the tag cache seeder's writes failed (" + failures[0] + "); running it again in " + PAUSES_S[attempt] + " s");
    await new Promise((resolve) => setTimeout(resolve, PAUSES_S[attempt] * UNIT_MS));
  }
}
`;
}

/** OpenNext's seeder bundle with the entry. */
export function seederPackage(bundleDir: string, handler: string): pulumi.asset.AssetArchive {
  const { file, exportName } = serverModule(bundleDir, handler);
  return new pulumi.asset.AssetArchive({
    ".": new pulumi.asset.FileArchive(bundleDir),
    [SEEDER_ENTRY]: new pulumi.asset.StringAsset(seederEntry(file, exportName)),
  });
}

/** sha256 of the entry: the seeder runs again when stackfile's entry changes. */
export const SEEDER_WRAPPER_DIGEST = createHash("sha256").update(seederEntry("index.mjs", "handler")).digest("hex");

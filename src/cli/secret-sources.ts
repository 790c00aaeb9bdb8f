// What `plan`, `diff` and `dev` read beside the stack file: the Pulumi stack
// it deploys with (the nearest Pulumi.yaml above it; `--stack`, else the
// selected stack: pulumi-stack.ts) and the secrets, from the one reader of
// config/secrets.ts, whose last source is that stack's own configuration.
import * as path from "path";
import { SecretReader } from "../config/secrets";
import { findProject, PulumiStack, runPulumi, type PulumiRunner } from "./pulumi-stack";

export interface StackInputOptions {
  /** `--stack NAME` */
  stack?: string;
  /** `--secrets-file FILE` */
  secretsFile?: string;
  /** `--secret NAME=VALUE` */
  secrets: Record<string, string>;
  /** `--follow-links`: read the secrets file even when it is a link out of its folder. */
  followLinks?: boolean;
}

export interface StackInputs {
  /** The project's stack, when a Pulumi.yaml is at or above the stack file. */
  stack?: PulumiStack;
  secrets: SecretReader;
}

/** The stack and the secret reader for the stack file `file` (`-`, standard input: the working directory's project). */
export function stackInputs(file: string, opts: StackInputOptions, run: PulumiRunner = runPulumi): StackInputs {
  const project = findProject(file === "-" ? process.cwd() : path.dirname(path.resolve(file)));
  const stack = project ? new PulumiStack(project, opts.stack, run) : undefined;
  const secrets = new SecretReader({ given: opts.secrets, file: opts.secretsFile, followLinks: opts.followLinks, stack: stack ? () => stack.secrets() : undefined });
  return { stack, secrets };
}

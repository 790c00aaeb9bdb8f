// Two sites of one program may share an app directory only with the same
// build settings (they then share one build); with others, the second build
// would replace the files the first one's deploy names.
//
// YAML: `validate` refuses the pair before anything runs (rules.ts,
// `appDirectory ... is also built by ...`). TypeScript: the claims are held by
// the program's own stack resource (the root `pulumi:pulumi:Stack` the SDK
// makes for each run, `pulumi.runtime.getStackResource()`), so they last one
// program run, and no state lives in this module. A program run without a
// stack resource (`stackfile plan`'s mock engine, which runs validated YAML
// only) has nothing to hold them: the check is validate's there.
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";

/** The build settings that make one build of an app directory differ from another. */
export interface BuildSettings {
  buildCommand: string | undefined;
  streaming: boolean;
  edge: boolean;
}

interface Claim {
  owner: string;
  key: string;
}

const CLAIMS = Symbol.for("stackfile.nextjsWeb.appDirectoryClaims");

type ClaimHolder = { [CLAIMS]?: Map<string, Claim> };

/** The claims of this program run: on its stack resource, undefined without one. */
function claimsOf(stack: object | undefined): Map<string, Claim> | undefined {
  if (!stack) return undefined;
  const holder = stack as ClaimHolder;
  return (holder[CLAIMS] ??= new Map());
}

/**
 * Records that `owner` builds `appDir` with `settings` in this program run;
 * throws when another site of the run builds it with other settings.
 * `stack` is the run's root resource (given in tests).
 */
export function claimAppDirectory(owner: string, appDir: string, settings: BuildSettings, stack: object | undefined = pulumi.runtime.getStackResource()): void {
  const claims = claimsOf(stack);
  if (!claims) return;
  const dir = path.resolve(appDir);
  const key = JSON.stringify(settings);
  const claim = claims.get(dir);
  if (claim && claim.key !== key) {
    throw new pulumi.RunError(`NextjsWeb '${owner}': appDirectory ${appDir} is built by '${claim.owner}' with other build settings (buildCommand, streamingEnabled, useEdgeFunction); one app directory gives one build: make the settings equal, or give each site its own copy of the app`);
  }
  if (!claim) claims.set(dir, { owner, key });
}

// Next.js makes secret keys at every build: the server actions' encryption
// key (which also salts every action id compiled into the server and client
// code) and the draft-mode keys (in prerender-manifest.json and
// preview-props.json). Random keys make two builds of the same commit differ,
// so every pull-request preview would show a code change. With a build secret
// the keys are derived from it: stable across builds and checkouts, and still
// secret. The secret comes from, in this order:
// 1. the environment's STACKFILE_BUILD_SECRET;
// 2. the stack's secret config `stackfile:buildSecret` (`pulumi up`, read by
//    the component);
// 3. for `plan` and `diff`, which never deploy, a fixed public placeholder,
//    so their output is the same in every checkout. Anyone can derive keys
//    from it; the build stamp records which key a build used, so a deploy
//    never reuses such a build.
// Without any, Next.js's random keys stay (never keys anyone could derive from
// the sources) and the build says it is not reproducible.
import { createHmac } from "crypto";
import * as fs from "fs";
import * as path from "path";
import { BuildError } from "./build-error";

export const BUILD_SECRET_ENV = "STACKFILE_BUILD_SECRET";
export const BUILD_SECRET_CONFIG = "stackfile:buildSecret";
/** What `plan` and `diff` build with when no secret is given. Public: never deploy keys derived from it. */
export const PLACEHOLDER_BUILD_SECRET = "stackfile-public-placeholder-build-secret-for-plan-and-diff";
const ACTIONS_KEY_ENV = "NEXT_SERVER_ACTIONS_ENCRYPTION_KEY";

export interface PreviewKeys {
  previewModeId: string;
  previewModeSigningKey: string;
  previewModeEncryptionKey: string;
}

export interface BuildKeys {
  /** Variables for the build's environment (the actions key, unless the user set Next.js's own). */
  env: Record<string, string>;
  /** Draft-mode keys written into the build's manifests. */
  preview: PreviewKeys;
  /** Names the keys without revealing them: part of the build stamp, so another secret rebuilds. */
  fingerprint: string;
  /** Where the secret came from. */
  source: "env" | "config" | "placeholder";
}

export interface BuildSecretSources {
  env?: NodeJS.ProcessEnv;
  /** The stack's `stackfile:buildSecret`, when the component runs under Pulumi. */
  config?: string;
  /**
   * A run that never deploys (`plan`, `diff`, `dev --prod`): with no secret in
   * the environment, the public placeholder instead of random keys, and the
   * stack's config is not read.
   */
  placeholder?: boolean;
}

const derive = (secret: string, purpose: string, bytes: number) =>
  createHmac("sha256", secret).update(`stackfile/next/${purpose}`).digest().subarray(0, bytes);

/** The keys a build uses, or undefined when no build secret is given (Next.js's random keys). */
export function buildKeys(from: BuildSecretSources = {}): BuildKeys | undefined {
  const env = from.env ?? process.env;
  const placeholder = from.placeholder === true;
  const [secret, source, name] = env[BUILD_SECRET_ENV]
    ? [env[BUILD_SECRET_ENV]!, "env" as const, BUILD_SECRET_ENV]
    : from.config && !placeholder
      ? [from.config, "config" as const, BUILD_SECRET_CONFIG]
      : placeholder
        ? [PLACEHOLDER_BUILD_SECRET, "placeholder" as const, "the placeholder"]
        : [undefined, undefined, undefined];
  if (!secret) return undefined;
  if (secret.length < 32) {
    throw new BuildError(`${name} is ${secret.length} characters; use at least 32 random ones (for instance \`openssl rand -hex 32\`)`);
  }
  return {
    env: { [ACTIONS_KEY_ENV]: env[ACTIONS_KEY_ENV] || derive(secret, "server-actions", 32).toString("base64") },
    preview: {
      previewModeId: derive(secret, "preview-id", 16).toString("hex"),
      previewModeSigningKey: derive(secret, "preview-signing", 32).toString("hex"),
      previewModeEncryptionKey: derive(secret, "preview-encryption", 32).toString("hex"),
    },
    fingerprint: derive(secret, "fingerprint", 8).toString("hex") + (env[ACTIONS_KEY_ENV] ? "+own-actions-key" : ""),
    source,
  };
}

const MANIFESTS = new Set(["prerender-manifest.json", "preview-props.json"]);

function manifests(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory() && e.name !== "node_modules") manifests(p, out);
    else if (e.isFile() && MANIFESTS.has(e.name)) out.push(p);
  }
  return out;
}

/**
 * Writes the draft-mode keys into every manifest below `outDir` that holds
 * them (Next.js ignores its key cache in containers, so the output is fixed
 * after the build instead); returns the files changed.
 */
export function pinPreviewKeys(outDir: string, keys: PreviewKeys): string[] {
  const changed: string[] = [];
  for (const file of manifests(outDir)) {
    const json = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown> & { preview?: Record<string, unknown> };
    const target = path.basename(file) === "preview-props.json" ? json : json.preview;
    if (!target || typeof target !== "object" || typeof target.previewModeId !== "string") continue;
    Object.assign(target, keys);
    fs.writeFileSync(file, JSON.stringify(json, null, 2));
    changed.push(file);
  }
  return changed;
}

// How stackfile runs OpenNext: its own installed `open-next build`, with a
// generated config that extends the app's when the server must be built for
// streaming or for Lambda@Edge.
import * as fs from "fs";
import { createRequire } from "module";
import * as path from "path";
import { BuildError } from "./build-error";

const OPEN_NEXT_CONFIGS = ["open-next.config.ts", "open-next.config.mjs", "open-next.config.js"];
/** The generated config's file, in the app directory (left out of the source hash). */
export const GENERATED_CONFIG = ".stackfile-open-next.config.ts";

/** What the server's OpenNext `default.override` gets, by target. */
export const STREAMING = { wrapper: "aws-lambda-streaming" };
export const EDGE = { wrapper: "aws-lambda", converter: "aws-cloudfront" };

/** The OpenNext version stackfile is made and tested with (its peer range starts here). */
export const OPEN_NEXT_VERSION = "4.1.12";

/**
 * `open-next build` from the app's own @opennextjs/aws (where `next` is too),
 * else from one installed beside stackfile. It is an optional peer: a project
 * with no Next.js site installs neither OpenNext nor Next.js.
 * (Its exports hide package.json, so the CLI file is looked for directly.)
 */
export function openNextCommand(appDir: string, fallback: readonly string[] = require.resolve.paths("@opennextjs/aws") ?? []): { file: string; args: string[] } {
  const fromApp = createRequire(path.join(path.resolve(appDir), "package.json")).resolve.paths("@opennextjs/aws") ?? [];
  for (const dir of [...fromApp, ...fallback]) {
    const bin = path.join(dir, "@opennextjs", "aws", "dist", "index.js");
    // Paths as arguments, never spliced into a shell string (an app folder may be named `$(...)`).
    if (fs.existsSync(bin)) return { file: process.execPath, args: [bin, "build"] };
  }
  throw new BuildError(
    `nextjs-web builds with OpenNext, which is not installed; run \`npm install --save-dev @opennextjs/aws@${OPEN_NEXT_VERSION}\` ` +
    `in ${appDir} (or in your project), or give a buildCommand that runs it`,
  );
}

/** An OpenNext config that is the app's own with these server overrides; returns its file name. */
export function overrideConfig(dir: string, override: Record<string, string>): string {
  const own = OPEN_NEXT_CONFIGS.find((f) => fs.existsSync(path.join(dir, f)));
  fs.writeFileSync(path.join(dir, GENERATED_CONFIG), [
    `// Written by stackfile: the app's OpenNext config with the server built for ${override === EDGE ? "Lambda@Edge (useEdgeFunction)" : "streaming (streamingEnabled)"}.`,
    own ? `import base from "./${own}";` : "const base: any = { default: {} };",
    `const config = { ...base, default: { ...base.default, override: { ...base.default?.override, ...${JSON.stringify(override)} } } };`,
    "export default config;",
    "",
  ].join("\n"));
  return GENERATED_CONFIG;
}

// The example app, built once per test run by the real OpenNext build (the
// build step skips it when the sources did not change since the last one).
import * as fs from "fs";
import * as path from "path";
import { buildNextApp, type BuildResult } from "../src/components/nextjs-web/build";

export const EXAMPLE_APP = path.join(__dirname, "..", "examples", "nextjs-app");

let built: BuildResult | undefined;

export function exampleBuild(): BuildResult {
  built ??= buildNextApp(EXAMPLE_APP, { say: () => undefined });
  return built;
}

/** A copy of the example app (so its build does not replace the regional one), built for Lambda@Edge. */
export const EDGE_APP = path.join(__dirname, "..", "examples", ".edge-app");
const APP_FILES = ["app", "public", "next.config.mjs", "open-next.config.ts", "package.json", "tsconfig.json", "next-env.d.ts"];

let edgeBuilt: BuildResult | undefined;

export function edgeBuild(): BuildResult {
  if (!edgeBuilt) {
    for (const entry of APP_FILES) fs.cpSync(path.join(EXAMPLE_APP, entry), path.join(EDGE_APP, entry), { recursive: true });
    edgeBuilt = buildNextApp(EDGE_APP, { edge: true, say: () => undefined });
  }
  return edgeBuilt;
}

/** A copy of the example app built for response streaming (OpenNext's streaming wrapper). */
export const STREAM_APP = path.join(__dirname, "..", "examples", ".stream-app");

let streamBuilt: BuildResult | undefined;

export function streamBuild(): BuildResult {
  if (!streamBuilt) {
    for (const entry of APP_FILES) fs.cpSync(path.join(EXAMPLE_APP, entry), path.join(STREAM_APP, entry), { recursive: true });
    streamBuilt = buildNextApp(STREAM_APP, { streaming: true, say: () => undefined });
  }
  return streamBuilt;
}

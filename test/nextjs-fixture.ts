// The example app, built once per test run by the real OpenNext build (the
// build step skips it when the sources did not change since the last one).
import * as path from "path";
import { buildNextApp, type BuildResult } from "../src/components/nextjs-web/build";

export const EXAMPLE_APP = path.join(__dirname, "..", "examples", "nextjs-app");

let built: BuildResult | undefined;

export function exampleBuild(): BuildResult {
  built ??= buildNextApp(EXAMPLE_APP, { stdio: ["ignore", "ignore", "inherit"] });
  return built;
}

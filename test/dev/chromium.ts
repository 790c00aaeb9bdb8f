// Debian's Chromium for the browser checks of `stackfile dev` (.ci/run installs
// it). Without it the checks are pending on a laptop, and fail under CI=true,
// as the redis, moto and engine tests do: CI never passes by skipping them.
import * as fs from "fs";
import { chromium, type Browser } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";
const CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** Whether the browser checks run: false (pending) without Chromium, except under CI, where its absence is a failure. */
export function chromiumPresent(executable: string = CHROMIUM, env: NodeJS.ProcessEnv = process.env): boolean {
  if (fs.existsSync(executable)) return true;
  if (env.CI === "true") throw new Error(`Chromium is missing (${executable}): .ci/run installs Debian's chromium`);
  return false;
}

/** Headless Chromium, in a mocha `before`: pending without it (a failure under CI=true). */
export async function launchChromium(ctx: Mocha.Context): Promise<Browser> {
  if (!chromiumPresent()) ctx.skip();
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
}

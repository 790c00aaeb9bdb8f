// The image optimizer's sharp must be the arm64 build: current npm ignores
// OpenNext's \`--arch\` and installs it for the build machine.
import { spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { OpenNextOutput } from "./open-next-output";
import { BuildError } from "./build-error";

/**
 * The image optimizer runs on arm64, but current npm ignores OpenNext's
 * `--arch` flag and installs sharp for the build machine. Swap in the arm64
 * build of the same sharp version, or fail saying how to fix it.
 */
export function ensureSharpForArm64(outDir: string, output: OpenNextOutput): void {
  const bundle = output.origins.imageOptimizer?.bundle;
  if (!bundle) return;
  const fnDir = path.join(outDir, "..", bundle);
  const img = path.join(fnDir, "node_modules", "@img");
  const fix = "set imageOptimization.install in open-next.config.ts to " +
    `{ packages: ["sharp@<version>"], arch: "arm64", additionalArgs: "--cpu=arm64" }`;
  const sharpPkg = path.join(fnDir, "node_modules", "sharp", "package.json");
  if (!fs.existsSync(sharpPkg)) {
    throw new BuildError(`the image optimization function has no sharp (OpenNext could not install it; it needs the npm registry); ${fix}`);
  }
  const present = fs.existsSync(img) ? fs.readdirSync(img) : [];
  if (present.includes("sharp-linux-arm64")) return;
  const version = (JSON.parse(fs.readFileSync(sharpPkg, "utf8")) as { version: string }).version;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "stackfile-sharp-"));
  try {
    const r = spawnSync("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--os=linux", "--cpu=arm64", "--libc=glibc", `sharp@${version}`], {
      cwd: tmp, encoding: "utf8", env: { ...process.env, SHARP_IGNORE_GLOBAL_LIBVIPS: "1" },
    });
    const got = path.join(tmp, "node_modules", "@img");
    if (r.status !== 0 || !fs.existsSync(path.join(got, "sharp-linux-arm64"))) {
      throw new BuildError(`the image optimization function's sharp is built for ${present.join(", ") || "another CPU"}, not arm64, and installing sharp@${version} for arm64 failed; ${fix}`);
    }
    for (const name of present.filter((n) => n.startsWith("sharp-"))) fs.rmSync(path.join(img, name), { recursive: true, force: true });
    fs.mkdirSync(img, { recursive: true });
    for (const name of fs.readdirSync(got)) fs.cpSync(path.join(got, name), path.join(img, name), { recursive: true, dereference: true });
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

// `npm run build`, after tsc: the CLI as one file for `validate`
// (dist/bundles/validate/main.js), which bin/stackfile.js loads for that
// command. A `validate` is mostly Node's start-up and the loading of our ~76
// modules (resolving, reading and compiling each file); one file of the same
// code loads in a fraction of that. Only what `validate` runs is in it: the
// modules other commands load on first use (cli/main.ts's `modules`, the
// function bundler's checks) and every package but js-yaml stay outside, loaded
// from dist and node_modules as before should anything ask for them.
// The bundle sits as deep in dist as shared/schema/, so schema.ts's
// `__dirname`-relative path to schema/stackfile.schema.json holds in it too.
import * as path from "path";
import { build, type Plugin } from "esbuild";

const ROOT = path.resolve(__dirname, "..");
const DIST = path.join(ROOT, "dist");
const OUT_DIR = path.join(DIST, "bundles", "validate");

/** Modules loaded on first use by commands other than `validate` (dist paths without `.js`). */
const LATER = [
  "cli/plan", "cli/plan-json", "cli/plan-errors", "cli/stack-region", "cli/diff-command", "cli/init",
  "cli/secret-sources", "dev/command", "components/function/bundle-check",
].map((m) => path.join(DIST, m));

/** The packages bundled: js-yaml reads every stack file; the rest load from node_modules when asked for. */
const BUNDLED_PACKAGES = new Set(["js-yaml"]);

const outside: Plugin = {
  name: "outside",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED_PACKAGES.has(args.path.split("/")[0]) ? undefined : { path: args.path, external: true }));
    build.onResolve({ filter: /^\./ }, (args) => {
      const target = path.resolve(args.resolveDir, args.path).replace(/\.js$/, "");
      if (!LATER.includes(target)) return undefined;
      return { path: "./" + path.relative(OUT_DIR, target), external: true };
    });
  },
};

async function main(): Promise<void> {
  const result = await build({
    entryPoints: [path.join(DIST, "cli", "main.js")],
    outfile: path.join(OUT_DIR, "main.js"),
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    plugins: [outside],
    // Less text for V8 to read at each start (a third of the bundle's load time); no message shows a function's name.
    minify: true,
    metafile: true,
    logLevel: "warning",
  });
  const heavy = Object.keys(result.metafile.inputs).filter((f) => /@pulumi|node_modules\/yaml\/|aws-rules\//.test(f));
  if (heavy.length) throw new Error(`the validate bundle took in modules validate never needs: ${heavy.join(", ")}`);
}

main().catch((err: unknown) => {
  console.error(`bundle-validate: ${(err as Error).message}`);
  process.exit(1);
});

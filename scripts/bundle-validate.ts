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
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { spawnSync } from "child_process";
import { build, type Plugin } from "esbuild";

const ROOT = path.resolve(__dirname, "..");
const DIST = path.join(ROOT, "dist");
const OUT_DIR = path.join(DIST, "bundles", "validate");

/** Modules loaded on first use by commands other than `validate` (dist paths without `.js`). */
const LATER = [
  "cli/plan", "cli/plan-json", "cli/plan-errors", "cli/stack-region", "cli/diff-command", "cli/init",
  "cli/secret-sources", "cli/stage-context", "cli/aws-on-demand", "cli/dev-command", "components/function/bundle-check", "components/bucket/directory-upload",
].map((m) => path.join(DIST, m));

/** Each type's maker and local runner, which its registry entry loads on first use (components/<type>/stack.ts, dev.ts). */
const LATER_OF_TYPES = /[\\/]components[\\/][^\\/]+[\\/](stack|dev)$/;

/**
 * The modules of aws-rules/ that the types' static rules read, so validate
 * judges a property with the same code as the catalog judges the resource:
 * small fact modules that import nothing, and the few catalog modules whose
 * checks a type's rules call (each imports only rule.ts). The catalog's list
 * (aws-rules/index.ts, which brings every entry) only `plan` loads.
 */
const RULE_FACTS = [
  "lambda-env", "apigateway-identity-sources", "elasticache-updates", "rds-facts",
  "sns-facts", "event-patterns", "schedules", "naming", "wafv2-capacity",
  "rule", "storage", "s3-bucket-settings", "s3-notifications", "wafv2", "sqs", "event-sources", "cognito", "dynamodb", "cloudfront",
];

/** The packages bundled: js-yaml reads every stack file; the rest load from node_modules when asked for. */
const BUNDLED_PACKAGES = new Set(["js-yaml"]);

const outside: Plugin = {
  name: "outside",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED_PACKAGES.has(args.path.split("/")[0]) ? undefined : { path: args.path, external: true }));
    build.onResolve({ filter: /^\./ }, (args) => {
      const target = path.resolve(args.resolveDir, args.path).replace(/\.js$/, "");
      if (!LATER.includes(target) && !LATER_OF_TYPES.test(target)) return undefined;
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
  const heavy = Object.keys(result.metafile.inputs).filter((f) => /@pulumi|node_modules\/yaml\/|aws-rules\//.test(f) && !RULE_FACTS.some((m) => f.endsWith(`aws-rules/${m}.js`)));
  if (heavy.length) throw new Error(`the validate bundle took in modules validate never needs: ${heavy.join(", ")}`);
  writeCodeCache();
}

/** Stacks the code cache is made from: a valid one, one with warnings, one with problems, one YAML refuses. */
const SAMPLES = [
  path.join(ROOT, "examples", "yaml-stack", "stack.yaml"),
  "resources:\n  cache:\n    type: redis-cluster\n    properties:\n      instanceSize: cache.t4g.small\n      numShards: 2\n      defaultUserPassword: $Secret(pw)\n",
  "resources:\n  api:\n    type: http-api-gateway\n    properties:\n      cors: {allowOrigins: 7}\n  web: {type: nextjs-web, properties: {path: $ResourceParam(nothing, url)}}\n",
  "resources:\n  a: [unclosed\n",
];

/**
 * V8's code cache of the bundle after validating the samples
 * (bin/validate-bundle.js loads it, and writes its header: the sums that tie
 * it to this bundle), made by the node that runs the build with the
 * executable's flags: another node or other flags are refused by V8 and
 * compile as before.
 */
function writeCodeCache(): void {
  const loader = path.join(ROOT, "bin", "validate-bundle.js");
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { BUNDLE, CACHE } = require(loader) as { BUNDLE: string; CACHE: string };
  fs.rmSync(CACHE, { force: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "code-cache-"));
  const files = SAMPLES.map((s, i) => {
    if (!s.startsWith("resources:")) return s;
    const f = path.join(dir, `sample-${i}.yaml`);
    fs.writeFileSync(f, s);
    return f;
  });
  // As bin/stackfile.js runs a validate of a small file: its node flags, then `--max-opt=1`.
  const nodeFlags = fs.readFileSync(path.join(ROOT, "bin", "stackfile.js"), "utf8").split("\n")[0].replace(/^#!.*?node\s*/, "").split(/\s+/).filter(Boolean);
  const program = `
    require("v8").setFlagsFromString("--max-opt=1");
    const fs = require("fs");
    const { loadValidateBundle, cacheFile, BUNDLE, CACHE } = require(${JSON.stringify(loader)});
    const { exports, script } = loadValidateBundle();
    (async () => {
      for (const f of ${JSON.stringify(files)}) await exports.runCli(["validate", f], { out: () => {}, err: () => {} });
      fs.writeFileSync(CACHE, cacheFile(fs.readFileSync(BUNDLE), script.createCachedData()));
    })();`;
  const r = spawnSync(process.execPath, [...nodeFlags, "-e", program], { encoding: "utf8" });
  fs.rmSync(dir, { recursive: true, force: true });
  if (r.status !== 0 || !fs.existsSync(CACHE)) throw new Error(`could not make the code cache of ${BUNDLE}: ${r.stderr}`);
}

main().catch((err: unknown) => {
  console.error(`bundle-validate: ${(err as Error).message}`);
  process.exit(1);
});

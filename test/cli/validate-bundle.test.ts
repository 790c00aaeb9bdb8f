// `validate` runs from one bundled file (scripts/bundle-validate.ts, made by
// `npm run build`; bin/stackfile.js loads it for that command): it must print
// byte for byte what the modules print, exit the same, and load no module
// beyond it but Node's own (no Pulumi, no AWS rule catalog, no second parser
// for a valid file).
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { spawnSync } from "child_process";
import { tmpFile } from "./cli-helpers";
import { requireBuilt } from "../built";
import { generateStack } from "../../scripts/bench-stack";
import { manyAliases, manyProblems } from "../../scripts/hostile-files";

const ROOT = path.resolve(__dirname, "..", "..");
const BUNDLE = path.join(ROOT, "dist", "bundles", "validate", "main.js");

function yamlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name.startsWith(".") ? [] : yamlFiles(p);
    return /\.ya?ml$/.test(e.name) ? [p] : [];
  });
}

function run(args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8", maxBuffer: 1 << 26 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe("validate from the bundled file", function () {
  this.timeout(600_000);
  before(function () {
    requireBuilt(path.relative(ROOT, BUNDLE));
  });

  it("prints what the modules print, byte for byte, with the same exit code", () => {
    const files = [
      ...yamlFiles(path.join(ROOT, "examples")),
      ...yamlFiles(path.join(ROOT, "test", "fixtures")),
      tmpFile(generateStack(200)),
      tmpFile(generateStack(200).replace(/ {6}numShards: 1\n/g, "")),
      tmpFile("resources:\n  a: [unclosed\n"),
      tmpFile(manyProblems()),
      tmpFile(manyAliases()),
    ];
    assert.ok(files.length >= 10, `${files.length} files`);
    for (const file of files) {
      const bundled = run(["--max-semi-space-size=64", "bin/stackfile.js", "validate", file]);
      const modules = run(["--max-semi-space-size=64", "-e", `process.argv.splice(1, 0, "stackfile"); require(${JSON.stringify(path.join(ROOT, "dist", "cli", "main.js"))}).main()`, "--", "validate", file]);
      assert.deepStrictEqual(bundled, modules, file);
    }
  });

  it("is what bin/stackfile.js loads for validate, and it loads no other file of ours, no Pulumi and no second parser", () => {
    const program = `
      process.argv = [process.argv[0], ${JSON.stringify(path.join(ROOT, "bin", "stackfile.js"))}, "validate", ${JSON.stringify(tmpFile(generateStack(200)))}];
      process.on("exit", () => require("fs").writeSync(3, JSON.stringify(Object.keys(require.cache))));
      require(process.argv[1]);`;
    const r = spawnSync(process.execPath, ["-e", program], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe", "pipe"] });
    assert.strictEqual(r.status, 0, r.stderr);
    const loaded = (JSON.parse(r.output[3] as string) as string[]).map((m) => path.relative(ROOT, m));
    assert.deepStrictEqual(loaded.filter((m) => !m.startsWith("schema/")), ["bin/stackfile.js", "bin/validate-bundle.js", "dist/bundles/validate/main.js"]);
  });

  /** Loads the bundle in a fresh node as bin/stackfile.js does for a small file; whether V8 took the code cache (undefined: none offered). */
  function cacheTaken(loader: string, flags = ["--max-semi-space-size=64"]): boolean | undefined {
    const program = `
      require("v8").setFlagsFromString("--max-opt=1");
      const { script } = require(${JSON.stringify(loader)}).loadValidateBundle();
      require("fs").writeSync(3, JSON.stringify({ rejected: script.cachedDataRejected ?? null }));`;
    const r = spawnSync(process.execPath, [...flags, "-e", program], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe", "pipe"] });
    assert.strictEqual(r.status, 0, r.stderr);
    const { rejected } = JSON.parse(r.output[3] as string) as { rejected: boolean | null };
    return rejected === null ? undefined : !rejected;
  }

  it("starts from the code cache the build made, which V8 takes under the executable's flags and refuses under others", () => {
    const loader = path.join(ROOT, "bin", "validate-bundle.js");
    assert.strictEqual(cacheTaken(loader), true);
    assert.strictEqual(cacheTaken(loader, []), false);
  });

  it("offers no cache for a bundle changed in place (same length) or a damaged cache (the bundle then compiles as usual)", () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), "bundle-copy-"));
    fs.mkdirSync(path.join(copy, "bin"));
    fs.copyFileSync(path.join(ROOT, "bin", "validate-bundle.js"), path.join(copy, "bin", "validate-bundle.js"));
    fs.cpSync(path.join(ROOT, "dist", "bundles"), path.join(copy, "dist", "bundles"), { recursive: true, preserveTimestamps: true });
    fs.symlinkSync(path.join(ROOT, "schema"), path.join(copy, "schema"));
    const loader = path.join(copy, "bin", "validate-bundle.js");
    const bundle = path.join(copy, "dist", "bundles", "validate", "main.js");
    const cache = `${bundle}.v8-cache`;
    assert.strictEqual(cacheTaken(loader), true);

    const original = fs.readFileSync(bundle, "utf8");
    const changed = original.replace("ok: ", "OK: ");
    assert.ok(changed !== original && changed.length === original.length);
    fs.writeFileSync(bundle, changed);
    assert.strictEqual(cacheTaken(loader), undefined);
    fs.writeFileSync(bundle, original);
    assert.strictEqual(cacheTaken(loader), true);

    const data = fs.readFileSync(cache);
    for (let i = 0; i < 400; i++) data[Math.floor(data.length / 2) + i] ^= 0xff;
    fs.writeFileSync(cache, data);
    assert.strictEqual(cacheTaken(loader), undefined);
  });
});

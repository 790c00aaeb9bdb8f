// A command loads only what it needs: `validate` (valid or not, with
// warnings or not) never loads Pulumi, the AWS rule catalog or the positioned
// YAML parser; a file js-yaml refuses does load the parser (for the error's
// place), which shows that the check sees a module loaded after start-up.
import * as assert from "assert";
import * as path from "path";
import { spawnSync } from "child_process";
import { cacheStack, tmpFile } from "./cli-helpers";
import { generateStack } from "../../scripts/bench-stack";

const ROOT = path.resolve(__dirname, "..", "..");

/** Runs the CLI (from src) in a fresh process; the modules it loaded, relative to the project. */
function modulesLoadedBy(...argv: string[]): { code: number; modules: string[] } {
  const program = `
    const { runCli } = require(${JSON.stringify(path.join(ROOT, "src", "cli", "main"))});
    runCli(${JSON.stringify(argv)}, { out() {}, err() {} }).then((code) => {
      process.stdout.write(JSON.stringify({ code, modules: Object.keys(require.cache) }));
    });`;
  const r = spawnSync(process.execPath, ["--require", "tsx/cjs", "-e", program], { cwd: ROOT, encoding: "utf8" });
  assert.strictEqual(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { code: number; modules: string[] };
  return { code: out.code, modules: out.modules.map((m) => path.relative(ROOT, m)) };
}

const heavy = (modules: string[]) => ({
  pulumi: modules.filter((m) => m.includes("node_modules/@pulumi/")),
  // The catalog: its list of every entry (aws-rules/index.ts). The modules a type's static rules call (scripts/bundle-validate.ts, RULE_FACTS) are not it.
  catalog: modules.filter((m) => /^src\/aws-rules\/index\.ts$/.test(m)),
  parser: modules.filter((m) => m.startsWith("node_modules/yaml/")),
});

describe("what a command loads", function () {
  this.timeout(120000);

  it("--version, from the bin users run, loads no module of the CLI (it reads package.json only)", () => {
    const preload = tmpFile("process.on('exit', () => process.stderr.write('\\nMODULES ' + JSON.stringify(Object.keys(require.cache))));\n", "preload.js");
    const r = spawnSync(process.execPath, ["--require", preload, path.join(ROOT, "bin", "stackfile.js"), "--version"], { cwd: ROOT, encoding: "utf8" });
    assert.strictEqual(r.status, 0, r.stderr);
    assert.strictEqual(r.stdout.trim(), require(path.join(ROOT, "package.json")).version);
    const modules = (JSON.parse(r.stderr.split("MODULES ")[1]) as string[]).map((m) => path.relative(ROOT, m)).filter((m) => !m.startsWith(".."));
    assert.deepStrictEqual(modules.filter((m) => !m.startsWith("bin/") && m !== "package.json"), []);
  });

  it("validate of a valid stack with 150 warnings loads neither Pulumi, the AWS rule catalog nor the positioned YAML parser", () => {
    const r = modulesLoadedBy("validate", tmpFile(generateStack(200)));
    assert.strictEqual(r.code, 0);
    assert.deepStrictEqual(heavy(r.modules), { pulumi: [], catalog: [], parser: [] });
  });

  it("validate of the example stack and of a stack with problems loads none of them either", () => {
    for (const file of [path.join(ROOT, "examples", "yaml-stack", "stack.yaml"), tmpFile("resources:\n  c:\n    type: redis-cluster\n    properties:\n      instanceSize: nope\n")]) {
      const r = modulesLoadedBy("validate", file);
      assert.deepStrictEqual(heavy(r.modules), { pulumi: [], catalog: [], parser: [] }, file);
    }
  });

  it("a file js-yaml refuses loads the positioned parser for the error's place (the check sees what loads late)", () => {
    const r = modulesLoadedBy("validate", tmpFile("resources:\n  a: [unclosed\n"));
    assert.strictEqual(r.code, 1);
    assert.ok(heavy(r.modules).parser.length > 10, "yaml not loaded");
    assert.deepStrictEqual(heavy(r.modules).pulumi, []);
  });

  it("plan of a redis cluster loads @pulumi/aws per service (not its whole index) and no positioned YAML parser", () => {
    const r = modulesLoadedBy("plan", tmpFile(cacheStack()), "--json");
    assert.strictEqual(r.code, 0);
    const aws = r.modules.filter((m) => m.includes("node_modules/@pulumi/aws/"));
    assert.ok(aws.length > 0 && aws.length < 60, `${aws.length} modules of @pulumi/aws`);
    assert.deepStrictEqual(heavy(r.modules).parser, []);
  });

  it("plan of a stack of redis clusters alone loads of the other components only their definitions (what validate reads)", () => {
    const file = tmpFile(cacheStack());
    const plan = modulesLoadedBy("plan", file, "--json");
    assert.strictEqual(plan.code, 0);
    const validated = new Set(modulesLoadedBy("validate", file).modules);
    const others = (modules: string[]) => modules.filter((m) => /^src\/components\/(function|http-api-gateway|nextjs-web)\//.test(m));
    assert.ok(others([...validated]).length > 0, "validate reads no definition: the comparison proves nothing");
    assert.ok(plan.modules.includes(path.join("src", "components", "redis-cluster", "index.ts")), "the redis cluster was not loaded");
    // plan itself reads the Next.js build keys (the placeholder build secret), nothing more of that component.
    const beyond = others(plan.modules).filter((m) => !validated.has(m) && !/^src\/components\/nextjs-web\/build-(keys|error)\.ts$/.test(m));
    assert.deepStrictEqual(beyond, []);
  });
});

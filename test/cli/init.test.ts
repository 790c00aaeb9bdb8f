// `stackfile init`: a project that validates and plans with no edits, from the
// packed package, installing no Next.js; and --help, --version, the default file.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { spawnSync } from "child_process";
import { cli } from "./cli-helpers";

const ROOT = path.resolve(__dirname, "../..");

function inDir<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const here = process.cwd();
  process.chdir(dir);
  return fn().finally(() => process.chdir(here));
}

describe("stackfile init", function () {
  this.timeout(600000);

  it("writes package.json, Pulumi.yaml, stack.yaml, functions/hello.ts and .gitignore, and never overwrites a file", async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "init-")), "my app");
    const r = await cli("init", dir);
    assert.strictEqual(r.code, 0, r.err);
    // From a checkout, stackfile (not in the registry yet) is packed into vendor/.
    assert.deepStrictEqual(fs.readdirSync(dir).sort(), [".gitignore", "Pulumi.yaml", "functions", "package.json", "stack.yaml", "vendor"]);
    assert.deepStrictEqual(fs.readdirSync(path.join(dir, "functions")), ["hello.ts"]);
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
    assert.strictEqual(pkg.name, "my-app");
    assert.deepStrictEqual(Object.keys(pkg.dependencies), ["@pulumi/aws", "@pulumi/pulumi", "stackfile"]);
    const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
    assert.strictEqual(pkg.dependencies.stackfile, `file:vendor/stackfile-${version}.tgz`);
    assert.ok(fs.statSync(path.join(dir, "vendor", `stackfile-${version}.tgz`)).size > 10000);
    assert.match(r.out, new RegExp(`^stackfile is not in the npm registry yet: package\\.json installs it from vendor/stackfile-${version.replace(/\./g, "\\.")}\\.tgz, packed from ${ROOT.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "m"));
    assert.match(fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8"), /^main: node_modules\/stackfile\/dist\/program-entry\.js$/m);
    assert.match(fs.readFileSync(path.join(dir, "stack.yaml"), "utf8"), /^# yaml-language-server: \$schema=\.\/node_modules\/stackfile\/schema\/stackfile\.schema\.json$/m);
    assert.match(fs.readFileSync(path.join(dir, ".gitignore"), "utf8"), /^\.open-next\/$/m);
    assert.match(fs.readFileSync(path.join(dir, ".gitignore"), "utf8"), /^\.stackfile-cache\/$/m);
    const again = await cli("init", dir);
    assert.strictEqual(again.code, 2);
    assert.match(again.err, /already has package\.json, Pulumi\.yaml, stack\.yaml, functions\/hello\.ts, vendor\/stackfile-[\d.]+\.tgz; init writes a new project and never overwrites a file/);
    // validate and plan with no FILE read ./stack.yaml; no warnings
    assert.deepStrictEqual(await inDir(dir, () => cli("validate")), { code: 0, out: "ok: 3 resources", err: "" });
  });

  it("writes a stack that is right as written: its gateway's CORS allows the methods of its routes", async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "init-")), "app");
    assert.strictEqual((await cli("init", dir)).code, 0);
    const r = await cli("plan", path.join(dir, "stack.yaml"), "--json");
    assert.strictEqual(r.code, 0, r.err);
    const plan = JSON.parse(r.out) as { resources: { type: string; inputs: Record<string, any> }[] };
    const api = plan.resources.find((x) => x.type === "aws:apigatewayv2/api:Api")!;
    assert.deepStrictEqual(api.inputs.corsConfiguration.allowMethods, ["GET"]);
    assert.deepStrictEqual(plan.resources.filter((x) => x.type === "aws:apigatewayv2/route:Route").map((x) => x.inputs.routeKey), ["GET /hello"]);
  });

  it("writes into a folder that holds other files, adding its lines to a .gitignore there and keeping the user's", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "init-"));
    fs.writeFileSync(path.join(dir, ".gitignore"), "dist/\nnode_modules/\n");
    fs.writeFileSync(path.join(dir, "README.md"), "mine\n");
    const r = await cli("init", dir);
    assert.strictEqual(r.code, 0, r.err);
    assert.strictEqual(fs.readFileSync(path.join(dir, "README.md"), "utf8"), "mine\n");
    const ignored = fs.readFileSync(path.join(dir, ".gitignore"), "utf8");
    assert.ok(ignored.startsWith("dist/\nnode_modules/\n"), ignored);
    assert.deepStrictEqual(ignored.split("\n").filter((l) => l === "node_modules/").length, 1);
    assert.match(ignored, /^\.stackfile-cache\/$/m);
    assert.match(r.out, /added \.open-next\/, \.next\/, \.stackfile-cache\/ to .*\.gitignore/);
  });

  it("the next: line quotes a folder whose name has spaces or shell characters", async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), "init-"));
    const dir = path.join(parent, "My App!! $x 'q'");
    const r = await cli("init", dir);
    assert.strictEqual(r.code, 0, r.err);
    const next = r.out.split("\n").find((l) => l.startsWith("next: "))!;
    assert.strictEqual(next, `next: cd '${parent}/My App!! $x '\\''q'\\''' && npm install && npx stackfile plan`);
    // The shell reads it back as the folder.
    const cd = spawnSync("bash", ["-c", `${next.slice("next: ".length).split(" && ")[0]} && pwd`], { encoding: "utf8" });
    assert.strictEqual(cd.stdout.trim(), dir);
  });

  // The next: line run as written, in a new folder (install from the packed tarball, plan), and the
  // deploy after it: test/engine/user-path.test.ts.
});

describe("the commands' own help and version", () => {
  for (const command of ["validate", "plan", "diff", "schema", "init"]) {
    it(`stackfile ${command} --help prints its usage, options and an example, exit 0`, async () => {
      const r = await cli(command, "--help");
      assert.strictEqual(r.code, 0);
      assert.match(r.out, new RegExp(`^usage: stackfile ${command}\\b`));
      assert.match(r.out, /\nexample:\n {2}\S/);
    });
  }

  it("--version prints the package's version", async () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
    assert.deepStrictEqual(await cli("--version"), { code: 0, out: version, err: "" });
  });

  it("with no FILE and no ./stack.yaml, a usage error says to name the file", async () => {
    const r = await inDir(fs.mkdtempSync(path.join(os.tmpdir(), "nofile-")), () => cli("plan"));
    assert.strictEqual(r.code, 2);
    assert.match(r.err, /no FILE given and there is no \.\/stack\.yaml; name the stack file/);
  });
});

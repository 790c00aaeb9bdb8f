// Every example folder is a project a user can copy: copied alone into a new
// folder, it installs (stackfile from its packed tarball, as the README says
// until it is in the registry; the rest from npm's cache first) and then
// type-checks (examples/typescript) or validates (examples/yaml-stack).
// The copies (about 200 MB installed each) are removed afterwards.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { execFileSync, spawnSync } from "child_process";

const ROOT = path.resolve(__dirname, "..");
const EXAMPLES = path.join(ROOT, "examples");

function copyAlone(example: string, into: string): string {
  const dest = path.join(into, example);
  fs.cpSync(path.join(EXAMPLES, example), dest, {
    recursive: true,
    filter: (src) => !/(^|\/)(node_modules|\.next|\.open-next|\.stackfile-cache)(\/|$)/.test(path.relative(EXAMPLES, src)),
  });
  return dest;
}

function install(dir: string, tarball: string): void {
  execFileSync("npm", ["install", tarball, "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir, stdio: "ignore" });
}

describe("the examples, each copied alone", function () {
  this.timeout(900000);
  let work: string;
  let tarball: string;
  before(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "examples-"));
    const packed = JSON.parse(execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", work], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }));
    tarball = path.join(work, packed[0].filename);
  });
  after(() => fs.rmSync(work, { recursive: true, force: true }));

  it("each example that is a project has package.json, and the TypeScript one Pulumi.yaml and tsconfig.json, importing stackfile by name", () => {
    for (const example of ["typescript", "yaml-stack"]) {
      for (const f of ["package.json", "Pulumi.yaml"]) assert.ok(fs.existsSync(path.join(EXAMPLES, example, f)), `${example}/${f}`);
      assert.ok(JSON.parse(fs.readFileSync(path.join(EXAMPLES, example, "package.json"), "utf8")).dependencies.stackfile);
    }
    assert.ok(fs.existsSync(path.join(EXAMPLES, "typescript", "tsconfig.json")));
    const code = fs.readFileSync(path.join(EXAMPLES, "typescript", "index.ts"), "utf8");
    assert.match(code, /from "stackfile";/);
    assert.doesNotMatch(code, /from "\.\.\//);
    assert.match(fs.readFileSync(path.join(EXAMPLES, "nextjs-app", ".gitignore"), "utf8"), /^\.next\/$[\s\S]*^\.open-next\/$/m);
  });

  it("examples/typescript: installs and type-checks with its own TypeScript and tsconfig.json", () => {
    const dir = copyAlone("typescript", work);
    install(dir, tarball);
    const tsc = spawnSync("npx", ["--no-install", "tsc", "--noEmit", "-p", "."], { cwd: dir, encoding: "utf8" });
    assert.strictEqual(tsc.status, 0, tsc.stdout + tsc.stderr);
    assert.ok(fs.existsSync(path.join(dir, "node_modules", "typescript")), "its own TypeScript, not Pulumi's bundled 3.8");
  });

  it("examples/yaml-stack: installs and validates (its one warning: the Next.js app it expects beside it)", () => {
    const dir = copyAlone("yaml-stack", work);
    install(dir, tarball);
    const r = spawnSync("npx", ["--no-install", "stackfile", "validate"], { cwd: dir, encoding: "utf8" });
    assert.strictEqual(r.status, 0, r.stderr);
    assert.strictEqual(r.stdout.trim(), "ok: 5 resources");
    const lines = r.stderr.split("\n").filter((l) => l.trim() && !/^npm warn/.test(l));
    assert.strictEqual(lines.length, 1, JSON.stringify(lines));
    assert.match(lines[0], /^stack\.yaml:\d+:\d+: warning: appDirectory \.\.\/nextjs-app does not exist \(it is relative to the stack file\); plan and pulumi up need it$/);
    // The schema line names the installed package's schema, and the function's import of `yaml` is a dependency of its own.
    assert.ok(fs.existsSync(path.join(dir, "node_modules", "stackfile", "schema", "stackfile.schema.json")));
    assert.ok(fs.existsSync(path.join(dir, "node_modules", "yaml", "package.json")));
  });
});

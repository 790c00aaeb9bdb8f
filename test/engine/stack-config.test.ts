// Secrets and the region set once, in the Pulumi stack: `plan`, `diff` and
// `dev` read the selected stack's (or `--stack NAME`'s) configuration
// through the real pulumi CLI (`pulumi config --show-secrets --json`), and
// say in one line why not when it cannot decrypt them.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { spawnSync } from "child_process";
import { REPO, requireEngine } from "./harness";

const BIN = path.join(REPO, "bin", "stackfile.js");
const STACK = `resources:
  cache:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.micro
      defaultUserPassword: $Secret('cachePassword')
`;

describe("engine: plan, diff and dev read the Pulumi stack's configuration (real pulumi)", function () {
  this.timeout(300_000);
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const pulumi = (...args: string[]) => {
    const r = spawnSync("pulumi", [...args, "--non-interactive"], { cwd: dir, env, encoding: "utf8" });
    assert.strictEqual(r.status, 0, `pulumi ${args.join(" ")}: ${r.stderr}`);
  };
  /** Runs stackfile in the project; `without` names variables to leave out of its environment. */
  const stackfile = (args: string[], without: string[] = []) =>
    spawnSync(process.execPath, [BIN, ...args], { cwd: dir, env: Object.fromEntries(Object.entries(env).filter(([k]) => !without.includes(k))), encoding: "utf8", timeout: 240_000 });

  before(function () {
    requireEngine(this);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "stack-config-"));
    fs.mkdirSync(path.join(dir, ".state"));
    env = {
      ...process.env,
      PATH: `${path.join(REPO, ".tools", "pulumi")}${path.delimiter}${process.env.PATH}`,
      PULUMI_HOME: path.join(dir, ".state", "home"),
      PULUMI_BACKEND_URL: `file://${path.join(dir, ".state")}`,
      PULUMI_CONFIG_PASSPHRASE: "a passphrase",
      PULUMI_SKIP_UPDATE_CHECK: "true",
    };
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: shop\nruntime: nodejs\nmain: node_modules/stackfile/dist/program-entry.js\n");
    fs.writeFileSync(path.join(dir, "stack.yaml"), STACK);
    pulumi("stack", "init", "dev");
    pulumi("config", "set", "aws:region", "eu-west-1");
    pulumi("config", "set", "--secret", "cachePassword", "Correct-Horse-Battery-1");
    pulumi("stack", "init", "prod");
    pulumi("config", "set", "aws:region", "ap-south-1");
    pulumi("config", "set", "--secret", "cachePassword", "Pa@ss123");
    pulumi("stack", "select", "dev");
  });
  after(() => {
    if (dir && !process.env.STACKFILE_KEEP_ENGINE_DIRS) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("plan --stack dev uses dev's secrets (no placeholder) and dev's region; plain plan uses the selected stack", () => {
    for (const args of [["plan", "--stack", "dev"], ["plan"]]) {
      const r = stackfile(args);
      assert.strictEqual(r.status, 0, r.stderr);
      assert.doesNotMatch(r.stdout, /placeholder/i);
      assert.match(r.stdout, /^Region: eu-west-1 \(aws:region of stack dev \(pulumi config\)\)$/m);
      assert.match(r.stdout, /^Pulumi stack dev of project shop \(Pulumi\.yaml\): configuration and secrets read with pulumi config$/m);
    }
  });

  it("another stack's secret is its own: prod's 8-character password with @ is refused by plan and by dev, at the same line", () => {
    const plan = stackfile(["plan", "--stack", "prod"]);
    assert.strictEqual(plan.status, 1, plan.stdout);
    const line = plan.stderr.split("\n").find((l) => /^stack\.yaml:6:28: .*defaultUserPassword/.test(l));
    assert.ok(line, plan.stderr);
    const dev = stackfile(["dev", "--stack", "prod"]);
    assert.strictEqual(dev.status, 1, dev.stdout + dev.stderr);
    assert.ok(dev.stderr.split("\n").includes(line), dev.stderr);
    assert.doesNotMatch(plan.stdout + plan.stderr + dev.stdout + dev.stderr, /Pa@ss123|Correct-Horse/);
  });

  it("without the passphrase: one line says why the secrets were not read, placeholders are used, the region still comes from the stack", () => {
    const r = stackfile(["plan"], ["PULUMI_CONFIG_PASSPHRASE"]);
    assert.strictEqual(r.status, 0, r.stderr);
    const why = r.stdout.split("\n").filter((l) => l.startsWith("Pulumi stack "));
    assert.deepStrictEqual(why, ["Pulumi stack dev of project shop (Pulumi.yaml): secrets not read (passphrase must be set with PULUMI_CONFIG_PASSPHRASE or PULUMI_CONFIG_PASSPHRASE_FILE environment variables); only --secret, --secrets-file and STACKFILE_SECRET_<NAME> give them"]);
    assert.match(r.stdout, /^Secrets not given, shown with placeholders: cachePassword\./m);
    assert.match(r.stdout, /^Region: eu-west-1 \(aws:region of stack dev \(pulumi config\)\)$/m);
  });

  it("diff reads the same stack", () => {
    const r = stackfile(["diff", "--new-stack", "stack.yaml", "--stack", "prod"]);
    assert.strictEqual(r.status, 1, r.stdout);
    assert.match(r.stderr, /stack\.yaml:6:28: .*defaultUserPassword/);
    assert.match(r.stderr, /^diff: Pulumi stack prod of project shop \(Pulumi\.yaml\): configuration and secrets read with pulumi config$/m);
  });
});

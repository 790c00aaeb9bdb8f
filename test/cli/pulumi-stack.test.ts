// The Pulumi stack of a stack file (src/cli/pulumi-stack.ts) against a
// scripted `pulumi`: which commands it runs and when, and the one line it
// gives when pulumi cannot answer. (test/engine/stack-config.test.ts runs the
// real CLI.)
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { findProject, PulumiStack, type PulumiRun } from "../../src/cli/pulumi-stack";
import { stackInputs } from "../../src/cli/secret-sources";

function project(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-stack-"));
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: shop\nruntime: nodejs\n");
  fs.mkdirSync(path.join(dir, "infra"));
  fs.writeFileSync(path.join(dir, "infra", "stack.yaml"), "resources: {}\n");
  return dir;
}

const CONFIG = JSON.stringify({
  "aws:region": { value: "eu-west-1", secret: false },
  "shop:cachePassword": { value: "0012", secret: true },
  "shop:redis": { value: '{"port":"6379"}', objectValue: { port: "6379" }, secret: true },
  "other:key": { value: "x", secret: false },
});

/** A scripted pulumi: answers by the command's first words; records every call. */
function scripted(answers: Record<string, PulumiRun>) {
  const calls: string[] = [];
  const run = (args: string[], cwd: string): PulumiRun => {
    calls.push(`${path.basename(cwd)}: ${args.join(" ")}`);
    const key = Object.keys(answers).find((k) => args.join(" ").startsWith(k));
    return key ? answers[key] : { code: 1, stdout: "", stderr: "error: unexpected" };
  };
  return { run, calls };
}

describe("the Pulumi stack of a stack file", () => {
  it("finds the nearest Pulumi.yaml and reads its name", () => {
    const dir = project();
    const p = findProject(path.join(dir, "infra"))!;
    assert.deepStrictEqual([p.dir, p.name], [dir, "shop"]);
    assert.strictEqual(findProject(fs.mkdtempSync(path.join(os.tmpdir(), "none-"))), undefined);
  });

  it("asks for the selected stack, then its configuration with secrets, once; secrets by name from the project's namespace", () => {
    const dir = project();
    const { run, calls } = scripted({
      "stack --show-name": { code: 0, stdout: "dev\n", stderr: "" },
      "config --json --stack dev --show-secrets": { code: 0, stdout: CONFIG, stderr: "" },
    });
    const s = new PulumiStack(findProject(dir)!, undefined, run);
    assert.strictEqual(s.asked, false);
    assert.strictEqual(s.summary(), undefined, "nothing to say before anything is asked");
    assert.deepStrictEqual(s.secrets(), { cachePassword: "0012", redis: '{"port":"6379"}' });
    assert.strictEqual(s.value("aws:region"), "eu-west-1");
    assert.deepStrictEqual(calls, [`${path.basename(dir)}: stack --show-name`, `${path.basename(dir)}: config --json --stack dev --show-secrets`]);
    assert.match(s.summary()!, /^Pulumi stack dev of project shop \(.*Pulumi\.yaml\): configuration and secrets read with pulumi config$/);
  });

  it("--stack names the stack: no question about the selected one", () => {
    const { run, calls } = scripted({ "config --json --stack org/shop/prod --show-secrets": { code: 0, stdout: CONFIG, stderr: "" } });
    const s = new PulumiStack(findProject(project())!, "org/shop/prod", run);
    assert.strictEqual(s.secrets().cachePassword, "0012");
    assert.strictEqual(calls.length, 1);
  });

  it("without pulumi on PATH, or with no stack selected, says why in one line and reads nothing", () => {
    for (const [answer, why] of [
      [{ code: null, stdout: "", stderr: "", failed: "the pulumi CLI is not on PATH" }, "the pulumi CLI is not on PATH"],
      [{ code: 255, stdout: "", stderr: "error: no stack selected; please use `pulumi stack select` or `pulumi stack init` to choose one\n" }, "no stack selected; please use `pulumi stack select` or `pulumi stack init` to choose one"],
    ] as [PulumiRun, string][]) {
      const { run } = scripted({ "stack --show-name": answer });
      const s = new PulumiStack(findProject(project())!, undefined, run);
      assert.deepStrictEqual(s.secrets(), {});
      assert.strictEqual(s.values(), undefined);
      assert.strictEqual(s.summary(), `Pulumi stack of project shop (${path.relative(process.cwd(), path.join(s.project.dir, "Pulumi.yaml"))}): secrets not read (${why}); only --secret, --secrets-file and STACKFILE_SECRET_<NAME> give them`);
    }
  });

  it("when the secrets cannot be decrypted, the plain values still serve and the line says why", () => {
    const { run, calls } = scripted({
      "config --json --stack dev --show-secrets": { code: 255, stdout: "", stderr: "error: passphrase must be set with PULUMI_CONFIG_PASSPHRASE or PULUMI_CONFIG_PASSPHRASE_FILE environment variables\n" },
      "config --json --stack dev": { code: 0, stdout: JSON.stringify({ "aws:region": { value: "eu-west-1", secret: false }, "shop:cachePassword": { secret: true } }), stderr: "" },
    });
    const s = new PulumiStack(findProject(project())!, "dev", run);
    assert.deepStrictEqual(s.secrets(), {});
    assert.strictEqual(s.value("aws:region"), "eu-west-1");
    assert.strictEqual(calls.length, 2);
    assert.match(s.summary()!, /: secrets not read \(passphrase must be set with PULUMI_CONFIG_PASSPHRASE or PULUMI_CONFIG_PASSPHRASE_FILE environment variables\); only --secret/);
  });

  it("a pulumi error line is one line, without control characters, bounded", () => {
    const { run } = scripted({ "stack --show-name": { code: 1, stdout: "", stderr: `error: ${"x".repeat(500)}\u001b[31m\nmore\n` } });
    const s = new PulumiStack(findProject(project())!, undefined, run);
    s.secrets();
    const line = s.summary()!;
    assert.ok(!line.includes("\n") && !line.includes("\u001b"), line);
    assert.ok(line.length < 500, String(line.length));
  });

  it("the secret reader asks the stack only when --secret, the file and the environment lack a name", () => {
    const dir = project();
    const { run, calls } = scripted({
      "stack --show-name": { code: 0, stdout: "dev\n", stderr: "" },
      "config --json --stack dev --show-secrets": { code: 0, stdout: CONFIG, stderr: "" },
    });
    const file = path.join(dir, "infra", "stack.yaml");
    const given = stackInputs(file, { secrets: { cachePassword: "Given-Password-123" } }, run);
    assert.deepStrictEqual(given.secrets.pick(["cachePassword"]), { cachePassword: "Given-Password-123" });
    assert.deepStrictEqual(calls, []);
    const fromStack = stackInputs(file, { secrets: {} }, run);
    assert.deepStrictEqual(fromStack.secrets.pick(["cachePassword", "redis"]), { cachePassword: "0012", redis: '{"port":"6379"}' });
    assert.strictEqual(fromStack.secrets.find("cachePassword")!.from, "stack");
    // No project: no stack to ask.
    const alone = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "alone-")), "stack.yaml");
    assert.strictEqual(stackInputs(alone, { secrets: {} }, run).stack, undefined);
  });
});

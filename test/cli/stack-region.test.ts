// plan's region: --region, else aws:region of the Pulumi stack beside the
// file (named by --stack, or the only one), else us-east-1, always saying why.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { stackRegion } from "../../src/cli/stack-region";
import { cli } from "./cli-helpers";

function project(stacks: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "region-"));
  fs.writeFileSync(path.join(dir, "stack.yaml"), "resources: {}\n");
  for (const [name, text] of Object.entries(stacks)) fs.writeFileSync(path.join(dir, `Pulumi.${name}.yaml`), text);
  return path.join(dir, "stack.yaml");
}

describe("the region plan plans for", () => {
  it("--region wins", () => {
    assert.deepStrictEqual(stackRegion(project({ dev: "config:\n  aws:region: eu-west-1\n" }), { region: "ap-south-1" }), { region: "ap-south-1", from: "--region" });
  });

  it("the only Pulumi stack beside the file gives its aws:region, and says which stack", () => {
    const r = stackRegion(project({ dev: "config:\n  aws:region: eu-west-1\n" }), {});
    assert.strictEqual(r.region, "eu-west-1");
    assert.match(r.from, /^aws:region of stack dev \(.*Pulumi\.dev\.yaml\)$/);
  });

  it("with several stacks, --stack chooses; without it the default is used and the message says how to choose", () => {
    const file = project({ dev: "config:\n  aws:region: eu-west-1\n", prod: "config:\n  aws:region: eu-central-1\n" });
    assert.strictEqual(stackRegion(file, { stack: "prod" }).region, "eu-central-1");
    const r = stackRegion(file, {});
    assert.strictEqual(r.region, "us-east-1");
    assert.match(r.from, /several stacks beside the file \(dev, prod\); choose one with --stack NAME or give --region/);
  });

  it("a stack without aws:region, or no stack at all, plans us-east-1 and says so", () => {
    assert.match(stackRegion(project({ dev: "config:\n  other:key: 1\n" }), {}).from, /stack dev .* sets no aws:region/);
    assert.deepStrictEqual(stackRegion(project({}), {}).region, "us-east-1");
  });

  it("refuses an unknown --stack and an aws:region that is no region name", () => {
    assert.throws(() => stackRegion(project({ dev: "config: {}\n" }), { stack: "prod" }), /there is no Pulumi\.prod\.yaml beside .* \(stacks there: dev\)/);
    assert.throws(() => stackRegion(project({ dev: "config:\n  aws:region: Europe\n" }), {}), /aws:region Europe is not an AWS region/);
  });
});

/** A Pulumi project: its files by path (Pulumi.yaml, Pulumi.<stack>.yaml, the stack file). */
function tree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "region-project-"));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

describe("the region plan plans for, from the Pulumi project", () => {
  const STACK = "resources: {}\n";

  it("walks up to the nearest Pulumi.yaml and reads the stack there", () => {
    const dir = tree({ "Pulumi.yaml": "name: shop\nruntime: nodejs\n", "Pulumi.dev.yaml": "config:\n  aws:region: eu-west-1\n", "infra/stack.yaml": STACK });
    const r = stackRegion(path.join(dir, "infra/stack.yaml"), {});
    assert.strictEqual(r.region, "eu-west-1");
    assert.match(r.from, /^aws:region of stack dev \(.*Pulumi\.dev\.yaml\)$/);
  });

  it("takes the project's own aws:region (a value, {default: ...} or {value: ...}) when the stack sets none", () => {
    for (const config of ["  aws:region: eu-north-1\n", "  aws:region:\n    default: eu-north-1\n", "  aws:region:\n    value: eu-north-1\n"]) {
      const dir = tree({ "Pulumi.yaml": `name: shop\nruntime: nodejs\nconfig:\n${config}`, "Pulumi.dev.yaml": "config:\n  other:key: x\n", "infra/stack.yaml": STACK });
      const r = stackRegion(path.join(dir, "infra/stack.yaml"), {});
      assert.strictEqual(r.region, "eu-north-1", config);
      assert.match(r.from, /^aws:region of project shop \(.*Pulumi\.yaml\); stack dev sets none$/);
    }
    // A stack's own value wins.
    const dir = tree({ "Pulumi.yaml": "name: shop\nconfig:\n  aws:region: eu-north-1\n", "Pulumi.dev.yaml": "config:\n  aws:region: ap-south-1\n", "stack.yaml": STACK });
    assert.strictEqual(stackRegion(path.join(dir, "stack.yaml"), {}).region, "ap-south-1");
    // No stack at all: the project's.
    const bare = tree({ "Pulumi.yaml": "name: shop\nconfig:\n  aws:region: eu-north-1\n", "stack.yaml": STACK });
    assert.match(stackRegion(path.join(bare, "stack.yaml"), {}).from, /^aws:region of project shop .*; no Pulumi\.<stack>\.yaml there$/);
  });

  it("stack names may hold dots (Pulumi.dev.eu.yaml is the stack dev.eu), and stackConfigDir moves the stack files", () => {
    const dotted = tree({ "Pulumi.yaml": "name: shop\n", "Pulumi.dev.eu.yaml": "config:\n  aws:region: eu-west-3\n", "stack.yaml": STACK });
    assert.deepStrictEqual(stackRegion(path.join(dotted, "stack.yaml"), { stack: "dev.eu" }).region, "eu-west-3");
    assert.match(stackRegion(path.join(dotted, "stack.yaml"), {}).from, /^aws:region of stack dev\.eu /);
    const moved = tree({ "Pulumi.yaml": "name: shop\nstackConfigDir: config\n", "config/Pulumi.prod.yaml": "config:\n  aws:region: ca-central-1\n", "stack.yaml": STACK });
    assert.strictEqual(stackRegion(path.join(moved, "stack.yaml"), {}).region, "ca-central-1");
  });

  it("refuses a region no AWS partition has, from --region or a stack; takes an unlisted one of a partition's pattern", () => {
    assert.throws(() => stackRegion(project({}), { region: "xx-nowhere-9" }), /xx-nowhere-9 is not an AWS region/);
    assert.throws(() => stackRegion(project({ dev: "config:\n  aws:region: xx-nowhere-9\n" }), {}), /Pulumi\.dev\.yaml: aws:region xx-nowhere-9 is not an AWS region/);
    for (const region of ["eu-west-1", "cn-north-1", "us-gov-west-1", "us-isob-east-1", "eusc-de-east-1", "ap-newplace-9"]) {
      assert.strictEqual(stackRegion(project({}), { region }).region, region);
    }
  });
});

describe("plan with a Pulumi stack beside the file", function () {
  this.timeout(60000);
  it("plans the stack's region and says which stack it read", async () => {
    const file = project({ prod: "config:\n  aws:region: eu-west-1\n" });
    fs.writeFileSync(file, "resources:\n  api:\n    type: http-api-gateway\n");
    const r = await cli("plan", file, "--json");
    assert.strictEqual(r.code, 0, r.err);
    assert.match(r.err, /^plan: region eu-west-1 \(aws:region of stack prod \(.*Pulumi\.prod\.yaml\)\)$/m);
    const stage = JSON.parse(r.out).resources.find((x: any) => x.name === "api-stage");
    assert.match(stage.inputs.accessLogSettings.destinationArn, /^arn:aws:logs:eu-west-1:/);
  });
});

describe("plan --region", () => {
  it("refuses a region no AWS partition has, as a usage error (exit 2)", async () => {
    const r = await cli("plan", project({}), "--region", "xx-nowhere-9");
    assert.strictEqual(r.code, 2);
    assert.match(r.err, /xx-nowhere-9 is not an AWS region/);
  });
});

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

  it("refuses an unknown --stack and a region that is not a region name", () => {
    assert.throws(() => stackRegion(project({ dev: "config: {}\n" }), { stack: "prod" }), /there is no Pulumi\.prod\.yaml beside .* \(stacks there: dev\)/);
    assert.throws(() => stackRegion(project({ dev: "config:\n  aws:region: Europe\n" }), {}), /aws:region must be a region name, like eu-west-1/);
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

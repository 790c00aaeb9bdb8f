// Every IAM statement stackfile writes names the resources it acts on; `*`
// only where AWS allows nothing narrower, each with its reason.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { cli } from "../../cli/cli-helpers";
import { exampleBuild, edgeBuild } from "../../nextjs-fixture";

const STACKS = [
  "examples/yaml-stack/stack.yaml",
  "test/fixtures/every-field.yaml",
  "test/fixtures/every-field-gateway.yaml",
  "test/fixtures/every-field-web.yaml",
  "test/fixtures/every-field-edge.yaml",
  "test/fixtures/every-field-function.yaml",
  "test/fixtures/every-field-sqs.yaml",
  "test/fixtures/every-field-user-auth-pool.yaml",
];

/** Statements on every resource, by their actions: why nothing narrower works. */
const WILDCARD_ALLOWED: { actions: string[]; reason: string }[] = [
  {
    actions: ["ec2:AssignPrivateIpAddresses", "ec2:CreateNetworkInterface", "ec2:DeleteNetworkInterface", "ec2:DescribeNetworkInterfaces", "ec2:DescribeSubnets", "ec2:UnassignPrivateIpAddresses"],
    reason: "a function in a VPC manages its network interfaces; DescribeNetworkInterfaces works only on \"*\" and the interfaces do not exist before (Lambda Developer Guide, configuration-vpc)",
  },
  {
    actions: ["sns:Publish"],
    reason: "the role Cognito assumes to send a user pool's SMS: SMS to phone numbers has no ARN (Cognito Developer Guide, user-pool-sms-settings)",
  },
  {
    actions: ["ses:*"],
    reason: "the spec's mail-sending macro (aws:ses) grants full permissions to the mail-sending service",
  },
];

interface Statement { Effect: string; Action: string | string[]; Resource: string | string[] }

function statementsOf(plan: { resources: { type: string; name: string; inputs: Record<string, unknown> }[] }): { name: string; s: Statement }[] {
  const out: { name: string; s: Statement }[] = [];
  for (const r of plan.resources) {
    if (r.type !== "aws:iam/rolePolicy:RolePolicy") continue;
    const doc = typeof r.inputs.policy === "string" ? JSON.parse(r.inputs.policy) : r.inputs.policy;
    for (const s of (doc as { Statement: Statement[] }).Statement) out.push({ name: r.name, s });
  }
  return out;
}

const list = (x: string | string[]) => (Array.isArray(x) ? x : [x]);

async function planOf(file: string): Promise<any> {
  const r = await cli("plan", file, "--json");
  assert.strictEqual(r.code, 0, r.err);
  return JSON.parse(r.out);
}

/** A stack beside the example's (its function resolves the example's packages), removed after the test. */
const made: string[] = [];
function tmpStack(text: string): string {
  const f = path.join("examples", "yaml-stack", `.least-privilege-${process.pid}-${made.length}.yaml`);
  fs.writeFileSync(f, text);
  made.push(f);
  return f;
}

describe("least privilege", function () {
  this.timeout(300000);
  before(() => {
    exampleBuild();
    edgeBuild();
  });
  after(() => {
    for (const f of made) fs.rmSync(f, { force: true });
  });

  for (const file of STACKS) {
    it(`${file}: no managed policy, and "*" only where the allow-list says why`, async () => {
      const plan = await planOf(file);
      const attached = plan.resources.filter((r: { type: string }) => r.type === "aws:iam/rolePolicyAttachment:RolePolicyAttachment");
      assert.deepStrictEqual(attached.map((r: { name: string }) => r.name), []);
      for (const { name, s } of statementsOf(plan)) {
        if (!list(s.Resource).includes("*")) continue;
        const actions = list(s.Action).sort();
        const allowed = WILDCARD_ALLOWED.find((a) => a.actions.length === actions.length && a.actions.every((x, i) => x === actions[i]));
        assert.ok(allowed, `${name}: ${JSON.stringify(actions)} on "*"`);
      }
    });
  }

  it("a function in the VPC with logging disabled may write no logs at all", async () => {
    const f = tmpStack(`resources:
  quiet:
    type: function
    properties:
      entryfilePath: functions/api.ts
      joinDefaultVpc: true
      logging:
        disabled: true
`);
    const plan = await planOf(f);
    const statements = statementsOf(plan).filter((x) => x.name === "quiet-policy").map((x) => x.s);
    assert.deepStrictEqual(statements.flatMap((s) => list(s.Action)).filter((a) => a.startsWith("logs:")), []);
    assert.deepStrictEqual(statements.map((s) => list(s.Action).sort()), [WILDCARD_ALLOWED[0].actions]);
  });

  it("a function in the VPC with logging on writes only its own log group", async () => {
    const f = tmpStack(`resources:
  loud:
    type: function
    properties:
      entryfilePath: functions/api.ts
      joinDefaultVpc: true
`);
    const plan = await planOf(f);
    const logs = statementsOf(plan).filter((x) => x.name === "loud-policy" && list(x.s.Action).some((a) => a.startsWith("logs:")));
    assert.strictEqual(logs.length, 1);
    assert.strictEqual(list(logs[0].s.Resource).length, 1);
    assert.match(list(logs[0].s.Resource)[0], /^arn:aws:logs:[a-z0-9-]+:\d{12}:log-group:loud-log-group-[0-9a-f]{7}:\*$/);
  });

  it("a function that needs no permission gets no policy (IAM refuses one with no statement)", async () => {
    const f = tmpStack(`resources:
  bare:
    type: function
    properties:
      entryfilePath: functions/api.ts
      logging:
        disabled: true
`);
    const plan = await planOf(f);
    assert.deepStrictEqual(plan.resources.filter((r: { type: string }) => r.type === "aws:iam/rolePolicy:RolePolicy").map((r: { name: string }) => r.name), []);
  });
});

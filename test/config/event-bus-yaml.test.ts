// The event-bus type in a stack file: validate's messages at their lines, and
// the plan (the bus, its archive, a partner bus, a workload connected to it:
// the spec's row and its variable).
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { analyzeStackfile, formatProblem } from "../../src/config/stackfile";
import { cli, tmpFile } from "../cli/cli-helpers";

const problems = (text: string) => analyzeStackfile("s.yaml", text).problems.map(formatProblem);

type Planned = { type: string; name: string; parent: string; inputs: Record<string, any> };

const STACK = `resources:
  orders:
    type: event-bus
    properties:
      archivation: { enabled: true, retentionDays: 30 }
  partner:
    type: event-bus
    properties: { eventSourceName: aws.partner/example.com/123/orders }
  worker:
    type: function
    properties:
      entryfilePath: ./fn.ts
      connectTo: [orders]
`;

describe("event-bus in YAML: validate", () => {
  it("accepts buses; other resources read arn and name", () => {
    assert.deepStrictEqual(problems(`${STACK}      environment:\n        - { name: B, value: "$ResourceParam('orders', 'name')" }\n`), []);
  });

  it("says each problem at its line: a negative retention, a source no bus can be named as", () => {
    assert.deepStrictEqual(problems(`resources:
  a:
    type: event-bus
    properties:
      archivation: { enabled: true, retentionDays: -1 }
  b:
    type: event-bus
    properties: { eventSourceName: "aws.partner/x y" }
`), [
      "s.yaml:5:52: retentionDays must be at least 0 (it is -1)",
      "s.yaml:8:36: name 'aws.partner/x y' may hold only letters, digits and /._-: a partner event bus is named as its event source (events/partner-bus-name)",
    ]);
  });
});

describe("event-bus in YAML: plan", function () {
  this.timeout(120000);
  let plan: { resources: Planned[]; outputs: Record<string, Record<string, string>> };
  const of = (type: string) => plan.resources.filter((x) => x.type === type);

  before(async () => {
    const file = tmpFile(STACK);
    fs.writeFileSync(path.join(path.dirname(file), "fn.ts"), "export async function handler() {}\n");
    const r = await cli("plan", file, "--json");
    assert.strictEqual(r.code, 0, r.err);
    plan = JSON.parse(r.out);
  });

  it("a custom bus with an archive of all its events kept 30 days; a partner bus named as its source, without an archive", () => {
    const buses = Object.fromEntries(of("aws:cloudwatch/eventBus:EventBus").map((b) => [b.parent, b.inputs]));
    assert.match(plan.outputs.orders.name, /^orders-bus-[0-9a-f]{7}$/);
    assert.strictEqual(buses.orders.eventSourceName, undefined);
    assert.strictEqual(buses.partner.name, "aws.partner/example.com/123/orders");
    assert.strictEqual(buses.partner.eventSourceName, "aws.partner/example.com/123/orders");
    assert.strictEqual(plan.outputs.partner.arn, "arn:aws:events:us-east-1:123456789012:event-bus/aws.partner/example.com/123/orders");
    const archives = of("aws:cloudwatch/eventArchive:EventArchive");
    assert.deepStrictEqual(archives.map((a) => [a.parent, a.inputs.eventSourceArn, a.inputs.retentionDays, a.inputs.eventPattern]), [["orders", plan.outputs.orders.arn, 30, undefined]]);
  });

  it("a connected function gets STP_ORDERS_ARN and may put events on that bus only", () => {
    const { arn } = plan.outputs.orders;
    const fn = plan.resources.find((x) => x.name === "worker-function")!;
    assert.strictEqual(fn.inputs.environment.variables.STP_ORDERS_ARN, arn);
    assert.strictEqual(Object.keys(fn.inputs.environment.variables).filter((k) => k.startsWith("STP_ORDERS_")).length, 1);
    const policy = JSON.parse(plan.resources.find((x) => x.name === "worker-policy")!.inputs.policy);
    const events = policy.Statement.filter((st: { Action: string[] }) => st.Action.some((a) => a.startsWith("events:")));
    assert.deepStrictEqual(events, [{ Effect: "Allow", Action: ["events:PutEvents"], Resource: [arn] }]);
  });
});

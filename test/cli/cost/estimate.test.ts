// The monthly estimate from registered resources: each AWS type's meter reads
// the inputs AWS bills by, prices come only from the price table, and what the
// table cannot price is listed, never counted as zero. Expected figures are
// worked out by hand from the table's rows (named beside each).
import * as assert from "assert";
import { estimateCost } from "../../../src/cli/cost/estimate";
import type { PricedResource, Usage } from "../../../src/cli/cost/meter-types";
import { runsPerMonth } from "../../../src/cli/cost/meters-compute";
import { priceOf } from "../../../src/cli/cost/price-table";
import { staleWarning } from "../../../src/cli/cost/render";

let seq = 0;
function res(type: string, inputs: Record<string, unknown>, extra: Partial<PricedResource> = {}): PricedResource {
  return { type, name: `r${++seq}`, parent: null, inputs, state: {}, ...extra };
}

const fixed = (rs: PricedResource[], region = "us-east-1") => estimateCost(rs, region).estimate;
const usd = (id: string, region = "us-east-1") => priceOf(id, region)!.usd;

describe("the monthly estimate", () => {
  it("prices a replication group's nodes: shards × (1 + replicas) in cluster mode, else its cache clusters", () => {
    // elasticache.redis.cache.r7g.large = 0.219 USD a node-hour; cache.t4g.micro = 0.016.
    assert.strictEqual(usd("elasticache.redis.cache.r7g.large"), 0.219);
    assert.strictEqual(usd("elasticache.redis.cache.t4g.micro"), 0.016);
    const sharded = res("aws:elasticache/replicationGroup:ReplicationGroup", { engine: "redis", nodeType: "cache.r7g.large", numNodeGroups: 2, replicasPerNodeGroup: 1 });
    const single = res("aws:elasticache/replicationGroup:ReplicationGroup", { engine: "redis", nodeType: "cache.t4g.micro", numCacheClusters: 2 });
    const e = fixed([sharded, single]);
    assert.strictEqual(e.byResource[sharded.name].fixedMonthly, 639.48); // 4 × 730 × 0.219
    assert.strictEqual(e.byResource[single.name].fixedMonthly, 23.36); // 2 × 730 × 0.016
    assert.strictEqual(e.fixedMonthly, 662.84);
    assert.strictEqual(e.byResource[sharded.name].items[0].what, "4 cache.r7g.large nodes × 730 h");
  });

  it("lists a type the table does not know as not priced, and counts it as nothing", () => {
    const nat = res("aws:ec2/natGateway:NatGateway", { subnetId: "subnet-1" });
    const e = fixed([nat]);
    assert.strictEqual(e.fixedMonthly, 0);
    assert.deepStrictEqual(e.notPriced, [{ owner: nat.name, resource: nat.name, type: "aws:ec2/natGateway:NatGateway", reason: "the price table does not know aws:ec2/natGateway:NatGateway" }]);
  });

  it("lists a price the table lacks for the Region or the size as not priced, and uses a price the same in every Region anywhere", () => {
    const node = res("aws:elasticache/replicationGroup:ReplicationGroup", { engine: "redis", nodeType: "cache.t4g.micro" });
    const acl = res("aws:wafv2/webAcl:WebAcl", { rules: [{}] });
    const e = fixed([node, acl], "ap-southeast-4");
    assert.deepStrictEqual(e.notPriced.map((n) => n.reason), ["1 cache.t4g.micro node × 730 h: no price for elasticache.redis.cache.t4g.micro in ap-southeast-4"]);
    assert.strictEqual(e.fixedMonthly, 6); // waf.web-acl 5 + waf.rule 1, the same in every Region
    const odd = fixed([res("aws:elasticache/replicationGroup:ReplicationGroup", { engine: "redis", nodeType: "cache.x9.huge" })]);
    assert.match(odd.notPriced[0].reason, /no price for elasticache\.redis\.cache\.x9\.huge in us-east-1/);
  });

  it("prices an interface endpoint per Availability Zone-hour, and a gateway endpoint at nothing", () => {
    const iface = res("aws:ec2/vpcEndpoint:VpcEndpoint", { vpcEndpointType: "Interface", subnetIds: ["a", "b", "c"] });
    const gateway = res("aws:ec2/vpcEndpoint:VpcEndpoint", { vpcEndpointType: "Gateway", routeTableIds: ["rtb"] });
    const e = fixed([iface, gateway]);
    assert.strictEqual(e.fixedMonthly, 21.9); // 3 × 730 × 0.01
    assert.deepStrictEqual([Object.keys(e.byResource), e.notPriced], [[iface.name], []]);
  });

  it("prices an alarm per metric, at the high-resolution price under a 60 s period", () => {
    const standard = res("aws:cloudwatch/metricAlarm:MetricAlarm", { metricName: "Errors", period: 60 });
    const fast = res("aws:cloudwatch/metricAlarm:MetricAlarm", { metricName: "Errors", period: 10 });
    const math = res("aws:cloudwatch/metricAlarm:MetricAlarm", { metricQueries: [{ id: "e", expression: "a/b" }, { id: "a", metric: { period: 60 } }, { id: "b", metric: { period: 60 } }] });
    const e = fixed([standard, fast, math]);
    assert.deepStrictEqual([standard, fast, math].map((r) => e.byResource[r.name].fixedMonthly), [0.1, 0.3, 0.2]);
  });

  it("prices a web ACL and each of its rules", () => {
    const e = fixed([res("aws:wafv2/webAcl:WebAcl", { rules: [{}, {}, {}] })]);
    assert.strictEqual(e.fixedMonthly, 8); // 5 + 3 × 1
  });

  it("prices provisioned DynamoDB capacity with its indexes', and an on-demand table only by use", () => {
    const provisioned = res("aws:dynamodb/table:Table", { billingMode: "PROVISIONED", readCapacity: 10, writeCapacity: 5, globalSecondaryIndexes: [{ readCapacity: 5, writeCapacity: 5 }] });
    const onDemand = res("aws:dynamodb/table:Table", { billingMode: "PAY_PER_REQUEST" });
    const e = fixed([provisioned, onDemand]);
    // 10 WCU × 730 × 0.00065 = 4.745; 15 RCU × 730 × 0.00013 = 1.4235
    assert.strictEqual(e.byResource[provisioned.name].fixedMonthly, 6.17);
    assert.ok(!(onDemand.name in e.byResource));
    assert.deepStrictEqual(e.usageBased.filter((u) => u.resource === onDemand.name).map((u) => u.price), ["dynamodb.on-demand.write", "dynamodb.on-demand.read", "dynamodb.storage"]);
  });

  it("prices an RDS instance and its storage twice over Multi-AZ", () => {
    const db = res("aws:rds/instance:Instance", { engine: "postgres", instanceClass: "db.t4g.micro", allocatedStorage: 20, storageType: "gp3", multiAz: true });
    const e = fixed([db]);
    // 2 × 730 × 0.016 = 23.36; 2 × 20 × 0.115 = 4.60
    assert.deepStrictEqual(e.byResource[db.name].items.map((i) => [i.what, i.monthly]), [["db.t4g.micro (Multi-AZ) × 730 h", 23.36], ["20 GB gp3 storage (Multi-AZ)", 4.6]]);
  });

  it("prices a Serverless v2 instance at its cluster's minimum capacity", () => {
    const cluster = res("aws:rds/cluster:Cluster", { serverlessv2ScalingConfiguration: { minCapacity: 0.5, maxCapacity: 4 } }, { state: { clusterIdentifier: "db-cluster-1" } });
    const instance = res("aws:rds/clusterInstance:ClusterInstance", { instanceClass: "db.serverless", clusterIdentifier: "db-cluster-1", engine: "aurora-postgresql" });
    const e = fixed([cluster, instance]);
    assert.strictEqual(e.byResource[instance.name].fixedMonthly, 43.8); // 0.5 × 730 × 0.12
  });

  it("prices a warmer's runs and the warm invocations of the server it names (OpenNext's 75 ms each)", () => {
    const server = res("aws:lambda/function:Function", { memorySize: 1536, architectures: ["arm64"] }, { state: { name: "web-server", arn: "arn:server" } });
    const warmer = res("aws:lambda/function:Function", { memorySize: 128, architectures: ["arm64"], environment: { variables: { WARM_PARAMS: JSON.stringify([{ function: "web-server", concurrency: 5 }]) } } }, { state: { name: "web-warmer", arn: "arn:warmer" } });
    const rule = res("aws:cloudwatch/eventRule:EventRule", { scheduleExpression: "rate(5 minutes)" }, { state: { name: "warm-rule" } });
    const target = res("aws:cloudwatch/eventTarget:EventTarget", { rule: "warm-rule", arn: "arn:warmer" });
    const e = fixed([server, warmer, rule, target]);
    assert.strictEqual(runsPerMonth("rate(5 minutes)"), 8760);
    // Server: 5 × 8,760 = 43,800 requests (× 0.20 per million = 0.00876) and 43,800 × 0.075 s × 1.5 GB × 0.0000133334 = 0.0657...
    const serverItems = e.byResource[server.name].items;
    assert.deepStrictEqual(serverItems.map((i) => i.what), ["5 warm instances × 8760 runs of " + warmer.name + ": requests", "5 warm instances × 8760 runs of " + warmer.name + ": 75 ms each at 1536 MB"]);
    assert.ok(Math.abs(serverItems[0].quantity - 0.0438) < 1e-12 && Math.abs(serverItems[1].quantity - 43800 * 0.075 * 1.5) < 1e-9);
    assert.strictEqual(e.byResource[server.name].fixedMonthly, 0.07);
    // The warmer: its own 8,760 runs, each waiting at least the 75 ms of the invocations it makes.
    assert.deepStrictEqual(e.byResource[warmer.name].items.map((i) => i.price), ["lambda.requests", "lambda.duration.arm64"]);
    assert.strictEqual(runsPerMonth("cron(0 12 * * ? *)"), undefined);
  });

  it("turns usage into figures: a stack resource's values reach its AWS resources, an AWS resource's own values come first", () => {
    const api = res("aws:apigatewayv2/api:Api", { protocolType: "HTTP" }, { name: "api-api", parent: "api" });
    const top = res("stackfile:index:HttpApiGateway", {}, { name: "api" });
    const fn = res("aws:lambda/function:Function", { memorySize: 512, architectures: ["arm64"] }, { name: "hello-function", parent: "hello" });
    const hello = res("stackfile:index:Function", {}, { name: "hello" });
    const usage = new Map<string, Usage>([["api", { requests: 5_000_000 }], ["hello", { invocations: 2_000_000, averageDurationMs: 100 }], ["hello-function", { averageDurationMs: 200 }]]);
    const { estimate: e, problems } = estimateCost([top, api, hello, fn], "us-east-1", usage);
    assert.deepStrictEqual(problems, []);
    const figure = (what: string) => e.usageBased.find((u) => u.what.startsWith(what))!.monthly;
    assert.strictEqual(figure("HTTP API requests"), 5); // 5 million × 1.00
    assert.strictEqual(figure("requests"), 0.4); // 2 million × 0.20
    assert.strictEqual(figure("duration"), 2.67); // 2,000,000 × 0.2 s × 0.5 GB × 0.0000133334 = 2.66668
    assert.strictEqual(e.usageMonthly, 8.07);
  });

  it("refuses usage it cannot place: an unknown name, a value nothing is billed by, a value several resources of one type would each read", () => {
    const fns = ["web-server-function", "web-image-function"].map((name) => res("aws:lambda/function:Function", {}, { name, parent: "web" }));
    const web = res("stackfile:index:NextjsWeb", {}, { name: "web" });
    const usage = new Map<string, Usage>([["web", { invocations: 10 }], ["nope", { requests: 1 }], ["web-server-function", { gbOut: 1 }]]);
    const { problems, estimate } = estimateCost([web, ...fns], "us-east-1", usage);
    assert.deepStrictEqual(problems.map((p) => [p.name, p.key, p.message]), [
      ["web", "invocations", "invocations under web would apply to each of web-image-function, web-server-function; give it under each of those names instead"],
      ["nope", undefined, "no resource of the plan is named nope; use a stack resource's name or an AWS resource's name as plan prints it"],
      ["web-server-function", "gbOut", "nothing of web-server-function is billed by gbOut"],
    ]);
    assert.strictEqual(estimate.usageMonthly, undefined, "no figures from usage with problems");
  });

  it("warns when the prices used are over 180 days old, and not before", () => {
    const e = { pricesAsOf: "2026-01-01" };
    assert.strictEqual(staleWarning(e, new Date("2026-06-30T12:00:00Z")), undefined); // 180 days
    assert.strictEqual(staleWarning(e, new Date("2026-07-01T12:00:00Z")), "warning: the prices are from 2026-01-01, 181 days ago (over 180); AWS may have changed them: update stackfile, or see docs/cost.md");
  });
});

// The bill in `plan` and `diff`: the example stack's fixed monthly cost, the
// delta of a change that adds a replica, enlarges an instance and adds a
// gateway (each figure worked out by hand from the price table's rows),
// `--max-monthly-increase`, and `plan --usage FILE`.
import * as assert from "assert";
import * as path from "path";
import { cli, tmpFile } from "./cli-helpers";
import { exampleBuild } from "../nextjs-fixture";
import { priceOf } from "../../src/cli/cost/price-table";

const EXAMPLE = "examples/yaml-stack/stack.yaml";

/** Two caches: `cache` (t4g.micro, `replicas` replicas) and `sessions` (sharded, 2 shards of 1 + 1), and `extra` lines. */
function stack(replicas: number, sessionsSize: string, extra = ""): string {
  return `resources:
  cache:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.micro
      numReplicaNodes: ${replicas}
      enableAutomaticFailover: true
      defaultUserPassword: $Secret(pw)
  sessions:
    type: redis-cluster
    properties:
      instanceSize: ${sessionsSize}
      enableSharding: true
      numShards: 2
      numReplicaNodes: 1
      defaultUserPassword: $Secret(pw)
${extra}`;
}

const GATEWAY = "  api:\n    type: http-api-gateway\n";

describe("the monthly bill in plan and diff", function () {
  this.timeout(900_000);

  it("the example's plan shows its fixed monthly cost, every resource of it known to the price table", async function () {
    exampleBuild();
    const r = await cli("plan", EXAMPLE);
    assert.strictEqual(r.code, 0, r.err);
    // sessions: 2 shards × (1 + 1) nodes of cache.r7g.large at 0.219 a node-hour, 730 hours: 639.48;
    // cache: 2 nodes of cache.t4g.micro at 0.016: 23.36; hello's alarms: 4 alarm metrics (errors reads two) at 0.10: 0.40;
    // api's alarms (its server errors reads two; latency; its CDN's server errors): 4 alarm metrics: 0.40;
    // the caches' alarms, one set per shard each reading every node of it: sessions 2 shards × 4 alarms × 2 nodes,
    // 16 alarm metrics: 1.60 (641.08 with its nodes); cache 4 alarms × 2 nodes, 8: 0.80 (24.16); web's server's alarms, as hello's: 0.40.
    // Nothing else of the example has a fixed cost (its VPC endpoints are gateway endpoints, its DynamoDB
    // table is on demand, no warm instances).
    assert.strictEqual(priceOf("elasticache.redis.cache.r7g.large", "us-east-1")?.usd, 0.219);
    assert.strictEqual(priceOf("elasticache.redis.cache.t4g.micro", "us-east-1")?.usd, 0.016);
    assert.match(r.out, /^Monthly cost \(fixed\): 666\.84 USD \(us-east-1 prices as of \d{4}-\d{2}-\d{2}; what is counted: docs\/cost\.md\)$/m);
    assert.match(r.out, /^ {2}sessions {2}641\.08 USD$/m);
    assert.match(r.out, /^ {4}sessions-replication-group: 4 cache\.r7g\.large nodes × 730 h: 639\.48 USD \(0\.219 USD per node-hour\)$/m);
    assert.match(r.out, /^ {2}cache {2}24\.16 USD$/m);
    assert.match(r.out, /^ {2}hello {2}0\.40 USD$/m);
    assert.match(r.out, /^ {2}api {2}0\.40 USD$/m);
    assert.match(r.out, /^ {2}web {2}0\.40 USD$/m);
    assert.match(r.out, /^ {4}api-latency-alarm: 1 alarm metric: 0\.10 USD \(0\.1 USD per alarm-metric-month\)$/m);
    assert.match(r.out, /^ {4}sessions-replication-lag-alarm-0002: 2 alarm metrics: 0\.20 USD \(0\.1 USD per alarm-metric-month\)$/m);
    assert.match(r.out, /^ {4}hello-errors-alarm: 2 alarm metrics: 0\.20 USD \(0\.1 USD per alarm-metric-month\)$/m);
    // plan shows each alarm with its metric, threshold and period: first on its description's line (a metric-math alarm's
    // metrics are in metricQueries, cut short in the tree).
    const alarmCount = r.out.split("\n").filter((l) => l.endsWith("(aws:cloudwatch/metricAlarm:MetricAlarm)")).length;
    const described = r.out.split("\n").filter((l) => /alarmDescription: AWS\/\S+ (100 \* )?\S+ \(\w+\)( \/ \S+ \(\w+\))? >=? [\d.]+, \d+ period\(s\) of \d+ s: /.test(l));
    assert.ok(alarmCount >= 18, r.out);
    assert.strictEqual(described.length, alarmCount, r.out);
    assert.match(r.out, / alarmDescription: AWS\/ApiGateway 100 \* 5xx \(Sum\) \/ Count \(Sum\) >= 5, 1 period\(s\) of 300 s: api, /);
    assert.match(r.out, / alarmDescription: AWS\/ElastiCache CPUUtilization \(Maximum\) >= 45, 1 period\(s\) of 300 s: sessions, the highest of 2/);
    assert.match(r.out, / alarmDescription: AWS\/Lambda Duration \(Maximum\) >= 9000, 1 period\(s\) of 300 s: hello, /);
    const json = JSON.parse((await cli("plan", EXAMPLE, "--json")).out);
    assert.deepStrictEqual(Object.keys(json), ["resources", "outputs", "cost"]);
    assert.deepStrictEqual(Object.keys(json.cost).slice(0, 5), ["currency", "fixedMonthly", "byResource", "usageBased", "pricesAsOf"]);
    assert.deepStrictEqual([json.cost.currency, json.cost.fixedMonthly, Object.keys(json.cost.byResource)], ["USD", 666.84, ["api", "cache", "hello", "sessions", "web", "worker"]]);
    // Every AWS resource of the example is in the table, and every price it bills by.
    assert.deepStrictEqual(json.cost.notPriced, []);
    assert.deepStrictEqual(json.cost.usageBased.filter((u: { price: string }) => u.price === "cloudfront.requests.https").map((u: { resource: string }) => u.resource).sort(), ["api-cdn-distribution", "web-distribution"]);
    assert.ok(json.cost.usageBased.some((u: { resource: string; price: string }) => u.resource === "api-api" && u.price === "apigateway.http.requests"));
  });

  it("diff: adding a replica, enlarging an instance and adding a gateway shows the delta, worked out by hand", async () => {
    const before = tmpFile(stack(1, "cache.r7g.large"));
    const after = tmpFile(stack(2, "cache.r7g.xlarge", GATEWAY));
    const r = await cli("diff", before, after, "--format", "json", "--secret", "pw=Some-Password-123");
    assert.strictEqual(r.code, 0, r.err);
    const { cost } = JSON.parse(r.out);
    // Before: cache 2 × 730 × 0.016 = 23.36 and its 4 alarms over 2 nodes, 8 × 0.10 = 0.80: 24.16; sessions
    // 4 × 730 × 0.219 = 639.48 and its 2 shards' 4 alarms over 2 nodes, 16 × 0.10 = 1.60: 641.08; 665.24.
    // After: cache 3 × 730 × 0.016 = 35.04 and 4 alarms over 3 nodes, 12 × 0.10 = 1.20: 36.24; sessions
    // 4 × 730 × 0.437 = 1276.04 and 1.60: 1277.64; the gateway's alarms (server errors reads two metrics, latency
    // one) 3 × 0.10 = 0.30: 1314.18.
    assert.strictEqual(priceOf("elasticache.redis.cache.r7g.xlarge", "us-east-1")?.usd, 0.437);
    assert.deepStrictEqual({ before: cost.before, after: cost.after, delta: cost.delta, currency: cost.currency }, { before: 665.24, after: 1314.18, delta: 648.94, currency: "USD" });
    assert.deepStrictEqual(cost.byResource, { api: { before: 0, after: 0.3, delta: 0.3 }, cache: { before: 24.16, after: 36.24, delta: 12.08 }, sessions: { before: 641.08, after: 1277.64, delta: 636.56 } });
    // The rest of the gateway's cost is by use: its unit price is listed.
    assert.deepStrictEqual(cost.usageBased.filter((u: { owner: string }) => u.owner === "api").map((u: { what: string; unitPrice: number; per: string }) => [u.what, u.unitPrice, u.per]), [
      ["HTTP API requests", 1, "million requests"], ["log ingestion", 0.5, "GB"], ["log storage", 0.03, "GB-month"],
    ]);
    const text = await cli("diff", before, after, "--secret", "pw=Some-Password-123");
    assert.match(text.out, /^Monthly cost \(fixed\): 665\.24 -> 1314\.18 USD \(\+648\.94 USD; us-east-1 prices as of \d{4}-\d{2}-\d{2}\)\n {2}api: 0\.00 -> 0\.30 USD \(\+0\.30\)\n {2}cache: 24\.16 -> 36\.24 USD \(\+12\.08\)\n {2}sessions: 641\.08 -> 1277\.64 USD \(\+636\.56\)$/m);
    const md = await cli("diff", before, after, "--format", "markdown", "--secret", "pw=Some-Password-123");
    assert.match(md.out, /^Monthly cost \(fixed\): 665\.24 → 1314\.18 USD \(\*\*\+648\.94 USD\*\*\), us-east-1 prices as of \d{4}-\d{2}-\d{2}\.\nBy resource: `api` 0\.00 → 0\.30 \(\+0\.30\), `cache` 24\.16 → 36\.24 \(\+12\.08\), `sessions` 641\.08 → 1277\.64 \(\+636\.56\)\.$/m);
  });

  it("diff --max-monthly-increase fails the check when the delta exceeds it, and passes it otherwise", async () => {
    const before = tmpFile(stack(1, "cache.t4g.micro"));
    const after = tmpFile(stack(2, "cache.t4g.micro")); // 6 then 7 cache.t4g.micro nodes: one more is 730 × 0.016 = 11.68, and a metric more in each of cache's 4 alarms, 0.40: 12.08
    const over = await cli("diff", before, after, "--max-monthly-increase", "10");
    assert.strictEqual(over.code, 1);
    assert.strictEqual(over.err, `${after}: the fixed monthly cost rises by 12.08 USD (72.48 -> 84.56 USD), more than --max-monthly-increase 10.00 allows`);
    const md = await cli("diff", before, after, "--max-monthly-increase=10", "--format", "markdown");
    assert.match(md.out, /^### ⛔ stackfile diff: the monthly cost rises more than its limit$/m);
    assert.match(md.out, /^⛔ Monthly cost \(fixed\): 72\.48 → 84\.56 USD \(\*\*\+12\.08 USD\*\*; limit \+10\.00 USD\)/m);
    const json = JSON.parse((await cli("diff", before, after, "--max-monthly-increase", "10", "--format", "json")).out);
    assert.deepStrictEqual([json.cost.maxMonthlyIncrease, json.cost.overLimit], [10, true]);
    assert.strictEqual((await cli("diff", before, after, "--max-monthly-increase", "12.08")).code, 0);
    // A change that lowers the cost passes any limit.
    assert.strictEqual((await cli("diff", after, before, "--max-monthly-increase", "0")).code, 0);
    for (const bad of ["-5", "ten", ""]) {
      const u = await cli("diff", before, after, `--max-monthly-increase=${bad}`);
      assert.deepStrictEqual([u.code, u.err.split("\n")[0]], [2, "stackfile diff: --max-monthly-increase takes an amount in USD, 0 or more, like 50 or 12.5"], bad);
    }
  });

  it("plan --usage FILE turns the costs billed by use into figures", async () => {
    const dir = path.dirname(tmpFile(stack(1, "cache.t4g.micro", GATEWAY)));
    const usage = tmpFile("# a month\napi:\n  requests: 3000000\napi-log-group: { logGb: 2 }\n", "usage.yaml", dir);
    const r = await cli("plan", path.join(dir, "stack.yaml"), "--usage", usage);
    assert.strictEqual(r.code, 0, r.err);
    // 3 million requests × 1.00 = 3.00; 2 GB × 0.50 = 1.00; fixed: 70.08 of the caches' nodes, 2.40 of their alarms and 0.30 of the gateway's.
    assert.match(r.out, new RegExp(`^Monthly cost by use \\(${usage.replace(/[.\\/]/g, "\\$&")}\\): 4\\.00 USD; with the fixed cost: 76\\.78 USD$`, "m"));
    assert.match(r.out, /^ {2}api-api: HTTP API requests: 1 USD per million requests \(3\.00 USD\)$/m);
    assert.match(r.out, /^ {2}api-log-group: log storage: 0\.03 USD per GB-month \(from storageGb\)$/m);
  });

  it("a CDN's per-request price: plan lists CloudFront's HTTPS price per 10,000 requests among the prices billed by use, and --usage turns a CDN's requests into a figure", async () => {
    const dir = path.dirname(tmpFile(`resources:\n${GATEWAY}    properties:\n      cdn:\n        enabled: true\n        cloudfrontPriceClass: PriceClass_100\n`));
    const file = path.join(dir, "stack.yaml");
    // cloudfront.requests.https, us-east-1 (viewers in the United States, Mexico and Canada): 0.01 USD per 10,000 HTTPS requests.
    const row = priceOf("cloudfront.requests.https", "us-east-1")!;
    assert.deepStrictEqual([row.usd, row.per, row.source], [0.01, "10,000 requests", "https://aws.amazon.com/cloudfront/pricing/"]);
    const plan = await cli("plan", file);
    assert.strictEqual(plan.code, 0, plan.err);
    assert.match(plan.out, /^ {2}api-cdn-distribution: HTTPS requests \(viewers in the United States, Mexico and Canada\): 0\.01 USD per 10,000 requests \(from requests\)$/m);
    assert.match(plan.out, /^ {2}api-cdn-distribution: data out to viewers: 0\.085 USD per GB \(from gbOut\)$/m);
    const json = JSON.parse((await cli("plan", file, "--json")).out);
    assert.deepStrictEqual(json.cost.usageBased.filter((u: { resource: string }) => u.resource === "api-cdn-distribution").map((u: { price: string; unitPrice: number; per: string }) => [u.price, u.unitPrice, u.per]), [
      ["cloudfront.transfer-out", 0.085, "GB"], ["cloudfront.requests.https", 0.01, "10,000 requests"],
    ]);
    assert.deepStrictEqual(json.cost.notPriced.filter((n: { type: string }) => n.type === "aws:cloudfront/distribution:Distribution"), [], "the distribution is priced");
    // 3 million requests through the CDN: 300 × 0.01 = 3.00 USD (and the HTTP API's 3 million × 1.00 per million = 3.00).
    const usage = tmpFile("api-cdn-distribution:\n  requests: 3000000\n", "usage.yaml", dir);
    const used = await cli("plan", file, "--usage", usage);
    assert.strictEqual(used.code, 0, used.err);
    assert.match(used.out, /^ {2}api-cdn-distribution: HTTPS requests \(viewers in the United States, Mexico and Canada\): 0\.01 USD per 10,000 requests \(3\.00 USD\)$/m);
  });

  it("plan --usage refuses a file it cannot use, at the line of each problem", async () => {
    const dir = path.dirname(tmpFile(stack(1, "cache.t4g.micro")));
    const file = path.join(dir, "stack.yaml");
    const bad = tmpFile("cache:\n  requets: 5\nsessions:\n  logGb: -1\n", "bad.yaml", dir);
    assert.deepStrictEqual(await cli("plan", file, "--usage", bad), {
      code: 1, out: "",
      err: `${bad}:2:3: requets is not a usage value; use requests, gbOut, invocations, averageDurationMs, logGb, storageGb, reads, writes, apiCalls, gbProcessed\n${bad}:4:10: sessions.logGb (GB of log events written) must be a number, 0 or more`,
    });
    const unknown = tmpFile("cache:\n  logGb: 1\napi:\n  requests: 5\ncache-replication-group:\n  gbOut: 3\n", "unknown.yaml", dir);
    const r = await cli("plan", file, "--usage", unknown);
    assert.deepStrictEqual([r.code, r.err.split("\n")], [1, [
      `${unknown}:3:1: no resource of the plan is named api; use a stack resource's name or an AWS resource's name as plan prints it`,
      `${unknown}:6:3: nothing of cache-replication-group is billed by gbOut`,
    ]]);
    assert.strictEqual((await cli("plan", file, "--usage", path.join(dir, "missing.yaml"))).err, `${path.join(dir, "missing.yaml")}:1:1: cannot read the usage file: no such file`);
    assert.strictEqual((await cli("plan", file, "--usage")).code, 2);
  });
});

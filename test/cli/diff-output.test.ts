// `stackfile diff` for CI: --format text|markdown|json, `-` for standard
// input, --new-stack for a base that has no stack yet, usage errors that
// never repeat an option's value, and no secret value in any format.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { spawnSync } from "child_process";
import { cli, tmpFile, cacheStack } from "./cli-helpers";

const RUN_CLI = path.join(__dirname, "..", "fixtures", "run-cli.ts");


const cache = cacheStack;

/** The CLI in a process of its own, with `input` on standard input. */
function spawnCli(input: string, ...argv: string[]) {
  const r = spawnSync(process.execPath, ["--require", "tsx/cjs", RUN_CLI, ...argv], { input, encoding: "utf8", maxBuffer: 1 << 26 });
  return { code: r.status, out: r.stdout.trim(), err: r.stderr.trim() };
}

describe("stackfile diff output", function () {
  this.timeout(120000);

  it("markdown: a summary line, then a table of changes with the refused ones first, then the stack file changes", async () => {
    const before = tmpFile(cache());
    const after = tmpFile(cache("      port: 6380\n"));
    const r = await cli("diff", before, after, "--format", "markdown");
    assert.strictEqual(r.code, 1);
    const nodeId = /`dimensions\.CacheClusterId`: (cache-replication-group-[0-9a-f]+-001) →/.exec(r.out)?.[1];
    assert.ok(nodeId, r.out);
    const refusal = `cache: cache-replication-group (aws:elasticache/replicationGroup:ReplicationGroup) is replaced because port forces a new resource: the new one starts empty, and the old one is deleted with every key in the cluster; if that is intended, pass --allow-replace cache`;
    assert.strictEqual(r.out.replace(/prices as of \d{4}-\d{2}-\d{2}/g, "prices as of DATE"), [
      "<!-- stackfile-diff -->",
      "### ⛔ stackfile diff: 1 refused change",
      "",
      `\`${after}\` compared with \`${before}\`, offline: 1 to replace, 0 to delete, 0 to create, 4 to update.`,
      "",
      // One line always (the pull-request comment says what the change does to the bill, even nothing).
      // 11.68 for the node, 0.30 for its three alarms (cpu, memory, evictions).
      "Monthly cost (fixed): 11.98 → 11.98 USD (no change), us-east-1 prices as of DATE.",
      "",
      "| | resource | action | details |",
      "|---|---|---|---|",
      `| ⛔ refused | \`${after}:7:13\` | | ${refusal} |`,
      "| ⚠️ data loss | `cache-replication-group` (cache)<br>aws:elasticache/replicationGroup:ReplicationGroup | replace | because `port`; loses every key in the cluster |",
      // The alarms watch the group's nodes by id; a replaced group's nodes get new ids.
      ...["cpu", "evictions", "memory"].map(
        (a) => `|  | \`cache-${a}-alarm\` (cache)<br>aws:cloudwatch/metricAlarm:MetricAlarm | update | \`dimensions.CacheClusterId\`: ${nodeId} → (known after cache-replication-group is replaced) |`,
      ),
      "|  | `cache-vpc-ingress` (cache)<br>aws:vpc/securityGroupIngressRule:SecurityGroupIngressRule | update | `fromPort`: 6379 → 6380<br>`toPort`: 6379 → 6380 |",
      "",
      "A refused change fails this check. Fix it, or, where losing the data is intended, add the label `allow-replace:cache` to this pull request: " +
        "the workflow of examples/ci then runs the diff with `--allow-replace` for that resource (locally: `stackfile diff OLD NEW --allow-replace <resource>`).",
      "",
      "<details><summary>Stack file changes (1)</summary>",
      "",
      "```",
      "~ cache (redis-cluster): changed",
      "    port: (unset) -> 6380",
      "```",
      "",
      "</details>",
    ].join("\n"));
    assert.strictEqual(r.err, `${after}:7:13: ${refusal}`);
    const ok = await cli("diff", before, tmpFile(cache().replace("micro", "small")), "--format=markdown");
    assert.strictEqual(ok.code, 0);
    assert.match(ok.out, /^<!-- stackfile-diff -->\n### ✅ stackfile diff: every change is allowed\n/);
  });

  it("json: {config, resources: [{name, type, action, changed, values, replaceBecause, dataLoss}], refused: [{file, line, col, message}]}", async () => {
    const after = tmpFile(cache("      port: 6380\n"));
    const r = await cli("diff", tmpFile(cache()), after, "--format", "json");
    const json = JSON.parse(r.out);
    assert.deepStrictEqual(Object.keys(json), ["config", "resources", "refused", "cost"]);
    assert.deepStrictEqual(json.config, [{ resource: "cache", type: "redis-cluster", action: "changed", changes: [{ property: "port", old: null, new: 6380 }] }]);
    // The replaced group, its three alarms (their node ids change with it) and the ingress rule.
    const keys = ["name", "type", "action", "changed", "values", "replaceBecause", "dataLoss"];
    assert.deepStrictEqual(json.resources.map((x: object) => Object.keys(x)), [keys, keys, keys, keys, keys]);
    assert.deepStrictEqual(json.refused.map((p: object) => Object.keys(p)), [["file", "line", "col", "message"]]);
    assert.deepStrictEqual([json.refused[0].file, json.refused[0].line, json.refused[0].col], [after, 7, 13]);
  });

  it("text: the stack file changes, then each resource with its changed inputs", async () => {
    const r = await cli("diff", tmpFile(cache()), tmpFile(cache().replace("micro", "small")));
    assert.strictEqual(r.code, 0);
    assert.strictEqual(r.out.replace(/prices as of \d{4}-\d{2}-\d{2}/g, "prices as of DATE"), [
      "~ cache (redis-cluster): changed",
      "    instanceSize: cache.t4g.micro -> cache.t4g.small",
      "",
      "Resources (what pulumi up would do, previewed offline: 0 to replace, 0 to delete, 0 to create, 1 to update):",
      "  ~  cache-replication-group  aws:elasticache/replicationGroup:ReplicationGroup  update",
      "       nodeType: cache.t4g.micro -> cache.t4g.small",
      "",
      // One cache.t4g.micro node (0.016 a node-hour) becomes one cache.t4g.small (0.032), 730 hours; the three alarms (0.30) stay.
      "Monthly cost (fixed): 11.98 -> 23.66 USD (+11.68 USD; us-east-1 prices as of DATE)",
      "  cache: 11.98 -> 23.66 USD (+11.68)",
    ].join("\n"));
  });

  it("- reads a file from standard input (named <stdin> in positions)", () => {
    const old = spawnCli(cache(), "diff", "-", tmpFile(cache().replace("micro", "small")), "--format", "json");
    assert.strictEqual(old.code, 0, old.err);
    assert.strictEqual(JSON.parse(old.out).resources[0].changed[0], "nodeType");
    const fresh = spawnCli(cache("      port: 6380\n"), "diff", tmpFile(cache()), "-");
    assert.strictEqual(fresh.code, 1);
    assert.match(fresh.err, /^<stdin>:7:13: cache: cache-replication-group .* is replaced because port/m);
  });

  it("--new-stack: the base has no stack yet, so everything is created and nothing is lost", async () => {
    const r = await cli("diff", "--new-stack", tmpFile(cache()), "--format", "json");
    assert.strictEqual(r.code, 0, r.err);
    const json = JSON.parse(r.out);
    assert.deepStrictEqual(json.config, [{ resource: "cache", type: "redis-cluster", action: "added", changes: [] }]);
    assert.ok(json.resources.length >= 6 && json.resources.every((x: { action: string }) => x.action === "create"));
    const md = await cli("diff", "--new-stack", tmpFile(cache()), "--format", "markdown");
    assert.match(md.out, /compared with an empty stack \(new stack\), offline: 0 to replace, 0 to delete, 10 to create, 0 to update\./);
  });

  it("usage errors exit 2 and never repeat an option's value", async () => {
    const a = tmpFile(cache());
    for (const argv of [
      [a, a, "--format=hunter2-secret"],
      [a, a, "--format", "hunter2-secret"],
      [a, a, "--allow-replace", "hunter2secret"],
      [a, a, "--frobnicate=hunter2-secret"],
      [a, a, "--region", "hunter2-secret"],
      ["--new-stack", a, a],
      [a],
      ["-", "-"],
    ]) {
      const r = await cli("diff", ...argv);
      assert.strictEqual(r.code, 2, argv.join(" "));
      assert.ok(!/hunter2/.test(r.err + r.out), `${argv.join(" ")}: ${r.err}`);
      assert.ok(!/\n\s+at /.test(r.err), "no stack trace");
    }
    assert.match((await cli("diff", a, a, "--allow-replace", "nope")).err, /--allow-replace names a resource that is in neither file; resources: cache/);
    assert.match((await cli("diff", a, a, "--frobnicate=x")).err, /^stackfile diff: unknown option --frobnicate for diff$/m);
  });

  it("never prints a secret value, in any format: secret fields, $Secret values, Pulumi secret outputs", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "diff-secrets-"));
    fs.writeFileSync(path.join(dir, "fn.js"), "exports.handler = async () => ({ statusCode: 200 });\n");
    const stack = (n: string) => `resources:
  cache:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.micro
      defaultUserPassword: Literal-Password-000${n}
      logging:
        logForwarding:
          type: http-endpoint
          properties:
            endpointUrl: https://logs.example.com/in
            accessKey: Literal-Access-Key-000${n}
  api:
    type: http-api-gateway
    properties:
      logging:
        logForwarding:
          type: logs-vendor-a
          properties:
            apiKey: Literal-Api-Key-000${n}
  fn:
    type: function
    properties:
      entryfilePath: ./fn.js
      environment:
        - name: REDIS_URL
          value: $ResourceParam('cache', 'connectionString')
        - name: TOKEN
          value: $Secret(token${n})
`;
    const before = tmpFile(stack("1"), "before.yaml", dir);
    const after = tmpFile(stack("2"), "after.yaml", dir);
    for (const format of ["text", "markdown", "json"]) {
      const r = await cli("diff", before, after, "--format", format);
      assert.strictEqual(r.code, 0, `${format}: ${r.err}`);
      const all = r.out + r.err;
      for (const secret of ["Literal-Password", "Literal-Access-Key", "Literal-Api-Key", "Placeholder-", "rediss://"]) {
        assert.ok(!all.includes(secret), `${format} shows ${secret}`);
      }
      assert.match(r.out, /\[secret\]/, `${format} says a secret changed`);
    }
    const text = (await cli("diff", before, after)).out;
    assert.match(text, /^ {4}defaultUserPassword: \[secret\] -> \[secret\]$/m);
    assert.match(text, /^ {7}authToken: \[secret\] -> \[secret\]$/m);
    // Only the secret value is secret, where it is nested, as Pulumi keeps it.
    assert.match(text, /^ {2}~ {2}fn-function .*\n {7}environment\.variables\.REDIS_URL: \[secret\] -> \[secret\]\n {7}environment\.variables\.TOKEN: \[secret\] -> \[secret\]$/m);
    assert.match(text, /^ {2}~ {2}cache-log-forwarding-stream .*\n {7}httpEndpointConfiguration\.accessKey: \[secret\] -> \[secret\]$/m);
  });
});

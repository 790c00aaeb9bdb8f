// What `plan` checks after the program ran: values that arrived through
// directives, the preview guard's own check, and (see aws-rules) the catalog.
import * as assert from "assert";
import { cli, tmpFile } from "./cli-helpers";


describe("plan: what the preview guard refuses fails plan", () => {
  it("a $Secret password the guard refuses exits 1 at the password's line, without the password", async () => {
    const f = tmpFile("resources:\n  cache:\n    type: redis-cluster\n    properties:\n      instanceSize: cache.t4g.micro\n      defaultUserPassword: $Secret(pw)\n");
    const r = await cli("plan", f, "--secret", "pw=short");
    assert.strictEqual(r.code, 1, r.out);
    assert.match(r.err, new RegExp(`^${f}:6:28: defaultUserPassword must be 16 to 128 characters long`, "m"));
    assert.strictEqual(r.err.trim().split("\n").length, 1, `said once: ${r.err}`);
    assert.ok(!r.err.includes("short") && !r.out.includes("short"), "the password never shows");
  });

  it("a password with a character ElastiCache refuses: the rule, not the character or its place", async () => {
    const f = tmpFile("resources:\n  cache:\n    type: redis-cluster\n    properties:\n      instanceSize: cache.t4g.micro\n      defaultUserPassword: $Secret(pw)\n");
    const r = await cli("plan", f, "--secret", "pw=Correct-Horse-Battery/1");
    assert.strictEqual(r.code, 1);
    assert.match(r.err, /:6:28: defaultUserPassword must not contain/);
    assert.ok(!/character \d+|Correct-Horse/.test(r.err), r.err);
  });
});

describe("plan: values that arrive through directives meet the same ranges as literal ones", () => {
  it("numReplicaNodes from another resource's port is refused at the directive's line", async () => {
    const f = tmpFile(`resources:
  other:
    type: redis-cluster
    properties: { instanceSize: cache.t4g.micro, defaultUserPassword: $Secret(passwordSecret), port: 6380 }
  cache:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.micro
      defaultUserPassword: $Secret(passwordSecret)
      numReplicaNodes: $ResourceParam('other', 'port')
`);
    assert.strictEqual((await cli("validate", f)).code, 0, "validate cannot know the value");
    const r = await cli("plan", f);
    assert.strictEqual(r.code, 1, r.out);
    assert.strictEqual(r.err, `${f}:10:24: numReplicaNodes must be at most 5 (it is 6380); allowed: 0 to 5 (the value of $ResourceParam('other', 'port'))`);
  });

  it("an interpolated string is checked whole (an endpoint that must be https)", async () => {
    const f = tmpFile(`resources:
  api:
    type: http-api-gateway
  logs:
    type: http-api-gateway
    properties:
      logging:
        logForwarding:
          type: http-endpoint
          properties:
            endpointUrl: "http://$ResourceParam(api, domain)/ingest"
`);
    const r = await cli("plan", f);
    assert.strictEqual(r.code, 1, r.out);
    assert.match(r.err, new RegExp(`^${f}:11:26: endpointUrl .*does not match \\^https://`));
  });

  it("a $Secret value that breaks a range is refused without showing it", async () => {
    const f = tmpFile("resources:\n  cache:\n    type: redis-cluster\n    properties:\n      instanceSize: $Secret(size)\n      defaultUserPassword: $Secret(passwordSecret)\n");
    const r = await cli("plan", f, "--secret", "size=cache.tiny.secretvalue");
    assert.strictEqual(r.code, 1);
    assert.match(r.err, /:5:21: instanceSize must be one of the \d+ allowed values, not a secret value/);
    assert.ok(!r.err.includes("secretvalue"), r.err);
  });

  it("a value in range plans (exit 0)", async () => {
    const f = tmpFile(`resources:
  other:
    type: redis-cluster
    properties: { instanceSize: cache.t4g.micro, defaultUserPassword: $Secret(passwordSecret), port: 6380 }
  cache:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.micro
      defaultUserPassword: $Secret(passwordSecret)
      port: $ResourceParam('other', 'port')
`);
    const r = await cli("plan", f);
    assert.strictEqual(r.code, 0, r.err);
  });
});

describe("plan: the AWS rule catalog", () => {
  it("refuses a value of the file AWS would refuse at the property that holds it", async () => {
    const f = tmpFile(`resources:
  cache:
    type: redis-cluster
    properties:
      instanceSize: cache.t2.micro
      defaultUserPassword: $Secret(passwordSecret)
`);
    const r = await cli("plan", f);
    assert.strictEqual(r.code, 1);
    assert.match(r.err, new RegExp(`^${f}:5:21: cache-replication-group \\(aws:elasticache/replicationGroup:ReplicationGroup\\) nodeType: .*T2`));
  });

  it("refuses an override AWS would refuse, at the override, naming the resource, the input and the rule's source", async () => {
    const f = tmpFile(`resources:
  cache:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.micro
      defaultUserPassword: $Secret(passwordSecret)
    overrides:
      replicationGroup:
        transitEncryptionMode: required
`);
    const r = await cli("plan", f);
    assert.strictEqual(r.code, 1);
    assert.match(r.err, new RegExp(`^${f}:9:9: cache-replication-group \\(aws:elasticache/replicationGroup:ReplicationGroup\\) transitEncryptionMode: ElastiCache accepts a transit encryption mode only from engine 7.0, and engineVersion is 6.2; .*\\[rule elasticache/transit-encryption-mode-engine; source: https://docs.aws.amazon.com/`));
  });

  it("a quota holds at its AWS default unless --quota raises it", async () => {
    const f = tmpFile(`resources:
  cache:
    type: redis-cluster
    properties:
      instanceSize: cache.r7g.large
      defaultUserPassword: $Secret(passwordSecret)
      enableSharding: true
      numShards: 46
      numReplicaNodes: 1
`);
    const r = await cli("plan", f);
    assert.strictEqual(r.code, 1);
    assert.match(r.err, new RegExp(`^${f}:8:18: cache-replication-group .* numNodeGroups: 46 shards of 2 nodes are 92 nodes, more than the 90 .*--quota elasticache/nodes-per-cluster=N`));
    assert.strictEqual((await cli("plan", f, "--quota", "elasticache/nodes-per-cluster=250")).code, 0);
    assert.strictEqual((await cli("plan", f, "--quota", "nope")).code, 2);
  });
});

describe("plan: region-dependent rules", () => {
  const gateway = (arn: string) => tmpFile(`resources:
  api:
    type: http-api-gateway
    properties:
      customDomains:
        - domainName: api.example.com
          customCertificateArn: ${arn}
`);
  const arn = (region: string) => `arn:aws:acm:${region}:123456789012:certificate/0a1b2c3d-0000-1111-2222-333344445555`;

  it("a regional domain's certificate from another region is refused for the stack's region", async () => {
    const f = gateway(arn("eu-west-1"));
    const r = await cli("plan", f);
    assert.strictEqual(r.code, 1);
    assert.match(r.err, new RegExp(`^${f}:7:33: api-domain-name-api-example-com \\(aws:apigatewayv2/domainName:DomainName\\) domainNameConfiguration.certificateArn: the certificate is in eu-west-1, but a regional domain of an API in us-east-1 needs one from us-east-1`));
    assert.strictEqual((await cli("plan", f, "--region", "eu-west-1")).code, 0, "the same file plans for eu-west-1");
  });
});

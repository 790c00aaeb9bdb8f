import * as assert from "assert";
import * as pulumi from "@pulumi/pulumi";
import { RedisCluster, type RedisClusterArgs } from "../../../src/components/redis-cluster";
import { run, outputValue, isSecretOutput, secretInput, T } from "../../harness";

const PASSWORD = "Correct-Horse-Battery-1";
const base: RedisClusterArgs = { instanceSize: "cache.t4g.micro", defaultUserPassword: PASSWORD };

async function make(args: Partial<RedisClusterArgs> = {}, opts = {}) {
  return run(() => new RedisCluster("cache", { ...base, ...args } as RedisClusterArgs), opts);
}

describe("RedisCluster", () => {
  it("makes a TLS-only, encrypted, password-protected replication group with the spec's defaults", async () => {
    const r = await make();
    const rg = r.one(T.replicationGroup).inputs;
    assert.strictEqual(rg.engine, "redis");
    assert.strictEqual(rg.engineVersion, "6.2");
    assert.strictEqual(rg.nodeType, "cache.t4g.micro");
    assert.strictEqual(rg.port, 6379);
    assert.strictEqual(rg.transitEncryptionEnabled, true);
    // ElastiCache refuses a transit encryption mode below 7.0 (6.2 is the default);
    // TLS is required all the same: that is what enabling it at creation means.
    assert.strictEqual(rg.transitEncryptionMode, undefined);
    assert.strictEqual(rg.atRestEncryptionEnabled, true);
    assert.strictEqual(secretInput(rg.authToken), PASSWORD);
    assert.strictEqual(rg.clusterMode, "disabled");
    assert.strictEqual(rg.numCacheClusters, 1);
    assert.strictEqual(rg.automaticFailoverEnabled, false);
    assert.strictEqual(rg.multiAzEnabled, false);
    assert.strictEqual(rg.snapshotRetentionLimit, 0);
    assert.strictEqual(rg.numNodeGroups, undefined);
  });

  it("names every child <name>-<child-id> and parents it to the component", async () => {
    const r = await make();
    const children = r.resources.filter((x) => x.parent === "cache").map((x) => x.name).sort();
    assert.deepStrictEqual(children, [
      "cache-cpu-alarm", "cache-evictions-alarm", "cache-memory-alarm", "cache-parameter-group", "cache-replication-group", "cache-security-group", "cache-slow-log",
      "cache-subnet-group", "cache-update-guard", "cache-vpc-ingress",
    ]);
    assert.strictEqual(r.one(T.redis).parent, null);
  });

  it("maps instanceSize, port, engineVersion and automatedBackupRetentionDays", async () => {
    const r = await make({ instanceSize: "cache.r7g.xlarge", port: 6380, engineVersion: "7.1", automatedBackupRetentionDays: 14 });
    const rg = r.one(T.replicationGroup).inputs;
    assert.strictEqual(rg.nodeType, "cache.r7g.xlarge");
    assert.strictEqual(rg.port, 6380);
    assert.strictEqual(rg.engineVersion, "7.1");
    assert.strictEqual(rg.snapshotRetentionLimit, 14);
    assert.strictEqual(r.one(T.parameterGroup).inputs.family, "redis7");
    assert.strictEqual(r.one(T.ingress).inputs.fromPort, 6380);
    assert.strictEqual(r.one(T.ingress).inputs.toPort, 6380);
  });

  it("sends no transit encryption mode on any engine: AWS requires TLS when it is enabled at creation, and an upgrade from 6.x changes nothing", async () => {
    for (const v of ["6.0", "6.2", "7.0", "7.1"] as const) {
      const rg = (await make({ engineVersion: v, instanceSize: "cache.t4g.small" })).one(T.replicationGroup).inputs;
      assert.deepStrictEqual([v, rg.transitEncryptionEnabled, rg.transitEncryptionMode], [v, true, undefined]);
    }
  });

  it("uses the redis6.x parameter family for 6.0 and 6.2", async () => {
    for (const v of ["6.0", "6.2"] as const) {
      const r = await make({ engineVersion: v });
      assert.strictEqual(r.one(T.parameterGroup).inputs.family, "redis6.x");
    }
  });

  it("without sharding: replicas become cache clusters, failover and multi-AZ follow enableAutomaticFailover", async () => {
    const r = await make({ numReplicaNodes: 2, enableAutomaticFailover: true });
    const rg = r.one(T.replicationGroup).inputs;
    assert.strictEqual(rg.numCacheClusters, 3);
    assert.strictEqual(rg.automaticFailoverEnabled, true);
    assert.strictEqual(rg.multiAzEnabled, true);
    assert.deepStrictEqual(r.one(T.parameterGroup).inputs.parameters, [{ name: "cluster-enabled", value: "no" }]);
  });

  it("with sharding: cluster mode on, shards and replicas per shard, failover always on", async () => {
    const r = await make({ enableSharding: true, numShards: 3, numReplicaNodes: 1 });
    const rg = r.one(T.replicationGroup).inputs;
    assert.strictEqual(rg.clusterMode, "enabled");
    assert.strictEqual(rg.numNodeGroups, 3);
    assert.strictEqual(rg.replicasPerNodeGroup, 1);
    assert.strictEqual(rg.numCacheClusters, undefined);
    assert.strictEqual(rg.automaticFailoverEnabled, true);
    assert.strictEqual(rg.multiAzEnabled, true);
    assert.deepStrictEqual(r.one(T.parameterGroup).inputs.parameters, [{ name: "cluster-enabled", value: "yes" }]);
  });

  it("puts the cluster in the default VPC's subnets", async () => {
    const r = await make();
    assert.deepStrictEqual(r.invokes.map((i) => i.token).sort(), ["aws:ec2/getSubnets:getSubnets", "aws:ec2/getVpc:getVpc", "pulumi:pulumi:readStackResourceOutputs"]);
    assert.deepStrictEqual(r.invokes.find((i) => i.token === "aws:ec2/getVpc:getVpc")!.inputs, { default: true });
    const subnets = r.one(T.subnetGroup).inputs.subnetIds as string[];
    assert.strictEqual(subnets.length, 4);
    assert.ok(subnets.every((s) => s.startsWith("subnet-")));
    const rg = r.one(T.replicationGroup).inputs;
    assert.strictEqual(rg.subnetGroupName, r.one(T.subnetGroup).state.name);
    assert.deepStrictEqual(rg.securityGroupIds, [r.one(T.securityGroup).id]);
    assert.strictEqual(rg.parameterGroupName, r.one(T.parameterGroup).state.name);
    assert.strictEqual(r.one(T.securityGroup).inputs.vpcId, "vpc-0a1b2c3d4e5f60718");
  });

  it("accessibility vpc (default) opens only the port, only to the VPC's CIDR", async () => {
    const r = await make();
    const rule = r.one(T.ingress).inputs;
    assert.deepStrictEqual(
      { proto: rule.ipProtocol, from: rule.fromPort, to: rule.toPort, cidr: rule.cidrIpv4, sg: rule.securityGroupId },
      { proto: "tcp", from: 6379, to: 6379, cidr: "172.31.0.0/16", sg: r.one(T.securityGroup).id },
    );
    assert.strictEqual(r.one(T.securityGroup).inputs.ingress, undefined);
  });

  it("accessibility scoping-workloads-in-vpc opens nothing and exposes the security group", async () => {
    let cluster: RedisCluster | undefined;
    const r = await run(() => {
      cluster = new RedisCluster("cache", { ...base, accessibility: { accessibilityMode: "scoping-workloads-in-vpc" } });
    });
    assert.strictEqual(r.all(T.ingress).length, 0);
    assert.strictEqual(await outputValue(cluster!.securityGroupId), r.one(T.securityGroup).id);
  });

  it("delivers the slow log to its own log group: json by default, 90 days", async () => {
    const r = await make();
    const log = r.one(T.logGroup);
    assert.strictEqual(log.inputs.retentionInDays, 90);
    assert.deepStrictEqual(r.one(T.replicationGroup).inputs.logDeliveryConfigurations, [
      { destination: log.state.name, destinationType: "cloudwatch-logs", logFormat: "json", logType: "slow-log" },
    ]);
  });

  it("logging.format text and retentionDays reach the delivery and the log group", async () => {
    const r = await make({ logging: { format: "text", retentionDays: 7 } });
    assert.strictEqual(r.one(T.logGroup).inputs.retentionInDays, 7);
    assert.strictEqual(r.one(T.replicationGroup).inputs.logDeliveryConfigurations[0].logFormat, "text");
  });

  it("logging.disabled makes no log group and no delivery", async () => {
    const r = await make({ logging: { disabled: true } });
    assert.strictEqual(r.all(T.logGroup).length, 0);
    assert.deepStrictEqual(r.one(T.replicationGroup).inputs.logDeliveryConfigurations, []);
  });

  it("registers an update guard with the rule inputs and the group's saved state (none in a plan), and the replication group waits for it", async () => {
    const r = await make({ numReplicaNodes: 1, enableAutomaticFailover: true });
    const guard = r.one(T.redisGuard);
    assert.deepStrictEqual(
      { ...guard.inputs, __provider: undefined },
      {
        __provider: undefined, enableSharding: false, numShards: 1, numReplicaNodes: 1, enableAutomaticFailover: true,
        engineVersion: "6.2", passwordProblem: "", guardVersion: 2, deployed: null,
      },
    );
    assert.strictEqual(typeof guard.inputs.__provider, "string");
    assert.ok(!String(guard.inputs.__provider).includes(PASSWORD));
    // The guard is checked before the group is touched, even by `up --skip-preview`; it waits for nothing of the cluster.
    assert.ok(r.one(T.replicationGroup).dependsOn.includes("cache-update-guard"), "the replication group waits for the guard");
    assert.ok(!guard.dependsOn.includes("cache-replication-group"), "the guard does not wait for the group");
    // What it compares with: the stack's last saved state, read once through the engine's built-in provider.
    assert.deepStrictEqual(r.invokes.filter((i) => i.token === "pulumi:pulumi:readStackResourceOutputs").map((i) => i.inputs), [{ stackName: "organization/stackfile/plan" }]);
  });

  it("reads the stack's saved state once per program run, however many clusters read it", async () => {
    const r = await run(() => {
      new RedisCluster("one", base);
      new RedisCluster("two", base);
    });
    assert.strictEqual(r.invokes.filter((i) => i.token === "pulumi:pulumi:readStackResourceOutputs").length, 1);
    assert.deepStrictEqual(r.all(T.redisGuard).map((g) => g.inputs.deployed), [null, null]);
  });

  it("outputs host, port, sharding and secret connection strings (not sharded: reader too)", async () => {
    let c: RedisCluster | undefined;
    const r = await run(() => {
      c = new RedisCluster("cache", { ...base, numReplicaNodes: 1 });
    });
    const state = r.one(T.replicationGroup).state;
    assert.strictEqual(await outputValue(c!.host), state.primaryEndpointAddress);
    assert.strictEqual(await outputValue(c!.readerHost!), state.readerEndpointAddress);
    assert.strictEqual(await outputValue(c!.port), 6379);
    assert.strictEqual(await outputValue(c!.readerPort!), 6379);
    assert.strictEqual(await outputValue(c!.sharding), "disabled");
    assert.strictEqual(await outputValue(c!.connectionString), `rediss://default:${PASSWORD}@${state.primaryEndpointAddress}:6379`);
    assert.strictEqual(await outputValue(c!.readerConnectionString!), `rediss://default:${PASSWORD}@${state.readerEndpointAddress}:6379`);
    assert.strictEqual(await isSecretOutput(c!.connectionString), true);
    assert.strictEqual(await isSecretOutput(c!.readerConnectionString), true);
    assert.strictEqual(await isSecretOutput(c!.host), false);
  });

  it("sharded: host is the configuration endpoint and there is no reader", async () => {
    let c: RedisCluster | undefined;
    const r = await run(() => {
      c = new RedisCluster("cache", { ...base, enableSharding: true, numReplicaNodes: 1 });
    });
    assert.strictEqual(await outputValue(c!.host), r.one(T.replicationGroup).state.configurationEndpointAddress);
    assert.strictEqual(await outputValue(c!.sharding), "enabled");
    assert.strictEqual(c!.readerHost, undefined);
    assert.strictEqual(c!.readerConnectionString, undefined);
  });

  it("URL-encodes the password in the connection string", async () => {
    let c: RedisCluster | undefined;
    await run(() => {
      c = new RedisCluster("cache", { ...base, defaultUserPassword: "abc#def$ghi&jkl<mn>" });
    });
    assert.match(await outputValue(c!.connectionString), /^rediss:\/\/default:abc%23def%24ghi%26jkl%3Cmn%3E@/);
  });

  it("keeps a password given as a secret Output secret and judges it through the guard, by a verdict that holds no clue to it", async () => {
    const r = await run(() => new RedisCluster("cache", { ...base, defaultUserPassword: pulumi.secret("too-short") }));
    assert.strictEqual(secretInput(r.one(T.replicationGroup).inputs.authToken), "too-short");
    assert.strictEqual(r.one(T.redisGuard).inputs.passwordProblem, "defaultUserPassword must be 16 to 128 characters long");
  });

  it("instanceSize and numShards changes touch no identifying input of the group", async () => {
    const a = (await make({ enableSharding: true, numShards: 2, numReplicaNodes: 1 })).one(T.replicationGroup);
    const b = (await make({ enableSharding: true, numShards: 4, numReplicaNodes: 1, instanceSize: "cache.m7g.large" })).one(T.replicationGroup);
    const changed = Object.keys({ ...a.inputs, ...b.inputs })
      .filter((k) => JSON.stringify(a.inputs[k]) !== JSON.stringify(b.inputs[k])).sort();
    assert.deepStrictEqual(changed, ["nodeType", "numNodeGroups"]);
    assert.strictEqual(a.inputs.replicationGroupId, undefined, "the group id is left to auto-naming");
  });

  it("refuses invalid arguments in the constructor with every problem named", async () => {
    assert.throws(
      () => new RedisCluster("bad", { instanceSize: "cache.t9.huge" as any, defaultUserPassword: "short", enableSharding: true, port: 70000 }),
      (err: Error) => {
        assert.ok(err instanceof pulumi.RunError);
        assert.match(err.message, /RedisCluster 'bad' has invalid arguments/);
        assert.match(err.message, /instanceSize must be one of/);
        assert.match(err.message, /port must be at most 65535/);
        assert.match(err.message, /numReplicaNodes must be at least 1 when enableSharding is true/);
        assert.match(err.message, /defaultUserPassword must be 16 to 128 characters/);
        return true;
      },
    );
  });

  it("does not judge Output arguments at construction", async () => {
    const r = await run(() => new RedisCluster("cache", { ...base, numReplicaNodes: pulumi.output(2), port: pulumi.output(7000) }));
    assert.strictEqual(r.one(T.replicationGroup).inputs.numCacheClusters, 3);
    assert.strictEqual(r.one(T.replicationGroup).inputs.port, 7000);
  });

  it("transform adjusts a named child's arguments", async () => {
    const r = await make({
      transform: { replicationGroup: (a) => ({ ...a, maintenanceWindow: "sun:05:00-sun:06:00" }), slowLog: (a) => { a.retentionInDays = 1; } },
    });
    assert.strictEqual(r.one(T.replicationGroup).inputs.maintenanceWindow, "sun:05:00-sun:06:00");
    assert.strictEqual(r.one(T.logGroup).inputs.retentionInDays, 1);
  });

  it("registers the same resources with the same inputs in preview", async () => {
    const up = await make({ numReplicaNodes: 1 });
    const preview = await make({ numReplicaNodes: 1 }, { preview: true });
    assert.deepStrictEqual(preview.resources.map((x) => x.name).sort(), up.resources.map((x) => x.name).sort());
    const rg = preview.one(T.replicationGroup).inputs;
    assert.strictEqual(rg.nodeType, "cache.t4g.micro");
    assert.strictEqual(rg.numCacheClusters, 2);
    assert.strictEqual(secretInput(rg.authToken), PASSWORD);
  });
});

// The component provider a Pulumi YAML, Python or Go program makes
// stackfile's components through (src/pulumi-package/provider.ts), called as
// the engine calls it, under the mock engine: `construct` makes the
// component with the options Pulumi gives, returns its outputs, and refuses
// bad inputs with the message a TypeScript program gets; `check` returns
// every problem with its property path.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import { StackfileProvider } from "../../src/pulumi-package/provider";
import { componentArgs } from "../../src/pulumi-package/inputs";
import { registry } from "../../src/config/registry";
import { RedisCluster } from "../../src/components/redis-cluster";
import { run, outputValue, isSecretOutput, G, T, type RegisteredResource } from "../harness";

const PW = "Correct-Horse-Battery-1";
const URN = (type: string, name: string) => `urn:pulumi:dev::proj::${type}::${name}`;

/** Runs the provider's construct under the mock engine, as the engine would call it. */
async function construct(type: string, name: string, inputs: Record<string, unknown>, opts: pulumi.ComponentResourceOptions = {}) {
  const provider = new StackfileProvider();
  return run(async () => {
    const made = await provider.construct(name, type, inputs as pulumi.Inputs, opts);
    const state: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(made.state)) state[k] = { value: await outputValue(v as pulumi.Output<unknown>), secret: await isSecretOutput(v as pulumi.Output<unknown>) };
    return { urn: await outputValue(pulumi.output(made.urn)), state };
  });
}

/** The error construct refuses with. */
async function refusal(type: string, name: string, inputs: Record<string, unknown>): Promise<string> {
  const provider = new StackfileProvider();
  try {
    await run(() => provider.construct(name, type, inputs as pulumi.Inputs, {}));
  } catch (err) {
    return (err as Error).message;
  }
  assert.fail("construct should have refused the inputs");
}

const names = (rs: RegisteredResource[]) => rs.map((r) => `${r.type} ${r.name}`).sort();

describe("the component provider (pulumi-resource-stackfile)", function () {
  this.timeout(120000);

  it("construct makes a RedisCluster from its inputs and returns its outputs, the connection string secret", async () => {
    const r = await construct(T.redis, "cache", { instanceSize: "cache.t4g.small", numReplicaNodes: 1, enableAutomaticFailover: true, defaultUserPassword: pulumi.secret(PW) });
    const direct = await run(() => new RedisCluster("cache", { instanceSize: "cache.t4g.small", numReplicaNodes: 1, enableAutomaticFailover: true, defaultUserPassword: pulumi.secret(PW) }));
    assert.deepStrictEqual(names(r.resources), names(direct.resources), "the same resources as the TypeScript component");
    assert.strictEqual(r.one(T.replicationGroup).inputs.numCacheClusters, 2);
    assert.strictEqual(r.one(T.replicationGroup).inputs.automaticFailoverEnabled, true);
    const result = await r.result;
    const state = result.state as Record<string, { value: unknown; secret: boolean }>;
    assert.deepStrictEqual(Object.keys(state).sort(), ["connectionString", "host", "port", "readerConnectionString", "readerHost", "readerPort", "sharding"]);
    assert.strictEqual(state.connectionString.secret, true);
    assert.match(String(state.connectionString.value), /^rediss:\/\/default:Correct-Horse-Battery-1@/);
    assert.strictEqual(state.port.value, 6379);
    assert.strictEqual(state.host.secret, false);
    assert.match(String(result.urn), /::stackfile:index:RedisCluster::cache$/);
  });

  it("construct passes the options Pulumi gives: parent, providers, aliases, and protect and retainOnDelete on the children that hold data", async () => {
    const provider = new StackfileProvider();
    const r = await run(async () => {
      const parent = new pulumi.ComponentResource("my:index:Group", "group");
      const east = new aws.Provider("east", { region: "us-east-1" });
      await provider.construct("cache", T.redis, { instanceSize: "cache.t4g.micro", defaultUserPassword: pulumi.secret(PW) } as pulumi.Inputs, {
        parent, providers: { aws: east }, protect: true, retainOnDelete: true, aliases: [{ name: "old-cache" }],
      });
    });
    assert.strictEqual(r.one(T.redis).parent, "group");
    assert.strictEqual(r.one(T.replicationGroup).provider, "east");
    assert.ok(r.one(T.redis).aliases.some((a) => a.endsWith("::old-cache")), r.one(T.redis).aliases.join(", "));
    assert.deepStrictEqual(r.resources.filter((x) => x.protect).map((x) => x.name).sort(), ["cache-replication-group", "cache-slow-log"]);
    assert.deepStrictEqual(r.resources.filter((x) => x.retainOnDelete).map((x) => x.name).sort(),
      ["cache-parameter-group", "cache-replication-group", "cache-security-group", "cache-slow-log", "cache-subnet-group"]);
  });

  it("check returns every problem of the inputs with its property path, as the stack file's rules find them", async () => {
    const provider = new StackfileProvider();
    const r = await provider.check(URN(T.redis, "cache"), {}, { instanceSize: "cache.x9.huge", numReplicaNodes: 0, enableAutomaticFailover: true, port: 70000, defaultUserPassword: PW });
    const byPath = new Map(r.failures!.map((f) => [f.property, f.reason]));
    assert.deepStrictEqual([...byPath.keys()].sort(), ["enableAutomaticFailover", "instanceSize", "port"]);
    assert.match(byPath.get("enableAutomaticFailover")!, /needs at least 1 replica/);
    const nested = await provider.check(URN(G.gateway, "api"), {}, { cors: { enabled: true, maxAge: -1 }, logging: { retentionDays: 13 } });
    assert.deepStrictEqual(nested.failures!.map((f) => f.property).sort(), ["cors.maxAge", "logging.retentionDays"]);
    assert.deepStrictEqual((await provider.check(URN(T.redis, "ok"), {}, { instanceSize: "cache.t4g.micro", defaultUserPassword: PW })).failures, []);
  });

  it("construct refuses bad inputs with the text a TypeScript program gets, every problem at once", async () => {
    const inputs = { instanceSize: "cache.t4g.micro", numReplicaNodes: 0, enableAutomaticFailover: true, automatedBackupRetentionDays: 40, defaultUserPassword: PW };
    let typescript = "";
    try {
      await run(() => new RedisCluster("cache", inputs as never));
    } catch (err) {
      typescript = (err as Error).message;
    }
    const message = await refusal(T.redis, "cache", inputs);
    assert.strictEqual(message, typescript);
    assert.match(message, /^RedisCluster 'cache' has invalid arguments:\n {2}- /);
    assert.match(message, /automatedBackupRetentionDays/);
    assert.match(message, /enableAutomaticFailover/);
  });

  it("refuses a name of another stack-file resource (a function's gateway, connectTo) where it stands, and takes connectTo aws:ses", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pkg-fn-"));
    fs.writeFileSync(path.join(dir, "hello.js"), "exports.handler = async () => ({ statusCode: 200 });\n");
    const provider = new StackfileProvider();
    const r = await provider.check(URN("stackfile:index:Function", "hello"), {}, {
      entryfilePath: path.join(dir, "hello.js"),
      connectTo: ["cache", "aws:ses"],
      events: [{ type: "http-api-gateway", properties: { httpApiGatewayName: "api", path: "/hello", method: "GET" } }],
    });
    assert.deepStrictEqual(r.failures!.map((f) => f.property).sort(), ["connectTo[0]", "events[0].properties.httpApiGatewayName"]);
    assert.match(r.failures!.find((f) => f.property === "connectTo[0]")!.reason, /connectTo names 'cache', a resource of a stack file/);
    const message = await refusal("stackfile:index:Function", "hello", { entryfilePath: path.join(dir, "hello.js"), connectTo: ["cache"] });
    assert.match(message, /^Function 'hello' has invalid arguments:\n {2}- connectTo\[0\]: connectTo names 'cache'/);
  });

  it("a gateway's routes go to a function's ARN: integration, route and permission, and the default CORS methods count them", async () => {
    const arn = "arn:aws:lambda:us-east-1:123456789012:function:hello-1234567";
    const r = await construct(G.gateway, "api", {
      cors: { enabled: true },
      routes: [{ path: "/hello", method: "GET", handler: pulumi.output(arn) }, { path: "/items", method: "POST", handler: arn }],
    });
    assert.deepStrictEqual(r.all(G.route).map((x) => x.inputs.routeKey).sort(), ["GET /hello", "POST /items"]);
    assert.deepStrictEqual(r.all(G.integration).map((x) => x.inputs.integrationUri), [arn, arn]);
    assert.ok(r.all(G.permission).length >= 1);
    assert.ok(r.all(G.permission).every((p) => p.inputs.function === arn));
    assert.deepStrictEqual(r.one(G.api).inputs.corsConfiguration.allowMethods, ["GET", "POST"]);
  });

  it("reads a relative path (a function's entry file, a site's app) from the working directory the engine runs it in: the project's folder", () => {
    const args = componentArgs(registry.function, { entryfilePath: "./functions/hello.ts", memory: 256 }, "/home/me/project");
    assert.deepStrictEqual(args, { entryfilePath: "/home/me/project/functions/hello.ts", memory: 256 });
    assert.strictEqual(componentArgs(registry["nextjs-web"], { appDirectory: "../site" }, "/home/me/project").appDirectory, "/home/me/site");
  });

  it("says which types it makes when asked for another", async () => {
    const tokens = Object.values(registry).map((e) => e.token).sort();
    assert.ok(tokens.includes("stackfile:index:RedisCluster"));
    await assert.rejects(new StackfileProvider().construct("x", "stackfile:index:Nope", {}, {}), (err: Error) => {
      assert.strictEqual(err.message, `unknown resource type stackfile:index:Nope; this provider makes ${tokens.join(", ")}`);
      return true;
    });
  });

  it("serves the package schema, at the package's version", async () => {
    const provider = new StackfileProvider();
    const schema = JSON.parse(await provider.getSchema());
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    assert.strictEqual(schema.version, require("../../package.json").version);
    assert.strictEqual(provider.version, schema.version);
    assert.ok(schema.resources["stackfile:index:RedisCluster"].isComponent);
  });
});

// The proof that a function's package works as Lambda runs it: the example
// handler (TypeScript, importing the `yaml` package and local modules),
// bundled by stackfile, unpacked and invoked in a fresh Node process with API
// Gateway events of payload 1.0 and 2.0; and, connected to a redis cluster,
// PINGing a real TLS redis-server through the variables stackfile injects.
import * as assert from "assert";
import * as pulumi from "@pulumi/pulumi";
import { parse } from "yaml";
import { Function } from "../../../src/components/function";
import { RedisCluster } from "../../../src/components/redis-cluster";
import { run, revealed } from "../../harness";
import { EXAMPLE_FUNCTION, gatewayAnswer, gatewayEvent, invoke, unpack } from "../../function-fixture";
import { hasRedisServer, startTlsRedis, type LocalRedis } from "../../redis-server";

describe("the example function, invoked as Lambda runs it", function () {
  this.timeout(120000);

  /** The function as the component registers it, with its package unpacked. */
  async function deployed(extra: Partial<ConstructorParameters<typeof Function>[1]> = {}, before?: () => Record<string, unknown>) {
    const r = await run(() => {
      const made = before?.() ?? {};
      return new Function("hello", { entryfilePath: EXAMPLE_FUNCTION, environment: [{ name: "GREETING", value: "Hi from the test" }], ...made, ...extra });
    });
    const fn = r.byName("hello-function")!;
    const env = revealed(fn.inputs.environment) as { variables: Record<string, string> };
    return { dir: unpack(r.result.bundle.archivePath), handler: fn.inputs.handler as string, env: env.variables };
  }

  it("answers payload 1.0 and 2.0 events as API Gateway expects, reading its environment", async () => {
    const { dir, handler, env } = await deployed();
    assert.strictEqual(handler, "index.handler");
    assert.strictEqual(env.NODE_OPTIONS, "--enable-source-maps");
    const events = [gatewayEvent("1.0", "GET", "/hello"), gatewayEvent("2.0", "GET", "/hello"), gatewayEvent("2.0", "GET", "/hello", { format: "yaml" })];
    const [v1, v2, yaml] = await invoke(dir, handler, events, env);
    const a1 = gatewayAnswer("1.0", v1);
    assert.deepStrictEqual([a1.status, a1.headers["content-type"]], [200, "application/json"]);
    assert.deepStrictEqual(JSON.parse(a1.body), { greeting: "Hi from the test", method: "GET", path: "/hello", payloadFormat: "1.0", connected: [] });
    const a2 = gatewayAnswer("2.0", v2);
    assert.deepStrictEqual(JSON.parse(a2.body), { greeting: "Hi from the test", method: "GET", path: "/hello", payloadFormat: "2.0", connected: [] });
    // The npm package (yaml) is in the bundle and works.
    const a3 = gatewayAnswer("2.0", yaml);
    assert.strictEqual(a3.headers["content-type"], "application/yaml");
    assert.deepStrictEqual(parse(a3.body).payloadFormat, "2.0");
  });

  it("sees the STP_ variables of what it connects to; a cache it cannot reach is a 502", async () => {
    const { dir, handler, env } = await deployed({}, () => ({ connectTo: [new Function("other", { entryfilePath: EXAMPLE_FUNCTION })] }));
    assert.match(env.STP_OTHER_ARN, /^arn:aws:lambda:us-east-1:\d{12}:function:other-function-/);
    const [answer] = await invoke(dir, handler, [gatewayEvent("2.0", "GET", "/hello")], env);
    assert.deepStrictEqual(JSON.parse(gatewayAnswer("2.0", answer).body).connected, ["STP_OTHER_ARN"]);
    const broken = await invoke(dir, handler, [gatewayEvent("2.0", "GET", "/redis")], { ...env, STP_CACHE_HOST: "127.0.0.1", STP_CACHE_PORT: "1" });
    assert.strictEqual(gatewayAnswer("2.0", broken[0]).status, 502);
  });

  describe("connected to a redis cluster, for real", () => {
    let redis: LocalRedis;
    before(async function () {
      if (!hasRedisServer()) {
        // .ci/run installs it; elsewhere: apt-get install redis-server.
        if (process.env.CI) throw new Error("redis-server is not installed");
        console.warn("    (skipped: redis-server is not installed; apt-get install redis-server)");
        this.skip();
      }
      redis = await startTlsRedis("Correct-Horse-Battery-42");
    });
    after(async () => redis?.stop());

    /** GET /redis with the variables the component injects for `connectTo: [cache]`, aimed at the local server; the password as `$Secret` gives it. */
    async function ping(password: string): Promise<{ status: number; body: Record<string, string> }> {
      const { dir, handler, env } = await deployed(
        { joinDefaultVpc: true, environment: [{ name: "REDIS_PASSWORD", value: pulumi.secret(password) }] },
        () => ({ connectTo: [new RedisCluster("cache", { instanceSize: "cache.t4g.micro", defaultUserPassword: redis.password })] }),
      );
      assert.deepStrictEqual(Object.keys(env).filter((k) => k.startsWith("STP_")).sort(), ["STP_CACHE_HOST", "STP_CACHE_PORT", "STP_CACHE_READER_HOST"]);
      assert.ok(Object.entries(env).every(([k, v]) => !k.startsWith("STP_") || !v.includes(redis.password)), "no STP_ variable holds the password");
      const local = { ...env, STP_CACHE_HOST: "127.0.0.1", STP_CACHE_READER_HOST: "127.0.0.1", STP_CACHE_PORT: String(redis.port), NODE_EXTRA_CA_CERTS: redis.caFile };
      const [result] = await invoke(dir, handler, [gatewayEvent("1.0", "GET", "/redis")], local);
      const answer = gatewayAnswer("1.0", result);
      return { status: answer.status, body: JSON.parse(answer.body) };
    }

    it("PINGs the TLS redis-server with the password from its environment", async () => {
      assert.deepStrictEqual(await ping(redis.password), { status: 200, body: { redis: "PONG" } });
    });

    it("and is refused with a wrong password (the check is real)", async () => {
      const r = await ping("wrong-password-0000");
      assert.strictEqual(r.status, 502);
      assert.match(r.body.error, /^AUTH failed: -WRONGPASS/);
    });
  });
});

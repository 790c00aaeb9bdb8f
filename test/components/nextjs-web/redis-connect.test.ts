// The real check of connectTo: the example app's /redis page, in the built
// server bundle, PINGs a real redis-server over TLS with a password, using
// the variables the component injects for `connectTo: [cache]`.
import * as assert from "assert";
import * as path from "path";
import { execFile } from "child_process";
import { promisify } from "util";
import { RedisCluster } from "../../../src/components/redis-cluster";
import { NextjsWeb } from "../../../src/components/nextjs-web";
import * as pulumi from "@pulumi/pulumi";
import { run, revealed, secretInput } from "../../harness";
import { EXAMPLE_APP, exampleBuild } from "../../nextjs-fixture";
import { hasRedisServer, startTlsRedis, type LocalRedis } from "../../redis-server";

describe("connectTo a redis cluster, for real", function () {
  this.timeout(300000);
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

  async function page(env: Record<string, string>): Promise<string> {
    const build = exampleBuild();
    const bundle = path.join(EXAMPLE_APP, build.output.origins.default.bundle);
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(__dirname, "../../fixtures/invoke-server.mjs"), bundle, "/redis"], {
      cwd: bundle, encoding: "utf8",
      env: { ...process.env, ...env, NODE_EXTRA_CA_CERTS: redis.caFile, AWS_ENDPOINT_URL_S3: "http://127.0.0.1:9", AWS_ENDPOINT_URL_DYNAMODB: "http://127.0.0.1:9", AWS_ACCESS_KEY_ID: "x", AWS_SECRET_ACCESS_KEY: "x", AWS_REGION: "us-east-1" },
    });
    const r = JSON.parse(stdout.trim());
    assert.strictEqual(r.status, 200);
    return /<p id="redis">([^<]*)<\/p>/.exec(r.body)![1];
  }

  /**
   * The server's environment as the component registers it for
   * `connectTo: [cache]` and a password from a secret (as `$Secret` gives it),
   * with the host and port aimed at the local server.
   */
  async function injected(password: string): Promise<Record<string, string>> {
    exampleBuild();
    const r = await run(() => {
      const cache = new RedisCluster("cache", { instanceSize: "cache.t4g.micro", defaultUserPassword: redis.password });
      new NextjsWeb("web", { appDirectory: EXAMPLE_APP, joinDefaultVpc: true, connectTo: [cache], environment: [{ name: "REDIS_PASSWORD", value: pulumi.secret(password) }] });
    });
    const registered = r.byName("web-server-function")!.inputs.environment;
    assert.strictEqual(secretInput(registered.variables.REDIS_PASSWORD), password, "the password stays secret");
    const env = revealed(registered) as { variables: Record<string, string> };
    const names = Object.keys(env.variables).filter((k) => k.startsWith("STP_CACHE_")).sort();
    assert.deepStrictEqual(names, ["STP_CACHE_HOST", "STP_CACHE_PORT", "STP_CACHE_READER_HOST"]);
    return { ...env.variables, STP_CACHE_HOST: "127.0.0.1", STP_CACHE_READER_HOST: "127.0.0.1", STP_CACHE_PORT: String(redis.port) };
  }

  it("the page gets PONG over TLS with the password (the environment stays secret)", async () => {
    assert.strictEqual(await page(await injected(redis.password)), "PONG");
  });

  it("and is refused with a wrong password (the check is real)", async () => {
    assert.match(await page(await injected("wrong-password-0000")), /^error: AUTH failed: -WRONGPASS/);
  });
});

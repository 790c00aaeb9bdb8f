// Settings that have no effect, paths that do not exist, and Pulumi YAML's
// syntax: said at their lines, without failing a valid file (but for the
// syntax, which would otherwise deploy its literal text).
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { cli } from "../cli/cli-helpers";

function stack(text: string): string {
  const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "warn-")), "stack.yaml");
  fs.writeFileSync(f, text);
  return f;
}

const redis = (extra: string) => `resources:
  cache:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.micro
      defaultUserPassword: $Secret('cachePassword')
${extra}`;

describe("warnings and hints of validate", () => {
  it("numShards without enableSharding is a warning at its line; the file stays valid (exit 0)", async () => {
    const f = stack(redis("      numShards: 3\n"));
    const r = await cli("validate", f);
    assert.strictEqual(r.code, 0);
    assert.strictEqual(r.out, "ok: 1 resource");
    assert.strictEqual(r.err, `${f}:7:18: warning: numShards has no effect without enableSharding: true (which can be set only when the cluster is first created); remove it, or enable sharding`);
  });

  it("numShards with sharding says nothing", async () => {
    const r = await cli("validate", stack(redis("      numShards: 3\n      enableSharding: true\n      numReplicaNodes: 1\n")));
    assert.deepStrictEqual(r, { code: 0, out: "ok: 1 resource", err: "" });
  });

  it("an appDirectory that does not exist is a warning at validate (plan then fails on it)", async () => {
    const f = stack("resources:\n  web:\n    type: nextjs-web\n    properties:\n      appDirectory: ./no-such-app\n");
    const r = await cli("validate", f);
    assert.strictEqual(r.code, 0);
    assert.strictEqual(r.err, `${f}:5:21: warning: appDirectory ./no-such-app does not exist (it is relative to the stack file); plan and pulumi up need it`);
  });

  it("Pulumi YAML's ${resource.property} is refused with the directive to write instead", async () => {
    const f = stack(`resources:
  sessions:
    type: redis-cluster
    properties: { instanceSize: cache.t4g.micro, defaultUserPassword: $Secret('cachePassword') }
${redis("      port: ${sessions.port}\n").replace("resources:\n", "")}`);
    const r = await cli("validate", f);
    assert.strictEqual(r.code, 1);
    assert.strictEqual(r.err, `${f}:10:13: '\${sessions.port}' is Pulumi YAML's syntax, which stackfile does not read; write $ResourceParam('sessions', 'port')`);
  });

  it("a \${NAME} that names no resource is left alone (it may be meant for another tool)", async () => {
    const f = stack("resources:\n  web:\n    type: nextjs-web\n    properties:\n      appDirectory: .\n      environment:\n        - name: TEMPLATE\n          value: hello \${USER}\n");
    const r = await cli("validate", f);
    assert.strictEqual(r.code, 0, r.err);
  });

  it("CORS on a gateway no function routes to, without allowedMethods, is a warning at cors.enabled (every preflight would fail)", async () => {
    const gateway = (cors: string) => `resources:\n  api:\n    type: http-api-gateway\n    properties:\n      cors: ${cors}\n`;
    const f = stack(gateway("{ enabled: true }"));
    const r = await cli("validate", f);
    assert.strictEqual(r.code, 0);
    assert.strictEqual(r.err, `${f}:5:24: warning: CORS is on, but no function routes to 'api' and cors.allowedMethods is not set, so no method is allowed and every preflight fails; add a function with an event for 'api', or set cors.allowedMethods`);
    assert.deepStrictEqual(await cli("validate", stack(gateway("{ enabled: true, allowedMethods: [GET] }"))), { code: 0, out: "ok: 1 resource", err: "" });
    const routed = stack(`${gateway("{ enabled: true }")}  fn:\n    type: function\n    properties:\n      entryfilePath: ./fn.ts\n      events:\n        - type: http-api-gateway\n          properties: { httpApiGatewayName: api, path: /a, method: GET }\n`);
    fs.writeFileSync(path.join(path.dirname(routed), "fn.ts"), "export const handler = async () => 1;\n");
    assert.deepStrictEqual(await cli("validate", routed), { code: 0, out: "ok: 2 resources", err: "" });
  });

  it("cors fields while cors.enabled is false, cdn fields while cdn.enabled is false: a warning each, at its line", async () => {
    const f = stack(`resources:
  api:
    type: http-api-gateway
    properties:
      cors:
        enabled: false
        allowedOrigins: [https://x.example.com]
        maxAge: 60
      cdn:
        enabled: false
        cachingOptions: { defaultTTL: 60 }
        cloudfrontPriceClass: PriceClass_100
`);
    const r = await cli("validate", f);
    assert.strictEqual(r.code, 0);
    assert.deepStrictEqual(r.err.split("\n"), [
      `${f}:7:25: warning: cors.allowedOrigins has no effect while cors.enabled is false; remove it, or set cors.enabled: true`,
      `${f}:8:17: warning: cors.maxAge has no effect while cors.enabled is false; remove it, or set cors.enabled: true`,
      `${f}:11:25: warning: cdn.cachingOptions has no effect while cdn.enabled is false; remove it, or set cdn.enabled: true`,
      `${f}:12:31: warning: cdn.cloudfrontPriceClass has no effect while cdn.enabled is false; remove it, or set cdn.enabled: true`,
    ]);
  });

  it("logging fields while logging is disabled: a warning each, for every type with logging", async () => {
    const f = stack(`resources:
  cache:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.micro
      defaultUserPassword: $Secret('cachePassword')
      logging: { disabled: true, format: text, retentionDays: 30 }
  api:
    type: http-api-gateway
    properties:
      logging: { disabled: true, format: CLF, retentionDays: 7 }
  fn:
    type: function
    properties:
      entryfilePath: ./fn.ts
      logging: { disabled: true, retentionDays: 30 }
  web:
    type: nextjs-web
    properties:
      appDirectory: .
      serverFunction:
        logging: { disabled: true, retentionDays: 14 }
`);
    fs.writeFileSync(path.join(path.dirname(f), "fn.ts"), "export const handler = async () => 1;\n");
    const r = await cli("validate", f);
    assert.strictEqual(r.code, 0);
    const off = (field: string, at: string) => `${f}:${at}: warning: ${field} has no effect while ${field.replace(/\.\w+$/, ".disabled")} is true; remove it, or turn logging on`;
    assert.deepStrictEqual(r.err.split("\n"), [
      off("logging.format", "7:42"), off("logging.retentionDays", "7:63"),
      off("logging.format", "11:42"), off("logging.retentionDays", "11:62"),
      off("logging.retentionDays", "16:49"),
      off("serverFunction.logging.retentionDays", "22:51"),
    ]);
  });

  it("a gateway's payloadFormat when no function routes to it is a warning (it is the format of what routes deliver)", async () => {
    const f = stack("resources:\n  api:\n    type: http-api-gateway\n    properties:\n      payloadFormat: \"2.0\"\n");
    const r = await cli("validate", f);
    assert.strictEqual(r.code, 0);
    assert.strictEqual(r.err, `${f}:5:22: warning: payloadFormat has no effect: no function routes to 'api' (it is the format of the events its routes deliver); remove it, or add a function with an event for 'api'`);
  });
});

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
      defaultUserPassword: Correct-Horse-Battery-1
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
    properties: { instanceSize: cache.t4g.micro, defaultUserPassword: Correct-Horse-Battery-1 }
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
});

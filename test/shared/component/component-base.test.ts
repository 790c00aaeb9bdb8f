// The component base: every component registers under its definition's token
// (written once, in definition.ts), refuses its arguments with every problem
// at once, and hands out the properties with the schema's defaults filled in.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { registry } from "../../../src/config/registry";
import { componentLabel } from "../../../src/shared/component/component";
import { run } from "../../harness";
import { RedisCluster } from "../../../src/components/redis-cluster";
import { ComponentArgumentsError } from "../../../src/shared/component/component-error";

const SRC = path.join(__dirname, "..", "..", "..", "src");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : e.name.endsWith(".ts") ? [p] : [];
  });
}

describe("component base", () => {
  it("each component's type token is written once in src/, in its definition.ts", () => {
    const files = sourceFiles(SRC).map((f) => ({ f: path.relative(SRC, f), text: fs.readFileSync(f, "utf8") }));
    for (const entry of Object.values(registry)) {
      const at = files.filter(({ text }) => text.includes(`"${entry.token}"`)).map(({ f }) => f);
      assert.deepStrictEqual(at, [path.join("components", entry.type, "definition.ts")], entry.token);
    }
  });

  it("a component registers under its definition's token", async () => {
    const r = await run(() => new RedisCluster("cache", { instanceSize: "cache.t4g.micro", defaultUserPassword: "Correct-Horse-Battery-1" }));
    assert.strictEqual(r.byName("cache")?.type, registry["redis-cluster"].token);
  });

  it("refuses the arguments with every problem at once, named by the token's class", async () => {
    // One schema problem (port) and one rule's (a short password) in one refusal.
    const refusal = await (async () => {
      try {
        await run(() => new RedisCluster("cache", { instanceSize: "cache.t4g.micro", defaultUserPassword: "short", port: 70000 }));
      } catch (err) {
        return err;
      }
      return undefined;
    })();
    assert.ok(refusal instanceof ComponentArgumentsError, String(refusal));
    assert.match(refusal.message, /^RedisCluster 'cache' has invalid arguments:/);
    assert.deepStrictEqual(refusal.problems.map((p) => p.path[0]).sort(), ["defaultUserPassword", "port"]);
  });

  it("componentLabel is the class a token ends in", () => {
    assert.strictEqual(componentLabel("stackfile:index:HttpApiGateway"), "HttpApiGateway");
  });
});

// examples/typescript as a TypeScript program under the real Pulumi engine:
// a project folder with its index.ts (its import of stackfile pointed at
// this repository's dist/, as an installed package resolves) and a
// tsconfig.json; scripts/engine.sh makes it a `runtime: nodejs` TypeScript
// project. `preview` and `up` pass, and the account holds the replication
// group with the transform's maintenance window.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { REPO, newStack, removeStack, requireEngine, type EngineStack } from "./harness";

const EXAMPLE = path.join(REPO, "examples", "typescript", "index.ts");

/** The example's source with its import of stackfile (`../../src`, `stackfile`, or a subpath of either) resolved to dist/. */
export function pointedAtDist(source: string): string {
  const dist = path.join(REPO, "dist");
  const out = source.replace(/(from\s+|require\(\s*|import\(\s*)(["'])(?:(?:\.\.\/)+src|stackfile)(\/[^"']*)?\2/g,
    (_m, lead: string, q: string, sub = "") => `${lead}${q}${dist}${sub}${q}`);
  assert.ok(out.includes(dist), "the example imports stackfile (from ../../src or stackfile)");
  return out;
}

const TSCONFIG = JSON.stringify({
  compilerOptions: { strict: true, target: "es2020", module: "commonjs", moduleResolution: "node", esModuleInterop: true, skipLibCheck: true },
}, null, 2);

describe("engine: examples/typescript (real pulumi)", function () {
  this.timeout(600_000);
  let s: EngineStack | undefined;
  before(function () {
    requireEngine(this);
  });
  after(() => removeStack(s));

  it("runs as a TypeScript program: preview and up pass; the replication group gets the transform's maintenanceWindow", async () => {
    // The example's other sources (its function) beside index.ts, as the example folder has them.
    const sources: Record<string, string> = {};
    const folder = path.dirname(EXAMPLE);
    for (const rel of fs.readdirSync(path.join(folder, "functions"))) sources[path.join("functions", rel)] = fs.readFileSync(path.join(folder, "functions", rel), "utf8");
    s = await newStack(null, { ...sources, "index.ts": pointedAtDist(fs.readFileSync(EXAMPLE, "utf8")), "tsconfig.json": TSCONFIG }, { cachePassword: "Correct-Horse-Battery-1" });
    // No stack file: engine.sh made a TypeScript project of index.ts.
    const project = fs.readFileSync(path.join(s.dir, "Pulumi.yaml"), "utf8");
    assert.match(project, /typescript: true/);
    assert.match(project, /main: index\.ts/);

    const preview = await s.ok(["preview"]);
    assert.match(preview, /aws:elasticache:ReplicationGroup|ReplicationGroup/);
    await s.ok(["up", "--yes"]);
    const groups = Object.values(s.world().resources).filter((r) => r.type === "aws:elasticache/replicationGroup:ReplicationGroup");
    assert.strictEqual(groups.length, 1);
    assert.strictEqual(groups[0].state.maintenanceWindow, "sun:05:00-sun:06:00");
    const outputs = JSON.parse((await s.ok(["stack", "output", "--json"])).replace(/^[^{]*/, ""));
    assert.strictEqual(typeof outputs.cacheHost, "string");
    assert.strictEqual(outputs.cacheConnectionString, "[secret]");
  });
});

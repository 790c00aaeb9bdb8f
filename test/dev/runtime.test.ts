// `dev` runs functions on this machine's Node.js. When a function declares
// another major version (runtime nodejs22.x, Node 20 here), it says so, once
// per function, with how to run dev on that Node (docs/dev.md).
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { DevFunction, runtimeMismatch } from "../../src/dev/functions";

describe("dev: the function runtime and this machine's Node", function () {
  this.timeout(60_000);
  const major = Number(process.versions.node.split(".")[0]);

  it("names a runtime whose major version differs from this Node's, and nothing when they agree", () => {
    assert.strictEqual(runtimeMismatch(`nodejs${major}.x`, process.versions.node), undefined);
    assert.strictEqual(
      runtimeMismatch("nodejs22.x", "20.20.2"),
      "declares runtime nodejs22.x but runs here on this machine's Node.js 20.20.2: what differs between the two (Promise.withResolvers, require of ES modules, ...) fails here or only in AWS; run dev on Node.js 22 (docs/dev.md, \"Functions and the machine's Node.js\")",
    );
    assert.strictEqual(runtimeMismatch("python3.12", "20.20.2"), undefined, "not a Node.js runtime: not ours to judge");
  });

  it("a function declaring another Node.js major warns once, in its own log, when its worker starts", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dev-runtime-"));
    fs.writeFileSync(path.join(dir, "index.cjs"), "exports.handler = async () => ({ statusCode: 200, body: 'ok' });\n");
    const lines: string[] = [];
    const other = major === 22 ? 20 : 22;
    const fn = new DevFunction({ name: "hello", entry: path.join(dir, "index.cjs"), handlerFunction: "handler", runtime: `nodejs${other}.x`, memory: 128, timeout: 3, environment: {} }, dir, (l) => lines.push(l), { PATH: process.env.PATH ?? "" });
    try {
      fn.usePrebuilt(path.join(dir, "index.cjs"), "handler");
      fn.startWorker();
      const r = await fn.invoke({});
      assert.ok(r.ok, JSON.stringify(r));
      await fn.invoke({});
      const warnings = lines.filter((l) => l.startsWith(`declares runtime nodejs${other}.x`));
      assert.strictEqual(warnings.length, 1, lines.join("\n"));
    } finally {
      await fn.close();
    }
  });
});

// `diff - FILE` reads standard input as a stack file: bounded like a file.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { spawnSync } from "child_process";
import { tmpFile } from "./cli-helpers";

const RUN_CLI = path.join(__dirname, "../fixtures/run-cli.ts");

describe("standard input", function () {
  this.timeout(60_000);

  it("is refused one byte past 2 MiB, positioned at <stdin>, without reading /dev/zero to the end", function () {
    if (!fs.existsSync("/dev/zero")) this.skip();
    const f = tmpFile("resources:\n  api:\n    type: http-api-gateway\n");
    const zero = fs.openSync("/dev/zero", "r");
    try {
      const r = spawnSync(process.execPath, ["--require", "tsx/cjs", RUN_CLI, "diff", "-", f], {
        stdio: [zero, "pipe", "pipe"], encoding: "utf8", timeout: 30_000, killSignal: "SIGKILL",
      });
      assert.notStrictEqual(r.signal, "SIGKILL", "still reading after 30 s");
      assert.strictEqual(r.status, 1, r.stderr);
      assert.strictEqual(r.stderr.trim(), "<stdin>:1:1: standard input holds more than 2 MiB; a stack file may be at most that (split the stack, or share settings with YAML anchors)");
    } finally {
      fs.closeSync(zero);
    }
  });

  it("a stack file piped in is read whole", () => {
    const f = tmpFile("resources:\n  api:\n    type: http-api-gateway\n");
    const r = spawnSync(process.execPath, ["--require", "tsx/cjs", RUN_CLI, "diff", "--format", "json", "-", f], {
      input: fs.readFileSync(f), encoding: "utf8", timeout: 50_000,
    });
    assert.strictEqual(r.status, 0, r.stderr);
    assert.deepStrictEqual(JSON.parse(r.stdout).resources, []);
  });
});

// A second Ctrl-C does not wait for the orderly stop: every child's process
// group is killed at once and nothing is left behind. Runs the built CLI
// (dist/, which `npm ci` builds; after editing src/, `npm run build` first).
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { alive, basePort, descendants, startDev } from "./dev-process";

describe("stackfile dev, Ctrl-C twice", function () {
  this.timeout(90_000);

  it("kills every child at once and exits 130, even one that ignores SIGTERM", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stackfile-dev-sig-"));
    fs.mkdirSync(path.join(dir, "functions"));
    // A worker that ignores SIGTERM: the orderly stop would wait its 3 s grace for it.
    fs.writeFileSync(path.join(dir, "functions", "f.ts"), "process.on('SIGTERM', () => undefined);\nexport async function handler() { return { statusCode: 200, body: 'ok' }; }\n");
    fs.writeFileSync(path.join(dir, "stack.yaml"), [
      "resources:",
      "  cache:",
      "    type: redis-cluster",
      "    properties:",
      "      instanceSize: cache.t4g.micro",
      `      port: ${basePort() + 9}`,
      "      defaultUserPassword: Signals-Password-1",
      "  api:",
      "    type: http-api-gateway",
      "  f:",
      "    type: function",
      "    properties:",
      "      entryfilePath: ./functions/f.ts",
      "      events:",
      "        - { type: http-api-gateway, properties: { httpApiGatewayName: api, path: /f, method: GET } }",
    ].join("\n") + "\n");
    // The shipped CLI: tsx, which runs the sources in the other tests, handles SIGINT itself.
    const dev = startDev(dir, ["--port", String(basePort() + 4)], {}, true);
    await dev.waitFor(/^f\s+routes:/, 60_000);
    // One answered request: the worker has loaded the handler (and so ignores SIGTERM) before Ctrl-C.
    const api = (await dev.waitFor(/^api\s+http:/)).split(/\s+/)[1];
    assert.strictEqual((await fetch(`${api}/f`)).status, 200);
    const children = descendants(dev.proc.pid!);
    assert.ok(children.length >= 2, `redis-server and the function's worker run (found ${children.length})`);
    dev.proc.kill("SIGINT");
    await dev.waitFor(/^stackfile dev: stopping$/);
    await new Promise((r) => setTimeout(r, 200));
    dev.proc.kill("SIGINT");
    // 130 is the second Ctrl-C's exit: the orderly stop, which waits out the worker's grace, returns 0.
    assert.strictEqual(await dev.exited, 130, dev.lines.join("\n"));
    await new Promise((r) => setTimeout(r, 300));
    assert.deepStrictEqual(children.filter(alive), []);
  });
});

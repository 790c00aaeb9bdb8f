// What `dev` shows and answers while it changes: the printed table follows an
// edit that only adds a route; a gateway answers 503 with Retry-After until
// its routes are loaded (a script polling the port never gets a misleading 404).
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { runDev } from "../../src/cli/dev-command";
import { startGateway } from "../../src/dev/gateway";
import { basePort } from "./dev-process";

const STACK = `resources:
  api:
    type: http-api-gateway
  hello:
    type: function
    properties:
      entryfilePath: ./h.ts
      events:
        - type: http-api-gateway
          properties: { httpApiGatewayName: api, path: /a, method: GET }
`;

describe("dev: the table after an edit, and a gateway not ready yet", function () {
  this.timeout(120_000);

  it("an edit that adds a route to a running function: the route answers and the printed table lists it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dev-table-"));
    const file = path.join(dir, "stack.yaml");
    fs.writeFileSync(file, STACK);
    fs.writeFileSync(path.join(dir, "h.ts"), "export const handler = async () => ({ statusCode: 200, body: 'hi' });\n");
    const port = basePort() + 40;
    const out: string[] = [];
    let stop!: () => void;
    const stopped = new Promise<void>((r) => (stop = r));
    let started!: () => void;
    const ready = new Promise<void>((r) => (started = r));
    const code = runDev([file, "--port", String(port)], { out: (t) => out.push(t), err: (t) => out.push(t) }, stopped, { started: () => started() });
    try {
      await Promise.race([ready, code]);
      assert.ok(out.includes("hello  routes: api GET /a"), out.join("\n"));
      const from = out.length;
      fs.writeFileSync(file, STACK + "        - type: http-api-gateway\n          properties: { httpApiGatewayName: api, path: /b, method: GET }\n");
      // Hang guard: the change is applied within a minute even on a busy machine.
      for (let i = 0; i < 600 && !out.slice(from).some((l) => l.startsWith("stackfile dev: applied the change")); i++) await new Promise((r) => setTimeout(r, 100));
      assert.strictEqual((await fetch(`http://127.0.0.1:${port}/b`)).status, 200, out.slice(from).join("\n"));
      assert.ok(out.slice(from).includes("hello  routes: api GET /a, api GET /b"), out.slice(from).join("\n"));
    } finally {
      stop();
      assert.strictEqual(await code, 0);
    }
  });

  it("an edit saved while dev is starting is applied once it runs (the watcher compares the file with the version it started from)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dev-table-"));
    const file = path.join(dir, "stack.yaml");
    fs.writeFileSync(file, STACK);
    fs.writeFileSync(path.join(dir, "h.ts"), "export const handler = async () => ({ statusCode: 200, body: 'hi' });\n");
    const port = basePort() + 42;
    const out: string[] = [];
    let stop!: () => void;
    const stopped = new Promise<void>((r) => (stop = r));
    let started!: () => void;
    const ready = new Promise<void>((r) => (started = r));
    // The edit lands after the first version was read and before the watcher takes its first look.
    const edit = () => fs.writeFileSync(file, STACK + "        - type: http-api-gateway\n          properties: { httpApiGatewayName: api, path: /b, method: GET }\n");
    const code = runDev([file, "--port", String(port)], { out: (t) => out.push(t), err: (t) => out.push(t) }, stopped, { started: () => { edit(); started(); } });
    try {
      await Promise.race([ready, code]);
      // Hang guard: the change is applied within a minute even on a busy machine.
      for (let i = 0; i < 600 && !out.some((l) => l.startsWith("stackfile dev: applied the change")); i++) await new Promise((r) => setTimeout(r, 100));
      assert.ok(out.some((l) => l.startsWith("stackfile dev: applied the change")), out.join("\n"));
      assert.strictEqual((await fetch(`http://127.0.0.1:${port}/b`)).status, 200, out.join("\n"));
    } finally {
      stop();
      assert.strictEqual(await code, 0);
    }
  });

  it("a gateway started before its routes are loaded answers 503 with Retry-After, then routes", async () => {
    const logs: string[] = [];
    const g = await startGateway({ name: "api", routes: [], log: (l) => logs.push(l), loading: true }, 0);
    try {
      const early = await fetch(`http://127.0.0.1:${g.port}/a`);
      assert.strictEqual(early.status, 503);
      assert.strictEqual(early.headers.get("retry-after"), "1");
      assert.deepStrictEqual(await early.json(), { message: "Service Unavailable" });
      g.update({
        name: "api", log: (l) => logs.push(l),
        routes: [{ key: "GET /a", target: { payloadFormat: "2.0", functionName: "hello", invoke: async () => ({ ok: true, result: { statusCode: 200, body: "hi" } }) } }],
      });
      assert.strictEqual((await fetch(`http://127.0.0.1:${g.port}/a`)).status, 200);
      assert.strictEqual((await fetch(`http://127.0.0.1:${g.port}/nope`)).status, 404);
    } finally {
      await g.close();
    }
  });
});

// `stackfile dev` of a stack whose gateway has a Lambda authorizer of the
// stack as its default: the authorizer function runs locally and decides,
// a route with `authorizer: none` stays public.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { runDev } from "../../src/dev/command";
import type { DevSession } from "../../src/dev/session";
import { basePort } from "./dev-process";

describe("stackfile dev: a gateway with a Lambda authorizer of the stack", function () {
  this.timeout(120_000);
  let stop!: () => void;
  let code: Promise<number>;
  let api: string;

  before(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stackfile-dev-auth-"));
    fs.cpSync(path.join(__dirname, "fixtures-auth"), dir, { recursive: true });
    const stopped = new Promise<void>((r) => (stop = r));
    let started!: (s: DevSession) => void;
    const ready = new Promise<DevSession>((r) => (started = r));
    const out: string[] = [];
    code = runDev([path.join(dir, "stack.yaml"), "--port", String(basePort())], { out: (t) => out.push(t), err: (t) => out.push(t) }, stopped, { started });
    const session = await Promise.race([ready, code.then((c) => { throw new Error(`dev exited ${c}:\n${out.join("\n")}`); })]);
    api = String(session.output("api", "url"));
  });
  after(async () => {
    stop();
    await code;
  });

  it("calls the authorizer function: the right key reaches the route with its context, another gets 403, none gets 401", async () => {
    const ok = await fetch(`${api}/hello`, { headers: { "x-api-key": "let-me-in" } });
    assert.strictEqual(ok.status, 200);
    assert.deepStrictEqual(await ok.json(), { authorizer: { lambda: { who: "key-holder" } } });
    const wrong = await fetch(`${api}/hello`, { headers: { "x-api-key": "guess" } });
    assert.deepStrictEqual([wrong.status, await wrong.text()], [403, '{"message":"Forbidden"}']);
    const none = await fetch(`${api}/hello`);
    assert.deepStrictEqual([none.status, await none.text()], [401, '{"message":"Unauthorized"}']);
  });

  it("leaves a route with authorizer: none public", async () => {
    const r = await fetch(`${api}/health`);
    assert.strictEqual(r.status, 200);
    assert.deepStrictEqual(await r.json(), { authorizer: null });
  });
});

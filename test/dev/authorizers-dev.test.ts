// `stackfile dev` of a stack whose gateway has a Lambda authorizer of the
// stack as its default: the authorizer function runs locally and decides,
// a route with `authorizer: none` stays public; a JWT authorizer checks
// tokens with the keys STACKFILE_DEV_JWKS gives (dev is offline).
import * as assert from "assert";
import { createSign, generateKeyPairSync } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { runDev } from "../../src/cli/dev-command";
import type { DevSession } from "../../src/cli/dev-session";
import { basePort } from "./dev-process";

describe("stackfile dev: a gateway with a Lambda authorizer of the stack", function () {
  this.timeout(120_000);
  let stop!: () => void;
  let code: Promise<number>;
  let api: string;
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwt = (claims: object) => {
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
    const signed = `${enc({ alg: "RS256", kid: "k1" })}.${enc(claims)}`;
    return `${signed}.${createSign("RSA-SHA256").update(signed).sign(privateKey).toString("base64url")}`;
  };
  const had = process.env.STACKFILE_DEV_JWKS;

  before(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stackfile-dev-auth-"));
    fs.cpSync(path.join(__dirname, "fixtures-auth"), dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "jwks.json"), JSON.stringify({ keys: [{ ...publicKey.export({ format: "jwk" }), kid: "k1" }] }));
    process.env.STACKFILE_DEV_JWKS = path.join(dir, "jwks.json");
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
    if (had === undefined) delete process.env.STACKFILE_DEV_JWKS;
    else process.env.STACKFILE_DEV_JWKS = had;
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

  it("checks a JWT with the keys of STACKFILE_DEV_JWKS: a valid token with the scope passes with its claims, others get 401/403", async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { iss: "https://login.example.com", aud: "my-app", sub: "u1", exp: now + 300, scope: "profile" };
    const ok = await fetch(`${api}/me`, { headers: { authorization: `Bearer ${jwt(claims)}` } });
    assert.strictEqual(ok.status, 200);
    const seen = (await ok.json()) as { authorizer: { jwt: { claims: { sub: string } } } };
    assert.strictEqual(seen.authorizer.jwt.claims.sub, "u1");
    assert.strictEqual((await fetch(`${api}/me`, { headers: { authorization: `Bearer ${jwt({ ...claims, aud: "other" })}` } })).status, 401);
    assert.strictEqual((await fetch(`${api}/me`, { headers: { authorization: `Bearer ${jwt({ ...claims, scope: "email" })}` } })).status, 403);
    assert.strictEqual((await fetch(`${api}/me`)).status, 401);
  });
});

// `stackfile diff` and the routes' authorization: a route losing its
// authorizer is refused at its line unless --allow-open names its function;
// routes gaining, losing or changing an authorizer show in every format, and
// the markdown comment flags an opened route.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { cli } from "./cli-helpers";

const stack = (gateway: string, events: string) => `resources:
  api:
    type: http-api-gateway
    properties:
      authorizers:
        users:
          type: jwt
          issuerUrl: https://login.example.com
          audience: [api]
${gateway}  items:
    type: function
    properties:
      entryfilePath: ./fn.ts
      events:
${events}`;
const event = (method: string, route: string, more = "") =>
  `        - type: http-api-gateway\n          properties: { httpApiGatewayName: api, path: ${route}, method: ${method}${more} }\n`;
const DEFAULT = "      defaultAuthorizer: users\n";

/** Two versions of a stack in two folders with a handler beside each. */
function versions(before: string, after: string): [string, string] {
  return [before, after].map((text) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "diff-authorizers-"));
    fs.writeFileSync(path.join(dir, "fn.ts"), "export async function handler() {\n  return { statusCode: 200, body: 'ok' };\n}\n");
    fs.writeFileSync(path.join(dir, "stack.yaml"), text);
    return path.join(dir, "stack.yaml");
  }) as [string, string];
}

describe("stackfile diff: route authorization", function () {
  this.timeout(180000);

  it("refuses a route that opts out of the default authorizer, at its `authorizer` line, and --allow-open accepts it", async () => {
    const [a, b] = versions(stack(DEFAULT, event("GET", "/me") + event("GET", "/health")), stack(DEFAULT, event("GET", "/me") + event("GET", "/health", ", authorizer: none")));
    const r = await cli("diff", a, b);
    assert.strictEqual(r.code, 1);
    const refusal = `${b}:19:90: route GET /health of 'api' (function 'items') was guarded by the authorizer 'users' and is now public: anyone can call it; if that is intended, pass --allow-open items`;
    assert.strictEqual(r.err, refusal);
    assert.ok(r.out.includes("Route authorization:\n  ! route GET /health of 'api' (items): authorizer 'users' -> public (opened)"), r.out);
    const allowed = await cli("diff", a, b, "--allow-open", "items");
    assert.strictEqual(allowed.code, 0, allowed.err);
    assert.ok(allowed.out.includes("! route GET /health of 'api' (items): authorizer 'users' -> public (opened)"), "still shown when allowed");
  });

  it("refuses every route the removal of defaultAuthorizer opens, at the route's event", async () => {
    const [a, b] = versions(stack(DEFAULT, event("GET", "/me") + event("POST", "/items")), stack("", event("GET", "/me") + event("POST", "/items")));
    const r = await cli("diff", a, b);
    assert.strictEqual(r.code, 1);
    assert.deepStrictEqual(r.err.split("\n").map((l) => l.replace(`${b}:`, "").split(": route")[0]), ["16:23", "18:23"]);
    assert.match(r.err, /route POST \/items of 'api' \(function 'items'\) was guarded by the authorizer 'users' and is now public/);
  });

  it("a route gaining an authorizer, or a new authorized route, is shown and allowed", async () => {
    const [a, b] = versions(stack("", event("GET", "/me")), stack("", event("GET", "/me", ", authorizer: users") + event("GET", "/admin", ", authorizer: users")));
    const r = await cli("diff", a, b, "--format", "json");
    assert.strictEqual(r.code, 0, r.err);
    assert.deepStrictEqual(JSON.parse(r.out).routes, [
      { gateway: "api", route: "GET /me", function: "items", oldAuthorizer: null, newAuthorizer: "users", opened: false },
      { gateway: "api", route: "GET /admin", function: "items", oldAuthorizer: null, newAuthorizer: "users", opened: false },
    ]);
  });

  it("markdown: an opened route is flagged, refused first, and the comment says how to allow it", async () => {
    const [a, b] = versions(stack(DEFAULT, event("GET", "/me")), stack(DEFAULT, event("GET", "/me", ", authorizer: none")));
    const r = await cli("diff", a, b, "--format", "markdown");
    assert.strictEqual(r.code, 1);
    const lines = r.out.split("\n");
    assert.strictEqual(lines[1], "### ⛔ stackfile diff: 1 refused change");
    const rows = lines.filter((l) => l.startsWith("| ⛔") || l.startsWith("| 🔓"));
    assert.deepStrictEqual(rows.map((l) => l.split(" | ")[0]), ["| ⛔ refused", "| 🔓 opened"]);
    assert.ok(rows[1].includes("`GET /me` of `api` (items) | authorization | authorizer 'users' -> public (opened)"), rows[1]);
    assert.ok(lines.some((l) => l.includes("`--allow-open <function>`")));
  });

  it("an authorized ANY route with CORS: its OPTIONS route goes to stackfile's CORS-only function, and diff shows it (text and json)", async () => {
    const cors = "      cors: { enabled: true }\n" + DEFAULT;
    const [a, b] = versions(stack(cors, event("GET", "/me")), stack(cors, event("GET", "/me") + event('"*"', '"/legacy/{proxy+}"')));
    const text = await cli("diff", a, b);
    assert.strictEqual(text.code, 0, text.err);
    for (const line of [
      /\+ +api-preflight-route-[\w-]+ +aws:apigatewayv2\/route:Route +create/,
      /\+ +api-preflight-integration +aws:apigatewayv2\/integration:Integration +create/,
      /\+ +api-preflight-function +aws:lambda\/function:Function +create/,
    ]) assert.match(text.out, line);
    const json = JSON.parse((await cli("diff", a, b, "--format", "json")).out);
    const created = json.resources.filter((c: { action: string }) => c.action === "create").map((c: { name: string }) => c.name);
    assert.ok(["api-preflight-integration", "api-preflight-function", "api-preflight-role", "api-preflight-permission"].every((n) => created.includes(n)), created.join(", "));
  });

  it("--allow-open must name a function of the new file", async () => {
    const [a, b] = versions(stack(DEFAULT, event("GET", "/me")), stack(DEFAULT, event("GET", "/me")));
    const r = await cli("diff", a, b, "--allow-open", "api");
    assert.strictEqual(r.code, 2);
    assert.match(r.err, /--allow-open names no function of the new file; functions: items/);
  });
});

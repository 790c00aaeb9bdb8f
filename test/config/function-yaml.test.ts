// The function type in YAML: its rules and references at `validate`, its
// routes, CORS methods and permissions in the plan of a stack, and what only
// `plan` can see (the entry file, its syntax, its exports) placed at its line.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { analyzeStackfile, formatProblem } from "../../src/config/stackfile";
import { cli } from "../cli/cli-helpers";
import { fakeNextApp } from "../fake-next-app";

const problems = (text: string) => analyzeStackfile("s.yaml", text).problems.map(formatProblem);

/** A stack file in a fresh folder with the given handler files beside it. */
function stack(text: string, files: Record<string, string> = { "fn.ts": "export async function handler() {\n  return { statusCode: 200, body: 'ok' };\n}\n" }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "function-yaml-"));
  for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), body);
  fs.writeFileSync(path.join(dir, "stack.yaml"), text);
  return path.join(dir, "stack.yaml");
}

const fn = (name: string, events: string, extra = "") => `  ${name}:
    type: function
    properties:
      entryfilePath: ./fn.ts
${extra}      events:
${events}`;
const event = (gateway: string, method: string, route: string, more = "") =>
  `        - type: http-api-gateway\n          properties: { httpApiGatewayName: ${gateway}, path: "${route}", method: "${method}"${more} }\n`;

describe("function in YAML: validate", () => {
  it("accepts a function with its events; other resources read its arn and logGroupArn; it cannot read its own", () => {
    const text = `resources:\n  api:\n    type: http-api-gateway\n${fn("items", event("api", "GET", "/items"))}  other:
    type: function
    properties:
      entryfilePath: ./fn.ts
      environment:
        - { name: ITEMS_ARN, value: "$ResourceParam('items', 'arn')" }
        - { name: ITEMS_LOGS, value: "$ResourceParam('items', 'logGroupArn')" }
`;
    assert.deepStrictEqual(problems(text), []);
    assert.deepStrictEqual(problems(`${text}        - { name: OWN, value: "$ResourceParam('other', 'name')" }\n`), [
      "s.yaml:18:31: references form a cycle: other -> other; a resource cannot depend on itself, directly or through others",
    ]);
  });

  it("a function's parameters: logGroupArn only with logging on", () => {
    const text = `resources:\n${fn("items", event("api", "GET", "/"), "      logging: { disabled: true }\n")}  api:\n    type: http-api-gateway\n  use:
    type: function
    properties:
      entryfilePath: ./fn.ts
      environment:
        - { name: A, value: "$ResourceParam('items', 'arn')" }
        - { name: B, value: "$ResourceParam('items', 'logGroupArn')" }
`;
    assert.deepStrictEqual(problems(text), [
      "s.yaml:18:29: function 'items' has no 'logGroupArn' in its configuration; available: arn, name",
    ]);
  });

  it("names a gateway that is not in the file, or is not a gateway", () => {
    const text = `resources:\n  api:\n    type: http-api-gateway\n  cache:\n    type: redis-cluster\n    properties: { instanceSize: cache.t3.micro, defaultUserPassword: Correct-Horse-Battery-1 }\n${fn("items", event("apx", "GET", "/a") + event("cache", "GET", "/b"))}`;
    assert.deepStrictEqual(problems(text), [
      "s.yaml:13:45: httpApiGatewayName names 'apx', which is not a resource of this file; did you mean 'api'?",
      "s.yaml:15:45: httpApiGatewayName names 'cache', a redis-cluster; it must name an http-api-gateway (api)",
    ]);
    assert.deepStrictEqual(problems(`resources:\n${fn("items", event("api", "GET", "/"))}`), [
      "s.yaml:8:45: httpApiGatewayName names 'api', which is not a resource of this file; add an http-api-gateway resource named 'api'",
    ]);
  });

  it("refuses containerPort with the reason, bad paths and methods, a route listed twice or owned by another function", () => {
    const text = `resources:\n  api:\n    type: http-api-gateway\n${fn("a", event("api", "GET", "/x", ", containerPort: 8080") + event("api", "FETCH", "/y") + event("api", "GET", "y") + event("api", "get", "/z") + event("api", "GET", "/z") + event("api", "GET", "/z"))}${fn("b", event("api", "GET", "/z"))}`;
    assert.deepStrictEqual(problems(text), [
      "s.yaml:10:77: containerPort is for container workloads; a function receives the request as an event and takes no port; remove containerPort",
      's.yaml:12:70: method must be one of *, DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT, not the string "FETCH"; did you mean PATCH?',
      "s.yaml:14:56: path must start with '/' (got 'y')",
      's.yaml:16:70: method must be one of *, DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT, not the string "get"; did you mean GET?',
      "s.yaml:20:56: route GET /z of 'api' is listed twice",
      "s.yaml:27:56: route GET /z of 'api' already goes to the function 'a'; a route has one integration; change the path or the method",
    ]);
  });

  it("refuses two routes of a gateway that differ only in a path variable's name (API Gateway's ConflictException)", () => {
    const text = `resources:\n  api:\n    type: http-api-gateway\n${fn("a", event("api", "GET", "/orgs/{orgId}") + event("api", "GET", "/orgs/{id}"))}${fn("b", event("api", "GET", "/orgs/{org}") + event("api", "POST", "/orgs/{org}") + event("api", "GET", "/users/{id}/{id}"))}`;
    assert.deepStrictEqual(problems(text), [
      "s.yaml:12:56: route GET /orgs/{id} of 'api' has a variable named otherwise at the same level as GET /orgs/{orgId}; API Gateway refuses such routes (\"conflicting variable on the same hierarchical level\"); use one name",
      "s.yaml:19:56: route GET /orgs/{org} of 'api' has a variable named otherwise at the same level as GET /orgs/{orgId} of the function 'a'; API Gateway refuses such routes (\"conflicting variable on the same hierarchical level\"); use one name",
    ]);
  });

  it("checks the entry's extension, the handler's name, the environment's names", () => {
    const text = `resources:
  f:
    type: function
    properties:
      entryfilePath: ./fn.tsx
      handlerFunction: my-handler
      runtime: nodejs18.x
      memory: 64
      timeout: 901
      environment:
        - { name: NODE_OPTIONS, value: "--inspect" }
        - { name: STP_X, value: x }
        - { name: AWS_REGION, value: x }
`;
    assert.deepStrictEqual(problems(text), [
      "s.yaml:5:22: entryfilePath './fn.tsx' must be a .ts, .mts, .js, .mjs, .cjs file",
      "s.yaml:6:24: handlerFunction 'my-handler' must be the name of an export: letters, digits, _ and $, not starting with a digit",
      's.yaml:7:16: runtime must be one of nodejs22.x, nodejs20.x, not the string "nodejs18.x"; did you mean nodejs22.x?',
      "s.yaml:8:15: memory must be at least 128 (it is 64); allowed: 128 to 10240",
      "s.yaml:9:16: timeout must be at most 900 (it is 901); allowed: 1 to 900",
      "s.yaml:11:19: environment name 'NODE_OPTIONS' is set by stackfile (--enable-source-maps, so stack traces point into your sources)",
      "s.yaml:12:19: environment name 'STP_X' starts with STP_, which connectTo's variables use; pick another name",
      "s.yaml:13:19: environment name 'AWS_REGION' is reserved by Lambda",
    ]);
  });

  it("connectTo may name a function, from a function or a nextjs-web", () => {
    const text = `resources:\n  worker:\n    type: function\n    properties: { entryfilePath: ./fn.ts }\n  f:\n    type: function\n    properties: { entryfilePath: ./fn.ts, connectTo: [worker] }\n  web:\n    type: nextjs-web\n    properties: { appDirectory: ./app, connectTo: [worker, f] }\n`;
    assert.deepStrictEqual(problems(text), []);
  });
});

describe("function in YAML: plan", function () {
  this.timeout(120000);

  it("two functions listed before their gateway: one integration and route per event, one permission per function and gateway, CORS methods from the routes", async () => {
    const file = stack(`resources:
${fn("items", event("api", "GET", "/items/{id}") + event("api", "*", "/items/{proxy+}", ", payloadFormat: \"2.0\""))}${fn("orders", event("api", "POST", "/orders") + event("plain", "DELETE", "/orders/{id}"))}  api:
    type: http-api-gateway
    properties:
      payloadFormat: "1.0"
      cors: { enabled: true, allowedOrigins: [https://app.example.com] }
  plain:
    type: http-api-gateway
    properties:
      cors: { enabled: true }
`);
    const r = await cli("plan", file, "--json");
    assert.strictEqual(r.code, 0, r.err);
    const plan = JSON.parse(r.out) as { resources: { type: string; name: string; parent: string; inputs: Record<string, any> }[] };
    const of = (type: string) => plan.resources.filter((x) => x.type === type);
    const routes = of("aws:apigatewayv2/route:Route").map((x) => `${x.parent} ${x.inputs.routeKey}`).sort();
    assert.deepStrictEqual(routes, ["api ANY /items/{proxy+}", "api GET /items/{id}", "api POST /orders", "plain DELETE /orders/{id}"]);
    const integrations = of("aws:apigatewayv2/integration:Integration");
    assert.strictEqual(integrations.length, 4);
    // payloadFormat: the event's, else the gateway's, else 1.0.
    const format = (slug: string) => integrations.find((x) => x.name.includes(slug))!.inputs.payloadFormatVersion;
    assert.deepStrictEqual([format("any-items-proxy"), format("get-items-id"), format("post-orders"), format("delete-orders-id")], ["2.0", "1.0", "1.0", "1.0"]);
    const uri = (slug: string) => integrations.find((x) => x.name.includes(slug))!.inputs.integrationUri as string;
    assert.match(uri("get-items-id"), /:function:items-function-[0-9a-f]{7}$/);
    assert.match(uri("post-orders"), /:function:orders-function-[0-9a-f]{7}$/);
    const permissions = of("aws:lambda/permission:Permission");
    // items on api; orders on api and on plain.
    assert.deepStrictEqual(permissions.map((p) => `${p.parent} ${/function:(\w+)-function/.exec(p.inputs.function)![1]}`).sort(), ["api items", "api orders", "plain orders"]);
    const apis = Object.fromEntries(of("aws:apigatewayv2/api:Api").map((x) => [x.parent, x]));
    assert.ok(permissions.every((p) => /^arn:aws:execute-api:us-east-1:123456789012:[a-z0-9]+\/\*\/\*$/.test(p.inputs.sourceArn)));
    assert.ok(permissions.every((p) => p.inputs.principal === "apigateway.amazonaws.com" && p.inputs.action === "lambda:InvokeFunction"));
    assert.deepStrictEqual(apis.api.inputs.corsConfiguration.allowMethods, ["*"]);
    assert.deepStrictEqual(apis.plain.inputs.corsConfiguration.allowMethods, ["DELETE"]);
  });

  it("CORS methods are the sorted methods of every function's routes", async () => {
    const file = stack(`resources:\n  api:\n    type: http-api-gateway\n    properties: { cors: { enabled: true } }\n${fn("a", event("api", "PUT", "/a") + event("api", "GET", "/a"))}${fn("b", event("api", "DELETE", "/b"))}`);
    const r = await cli("plan", file, "--json");
    assert.strictEqual(r.code, 0, r.err);
    const api = JSON.parse(r.out).resources.find((x: { type: string }) => x.type === "aws:apigatewayv2/api:Api");
    assert.deepStrictEqual(api.inputs.corsConfiguration.allowMethods, ["DELETE", "GET", "PUT"]);
  });

  it("places a missing entry, a syntax error and a missing export at their lines", async () => {
    const text = (entry: string, handler = "") => `resources:\n  f:\n    type: function\n    properties:\n      entryfilePath: ${entry}\n${handler}`;
    const missing = stack(text("./nope.ts"));
    assert.deepStrictEqual(await cli("plan", missing), { code: 1, out: "", err: `${missing}:5:22: entryfilePath ${path.relative(process.cwd(), path.join(path.dirname(missing), "nope.ts"))} does not exist` });
    const broken = stack(text("./bad.ts"), { "bad.ts": "export const handler = async () => {\n  return {;\n};\n" });
    const b = await cli("plan", broken);
    assert.strictEqual(b.code, 1);
    assert.match(b.err, new RegExp(`^${broken.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:5:22: bundling .*bad\\.ts failed: .*bad\\.ts:2:11: Expected identifier but found ";"$`));
    const noExport = stack(text("./fn.ts", "      handlerFunction: main\n"));
    const n = await cli("plan", noExport);
    assert.strictEqual(n.code, 1);
    assert.match(n.err, /:6:24: .*fn\.ts has no export 'main' for Lambda to call \(it exports handler\)/);
    const defaultName = stack(text("./fn.mjs"), { "fn.mjs": "export const main = () => 1;\n" });
    assert.match((await cli("plan", defaultName)).err, /:5:22: .*fn\.mjs has no export 'handler'/);
  });

  it("says every function's bundle problem at once, each at its line", async () => {
    const f = (name: string, entry: string, handler = "") => `  ${name}:\n    type: function\n    properties:\n      entryfilePath: ${entry}\n${handler}`;
    const file = stack(`resources:\n${f("gone", "./nope.ts")}${f("broken", "./bad.ts")}${f("noExport", "./fn.ts", "      handlerFunction: main\n")}${f("lost", "./lost.ts")}`, {
      "fn.ts": "export async function handler() { return 1; }\n",
      "bad.ts": "export const handler = async () => {\n  return {;\n};\n",
      "lost.ts": "import { x } from './nowhere';\nexport const handler = async () => x;\n",
    });
    const r = await cli("plan", file);
    assert.strictEqual(r.code, 1);
    const lines = r.err.split("\n");
    assert.strictEqual(lines.length, 4, r.err);
    assert.match(lines[0], /:5:22: entryfilePath .*nope\.ts does not exist$/);
    assert.match(lines[1], /:9:22: bundling .*bad\.ts failed: .*bad\.ts:2:11: Expected identifier/);
    assert.match(lines[2], /:14:24: .*fn\.ts has no export 'main' for Lambda to call/);
    assert.match(lines[3], /:18:22: bundling .*lost\.ts failed: .*lost\.ts:1:19: Could not resolve "\.\/nowhere"/);
    for (const l of lines) assert.ok(l.startsWith(`${file}:`), l);
  });

  it("a nextjs-web connected to a function gets STP_<NAME>_ARN and may invoke it (and its versions), nothing more", async () => {
    const app = fakeNextApp();
    const file = stack(`resources:\n  myWorker:\n    type: function\n    properties: { entryfilePath: ./fn.ts }\n  web:\n    type: nextjs-web\n    properties:\n      appDirectory: ${app.dir}\n      buildCommand: '${app.buildCommand}'\n      connectTo: [myWorker]\n`);
    const r = await cli("plan", file, "--json");
    assert.strictEqual(r.code, 0, r.err);
    const plan = JSON.parse(r.out) as { resources: { name: string; inputs: Record<string, any> }[]; outputs: Record<string, Record<string, string>> };
    const arn = plan.outputs.myWorker.arn;
    assert.match(arn, /^arn:aws:lambda:us-east-1:123456789012:function:myWorker-function-[0-9a-f]{7}$/);
    const server = plan.resources.find((x) => x.name === "web-server-function")!;
    assert.strictEqual(server.inputs.environment.variables.STP_MY_WORKER_ARN, arn);
    const policy = JSON.parse(plan.resources.find((x) => x.name === "web-server-policy")!.inputs.policy);
    const invoking = policy.Statement.filter((st: { Action: string[] }) => st.Action.some((a) => a.startsWith("lambda:")));
    assert.deepStrictEqual(invoking, [{ Effect: "Allow", Action: ["lambda:InvokeFunction"], Resource: [arn, `${arn}:*`] }]);
  });

  it("a nextjs-web or function in the VPC cannot connect to a function (the Lambda API needs internet), placed at connectTo", async () => {
    const file = stack(`resources:\n  worker:\n    type: function\n    properties: { entryfilePath: ./fn.ts }\n  f:\n    type: function\n    properties: { entryfilePath: ./fn.ts, joinDefaultVpc: true, connectTo: [worker] }\n`);
    const r = await cli("plan", file);
    assert.strictEqual(r.code, 1);
    assert.strictEqual(r.err, `${file}:7:76: worker is reached over the internet, which a server in the default VPC cannot reach (no NAT); remove joinDefaultVpc, or that connectTo entry`);
  });
});

// `plan` runs the program a resource at a time, letting registrations finish
// between resources, but only where nothing made later refers back: resources
// that refer to each other are made in one synchronous step, as `pulumi up`
// makes them (a gateway reads the routes its functions add once that step is over).
import * as assert from "assert";
import * as path from "path";
import { analyze } from "../../src/config/validate";
import { pausePoints } from "../../src/config/program";
import { cli, tmpFile } from "../cli/cli-helpers";

function pausesOf(doc: unknown): Record<string, boolean> {
  const { model, problems } = analyze(doc);
  assert.deepStrictEqual(problems.filter((p) => !p.warning), []);
  const pause = pausePoints(model);
  return Object.fromEntries(model.resources.map((r, i) => [r.name, pause[i]]));
}

const cache = (extra: Record<string, unknown> = {}) => ({ type: "redis-cluster", properties: { instanceSize: "cache.t4g.small", defaultUserPassword: "$Secret(pw)", ...extra } });

describe("the program's pause points", () => {
  it("pause after every resource of a stack whose resources refer to none other", () => {
    assert.deepStrictEqual(pausesOf({ resources: { a: { type: "http-api-gateway" }, b: { type: "http-api-gateway" }, c: cache() } }), { a: true, b: true, c: true });
  });

  it("make a resource and everything that refers to it, directly or through others, without a pause", () => {
    const pauses = pausesOf({
      resources: {
        a: cache(),
        b: cache({ port: "$ResourceParam(a, port)" }),
        c: cache(),
        d: cache({ port: "$ResourceParam(b, port)" }),
        e: cache(),
      },
    });
    assert.deepStrictEqual(pauses, { a: false, b: false, c: false, d: true, e: true });
  });

  it("make a gateway and the function that adds its route in one step", () => {
    const pauses = pausesOf({
      resources: {
        api: { type: "http-api-gateway", properties: { cors: { enabled: true, allowedOrigins: ["https://a.example.com"] } } },
        other: { type: "http-api-gateway" },
        fn: { type: "function", properties: { entryfilePath: "./f.ts", events: [{ type: "http-api-gateway", properties: { httpApiGatewayName: "api", path: "/x", method: "GET" } }] } },
      },
    });
    assert.strictEqual(pauses.api, false);
    assert.strictEqual(pauses.fn, true);
  });

  it("plan of gateways with CORS and the functions that add their routes still infers each gateway's methods from every route", async () => {
    const dir = tmpFile("export const handler = async () => ({ statusCode: 200 });\n", "f.ts");
    const stack = tmpFile([
      "resources:",
      ...[0, 1, 2].flatMap((i) => [
        `  api${i}:`, "    type: http-api-gateway", "    properties:", "      cors: {enabled: true, allowedOrigins: ['https://a.example.com']}",
        `  fn${i}:`, "    type: function", "    properties:", "      entryfilePath: ./f.ts", "      events:",
        `        - {type: http-api-gateway, properties: {httpApiGatewayName: api${i}, path: /x, method: GET}}`,
        `        - {type: http-api-gateway, properties: {httpApiGatewayName: api${i}, path: /y, method: POST}}`,
      ]),
    ].join("\n") + "\n", "stack.yaml", path.dirname(dir));
    const r = await cli("plan", stack, "--json");
    assert.strictEqual(r.code, 0, r.err);
    const apis = JSON.parse(r.out).resources.filter((x: { type: string }) => x.type === "aws:apigatewayv2/api:Api");
    assert.strictEqual(apis.length, 3);
    for (const api of apis) assert.deepStrictEqual(api.inputs.corsConfiguration.allowMethods, ["GET", "POST"], api.name);
  });
});

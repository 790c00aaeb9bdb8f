// The function's own rules, as pure functions: each refuses its bad case and passes its good one.
import * as assert from "assert";
import { entryFileProblem, functionStaticProblems } from "../../../src/components/function/rules";
import { functionDefinition } from "../../../src/components/function/definition";
import { checkProperties } from "../../../src/shared/schema/check-properties";

const ev = (gateway: string, method: string, path: string, more: Record<string, unknown> = {}) =>
  ({ type: "http-api-gateway", properties: { httpApiGatewayName: gateway, method, path, ...more } });
const messages = (p: Record<string, unknown>) => functionStaticProblems({ entryfilePath: "./f.ts", ...p }).map((x) => `${x.path.join(".")}: ${x.message}`);

describe("function rules", () => {
  it("entry files: the five extensions pass, others and declaration files do not", () => {
    for (const f of ["a.ts", "a.mts", "a.js", "a.mjs", "a.cjs", "A.TS"]) assert.strictEqual(entryFileProblem(f), undefined, f);
    assert.match(entryFileProblem("a.tsx")!, /must be a \.ts, \.mts, \.js, \.mjs, \.cjs file/);
    assert.match(entryFileProblem("types.d.ts")!, /is a declaration file/);
  });

  it("a good function passes", () => {
    assert.deepStrictEqual(messages({
      handlerFunction: "main", environment: [{ name: "A_B", value: "1" }], connectTo: ["cache"], joinDefaultVpc: true,
      iamRoleStatements: [{ Action: ["s3:GetObject"], Resource: ["arn:aws:s3:::b/*"] }],
      events: [ev("api", "GET", "/a/{id}"), ev("api", "*", "/b/{proxy+}"), ev("other", "GET", "/a/{id}")],
    }), []);
  });

  it("refuses containerPort, a bad path, logForwarding without logs (the routes themselves are the gateway's table's: stack-routes.test.ts)", () => {
    assert.deepStrictEqual(messages({
      events: [ev("api", "GET", "/a", { containerPort: 80 }), ev("api", "GET", "/c/{x+}/d"), ev("api", "GET", "/a")],
      logging: { disabled: true, logForwarding: { type: "logs-vendor-b", properties: { projectId: "p" } } },
    }), [
      "logging.logForwarding: logForwarding needs the logs it forwards, but logging.disabled is true",
      "events.0.properties.containerPort: containerPort is for container workloads; a function receives the request as an event and takes no port",
      "events.1.properties.path: greedy parameter '{x+}' must be the last segment of '/c/{x+}/d'",
    ]);
  });

  it("a method is one of the schema's (upper case, or *), and a refused one makes no route", () => {
    const props = { entryfilePath: "./f.ts", events: [ev("api", "GO", "/b"), ev("api", "get", "/a"), ev("api", "GET", "/a")] };
    assert.deepStrictEqual(checkProperties(functionDefinition, props).map((x) => `${x.path.join(".")}: ${x.message}`), [
      'events.0.properties.method: method must be one of *, DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT, not the string "GO"; did you mean GET?',
      'events.1.properties.method: method must be one of *, DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT, not the string "get"; did you mean GET?',
    ]);
  });
});

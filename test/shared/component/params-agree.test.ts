// A type's parameters (`<type>Params` in its properties.ts) are declared once;
// the component's fields, `dev`'s local outputs and connectTo's variables are
// typed from that declaration, so they cannot disagree: a parameter without a
// field (paramOutputs, stack-component.test.ts), a local output left out or
// one that is no parameter (LocalOutputs), a variable read from no parameter
// (connectionTable) does not compile. tsc checks this file (`npm test`
// type-checks first): each @ts-expect-error below fails the type-check the
// day its line compiles.
import * as assert from "assert";
import type { LocalOutputs } from "../../../src/shared/component/local-runner";
import { connectionTable } from "../../../src/shared/workloads/connection-variables";
import { registry } from "../../../src/config/registry";
import { redisClusterParams } from "../../../src/components/redis-cluster/properties";
import { httpApiGatewayParams } from "../../../src/components/http-api-gateway/properties";
import { functionParams } from "../../../src/components/function/properties";
import { nextjsWebParams } from "../../../src/components/nextjs-web/properties";
import { redisLocalOutputs } from "../../../src/components/redis-cluster/dev";
import { gatewayLocalOutputs } from "../../../src/components/http-api-gateway/dev";
import { functionLocalOutputs } from "../../../src/components/function/dev";
import { siteLocalOutputs } from "../../../src/components/nextjs-web/dev";

const params = { url: { type: "string" }, port: { type: "number" } } as const;

describe("a type's parameters, its local outputs and its connection variables", () => {
  it("local outputs name every parameter and nothing else, or do not compile", () => {
    const ok: LocalOutputs<typeof params> = { url: "http://127.0.0.1:3000", port: 3000 };
    // @ts-expect-error: 'port' is left out
    const missing: LocalOutputs<typeof params> = { url: "http://127.0.0.1:3000" };
    // @ts-expect-error: 'host' is no parameter
    const extra: LocalOutputs<typeof params> = { url: "x", port: 1, host: "127.0.0.1" };
    assert.deepStrictEqual([ok, missing, extra].map((o) => Object.keys(o).length), [2, 1, 3]);
  });

  it("a connection variable is read from parameters of the type, or does not compile", () => {
    assert.deepStrictEqual(connectionTable(params, { URL: ["url"] }), { URL: ["url"] });
    // @ts-expect-error: 'host' is no parameter
    assert.deepStrictEqual(connectionTable(params, { HOST: ["host"] }), { HOST: ["host"] });
  });

  it("every type's connection variables name its own parameters (also for a table written without connectionTable)", () => {
    for (const entry of Object.values(registry)) {
      for (const [variable, from] of Object.entries(entry.connectable?.variables ?? {})) {
        for (const param of from) assert.ok(param in entry.params, `${entry.type}: ${variable} reads '${param}', not a parameter`);
      }
    }
  });

  it("each type's local outputs are its parameters, by name", () => {
    const keys = (o: object) => Object.keys(o).sort();
    assert.deepStrictEqual(keys(redisLocalOutputs(6379, "pw", false)), keys(redisClusterParams));
    assert.deepStrictEqual(keys(gatewayLocalOutputs(3000)), keys(httpApiGatewayParams));
    assert.deepStrictEqual(keys(functionLocalOutputs("fn")), keys(functionParams));
    assert.deepStrictEqual(keys(siteLocalOutputs(3001)), keys(nextjsWebParams));
  });
});

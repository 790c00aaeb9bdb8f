// A route's handler may be stackfile's own Function, as the docs' example
// writes it (`api.addRoute({ ..., handler: itemsFunction })`), besides an
// aws.lambda.Function or an ARN: the routes, their integrations and the
// function's one permission for the API then name the function's ARN.
import * as assert from "assert";
import { HttpApiGateway, attachHttpApiIntegration } from "../../../src/components/http-api-gateway";
import { Function } from "../../../src/components/function";
import { run, G } from "../../harness";
import { EXAMPLE_FUNCTION } from "../../function-fixture";

describe("HttpApiGateway: a stackfile Function as a route handler", () => {
  it("addRoute and attachHttpApiIntegration take a Function, and integrate its ARN", async () => {
    const r = await run(() => {
      const items = new Function("items", { entryfilePath: EXAMPLE_FUNCTION });
      const api = new HttpApiGateway("api", { cors: { enabled: true }, routeMethods: ["GET", "POST"] });
      api.addRoute({ path: "/items/{id}", method: "GET", handler: items });
      attachHttpApiIntegration({ api }, { type: "http-api-gateway", properties: { httpApiGatewayName: "api", path: "/jobs", method: "POST" } }, items);
    });
    const arn = r.byName("items-function")!.state.arn;
    assert.deepStrictEqual(r.all(G.integration).map((i) => i.inputs.integrationUri), [arn, arn]);
    // One permission per function and API (any route of the API), whatever the number of routes.
    assert.deepStrictEqual(r.all("aws:lambda/permission:Permission").filter((p) => p.name.startsWith("api-")).map((p) => p.inputs.function), [arn]);
    assert.deepStrictEqual(r.all(G.route).map((x) => x.inputs.routeKey).sort(), ["GET /items/{id}", "POST /jobs"]);
  });
});

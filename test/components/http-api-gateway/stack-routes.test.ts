// One route table per gateway (routes.ts) judges every route, whoever adds
// it: the stack's events (validate, at the event), the component's `routes`
// and `addRoute` (TypeScript). The same clash gets the same words everywhere.
import * as assert from "assert";
import { RouteTable } from "../../../src/components/http-api-gateway/routes";
import { eventRoute, eventRouteProblems } from "../../../src/components/http-api-gateway/stack-routes";
import type { IncomingEvent } from "../../../src/shared/component/resource-definition";

type Event = { type: string; properties: Record<string, unknown> };
const ev = (gateway: string, method: string, path: string, more: Record<string, unknown> = {}): Event =>
  ({ type: "http-api-gateway", properties: { httpApiGatewayName: gateway, method, path, ...more } });
const fn = (name: string, ...events: Event[]) => ({ name, events });

/** Each gateway's events, as the stack gives them (config/stack-names.ts), judged by its table. */
function stackRouteProblems(gateways: { name: string; props: Record<string, unknown> }[], fns: { name: string; events: Event[] }[]) {
  return gateways.flatMap((g) => {
    const events: IncomingEvent[] = fns.flatMap((f) => f.events.flatMap((e, i) =>
      e.properties.httpApiGatewayName === g.name ? [{ source: f.name, target: g.name, at: ["events", i, "properties"], properties: e.properties }] : []));
    return eventRouteProblems(g, events);
  });
}
const said = (out: ReturnType<typeof stackRouteProblems>) => out.map((x) => `${x.resource} ${x.problem.path.join(".")}: ${x.problem.message}${x.problem.hint ? `; ${x.problem.hint}` : ""}`);
const JWT = { type: "jwt", issuerUrl: "https://login.example.com", audience: ["api"] };

describe("the route table", () => {
  it("takes distinct routes: another method, another gateway, another path", () => {
    const gateways = [{ name: "api", props: {} }, { name: "web", props: {} }];
    assert.deepStrictEqual(said(stackRouteProblems(gateways, [
      fn("a", ev("api", "GET", "/x"), ev("api", "POST", "/x"), ev("web", "GET", "/x")),
      fn("b", ev("api", "GET", "/y/{id}"), ev("api", "*", "/z/{proxy+}")),
    ])), []);
  });

  it("refuses a route listed twice by one function, a route of another function, and a variable named otherwise, at the later event's path", () => {
    assert.deepStrictEqual(said(stackRouteProblems([{ name: "api", props: {} }], [
      fn("a", ev("api", "GET", "/x"), ev("api", "GET", "/x"), ev("api", "GET", "/o/{orgId}")),
      fn("b", ev("api", "GET", "/x"), ev("api", "GET", "/o/{org}")),
    ])), [
      "a events.1.properties.path: route GET /x of 'api' is listed twice",
      "b events.0.properties.path: route GET /x of 'api' already goes to the function 'a'; a route has one integration; change the path or the method",
      "b events.1.properties.path: route GET /o/{org} of 'api' has a variable named otherwise at the same level as GET /o/{orgId} of the function 'a'; API Gateway refuses such routes (\"conflicting variable on the same hierarchical level\"); use one name",
    ]);
  });

  it("an authorized ANY route of a gateway with CORS takes the OPTIONS route of its path, wherever that OPTIONS event is listed", () => {
    const gateway = { name: "api", props: { cors: { enabled: true }, authorizers: { users: JWT }, defaultAuthorizer: "users" } };
    const refusal = "route OPTIONS /{proxy+} of 'api' is made by stackfile beside the authorized ANY /{proxy+} of the function 'items', so that CORS preflights reach no authorizer; remove this route (API Gateway answers preflights from the gateway's cors settings)";
    assert.deepStrictEqual(said(stackRouteProblems([gateway], [fn("items", ev("api", "*", "/{proxy+}")), fn("pre", ev("api", "OPTIONS", "/{proxy+}"))])), [`pre events.0.properties.method: ${refusal}`]);
    assert.deepStrictEqual(said(stackRouteProblems([gateway], [fn("pre", ev("api", "OPTIONS", "/{proxy+}")), fn("items", ev("api", "*", "/{proxy+}"))])), [`pre events.0.properties.method: ${refusal}`]);
    // Public (authorizer: none) or without CORS: no OPTIONS route is made, so one may be written.
    assert.deepStrictEqual(said(stackRouteProblems([gateway], [fn("items", ev("api", "*", "/{proxy+}", { authorizer: "none" })), fn("pre", ev("api", "OPTIONS", "/{proxy+}"))])), []);
  });

  it("judges each route's authorization against its gateway", () => {
    const gateway = { name: "api", props: { authorizers: { users: JWT } } };
    assert.deepStrictEqual(said(stackRouteProblems([gateway], [fn("a", ev("api", "GET", "/x", { authorizer: "user" }))])), [
      "a events.0.properties.authorizer: 'api' has no authorizer named 'user'; did you mean 'users'?; name one of the gateway's authorizers, or write 'none' for a public route",
    ]);
  });

  it("leaves refused methods and paths to the schema and the function's rules, and events of gateways not in the stack to the references", () => {
    assert.deepStrictEqual(said(stackRouteProblems([{ name: "api", props: {} }], [
      fn("a", ev("api", "get", "/x"), ev("api", "GET", "/x"), ev("api", "GET", "x"), ev("api", "GET", "x"), ev("nowhere", "GET", "/x"), ev("nowhere", "GET", "/x")),
    ])), []);
  });

  it("an event asks for its route, with its payload format and its function as the owner", () => {
    assert.deepStrictEqual(eventRoute({ source: "a", properties: ev("api", "GET", "/y", { payloadFormat: "2.0", authorizer: "none" }).properties }), {
      method: "GET", path: "/y", authorizer: "none", authorizationScopes: undefined, payloadFormat: "2.0", owner: "a",
    });
    assert.strictEqual(eventRoute({ source: "a", properties: { httpApiGatewayName: "api", method: 7, path: "/y" } }), undefined);
  });

  it("the component's table says the same: a route added twice, a variable named otherwise, a bad path", () => {
    const table = new RouteTable("api", {});
    assert.deepStrictEqual(table.add({ method: "GET", path: "/a/{x}" }).problems, []);
    assert.deepStrictEqual(table.add({ method: "get", path: "/a/{x}" }).problems.map((p) => p.message), ["route GET /a/{x} of 'api' is listed twice"]);
    assert.match(table.add({ method: "GET", path: "/a/{y}" }).problems[0].message, /route GET \/a\/\{y\} of 'api' has a variable named otherwise at the same level as GET \/a\/\{x\}; /);
    assert.deepStrictEqual(table.add({ method: "GET", path: "a" }).problems, [{ path: ["path"], message: "path must start with '/' (got 'a')" }]);
  });
});

// A workload's event of type `http-api-gateway` is a route of the gateway it
// names: the event kind a gateway's definition declares, the route each event
// asks for, and the gateway's one route table (routes.ts) judging them all at
// once, at the event that adds each route (validate; the program gives the
// gateway its routes when it is made; `dev` routes them; `diff` compares
// their authorization).
import type { Problem } from "../../shared/messages/problem";
import type { IncomingEvent } from "../../shared/component/resource-definition";
import { under } from "../../shared/messages/problem";
import { routeKey, routeMethodProblem, routePathProblem, RouteTable, type RouteSpec } from "./routes";
import { effectiveAuthorizer } from "./authorizer-rules";

/** The event kind: `{type: http-api-gateway, properties: {httpApiGatewayName, path, method, ...}}` (the spec's Endpoints shape). */
export const ROUTE_EVENT = { eventType: "http-api-gateway", nameField: "httpApiGatewayName" } as const;

/** The route an event asks for, with its payload format; undefined when its method or path is not text. */
export function eventRoute(e: Pick<IncomingEvent, "source" | "properties">): (RouteSpec & { payloadFormat?: "1.0" | "2.0" }) | undefined {
  const p = e.properties;
  if (typeof p.method !== "string" || typeof p.path !== "string") return undefined;
  const payloadFormat = p.payloadFormat === "1.0" || p.payloadFormat === "2.0" ? p.payloadFormat : undefined;
  return { method: p.method, path: p.path, authorizer: p.authorizer, authorizationScopes: p.authorizationScopes, payloadFormat, owner: e.source };
}

/**
 * A gateway's routes from the stack's events, through its route table:
 * problems by the workload whose event adds the route, at that event. A route
 * whose method or path is refused on its own (the schema, the workload's
 * rules) is not judged again.
 */
export function eventRouteProblems(gateway: { name: string; props: Record<string, unknown> }, events: IncomingEvent[]): { resource: string; problem: Problem }[] {
  const table = new RouteTable(gateway.name, gateway.props);
  const routes = events.flatMap((e) => {
    const route = eventRoute(e);
    if (!route || route.method !== route.method.toUpperCase() || routeMethodProblem(route.method) || routePathProblem(route.path)) return [];
    return [{ e, route }];
  });
  table.reservePreflights(routes.map((r) => r.route));
  return routes.flatMap(({ e, route }) => under(e.at, table.add(route).problems).map((problem) => ({ resource: e.source, problem })));
}

/** An event as `diff` lists it: `route GET /items/{id} on api`. */
export function describeRouteEvent(p: Record<string, unknown>): string {
  return `route ${String(p.method)} ${String(p.path)} on ${String(p.httpApiGatewayName)}`;
}

/** An event's route key (`GET /items/{id}`). */
export function routeEventKey(p: Record<string, unknown>): string | undefined {
  return typeof p.method === "string" && typeof p.path === "string" ? routeKey(p.method, p.path) : undefined;
}

/** The authorizer that guards an event's route on its gateway (undefined: public). */
export function routeEventGuard(gateway: Record<string, unknown>, p: Record<string, unknown>): string | undefined {
  return typeof p.method === "string" ? effectiveAuthorizer(gateway, p.method, p.authorizer) : undefined;
}

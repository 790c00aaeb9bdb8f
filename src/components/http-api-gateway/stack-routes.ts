// The routes a stack's workloads add to its gateways (their `events` of type
// `http-api-gateway`), read from the plain properties before anything is
// made, and judged through each gateway's one route table (routes.ts), at the
// event that adds each route.
import { under, type Problem } from "../../shared/messages/problem";
import { routeMethodProblem, routePathProblem, RouteTable, type RouteSpec } from "./routes";

type Obj = Record<string, unknown>;
type Path = (string | number)[];
const obj = (v: unknown): Obj | undefined => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : undefined);

/** A resource as these functions read it: its name and its plain properties. */
export interface NamedProperties {
  name: string;
  props: Obj;
}

/** A route an event adds to a gateway. */
export interface StackRoute {
  gateway: string;
  /** The resource whose event adds it (the route's `owner`). */
  owner: string;
  /** Where the event's properties are, within the owner's properties (`events.<i>.properties`). */
  at: Path;
  route: RouteSpec & { payloadFormat?: unknown };
}

/**
 * The routes the resources' events add, in file order: every event of type
 * `http-api-gateway` whose gateway, method and path are written as text.
 */
export function stackRoutes(resources: NamedProperties[]): StackRoute[] {
  const out: StackRoute[] = [];
  for (const { name, props } of resources) {
    (Array.isArray(props.events) ? props.events : []).forEach((e, i) => {
      const p = obj(obj(e)?.properties);
      if (obj(e)?.type !== "http-api-gateway" || !p) return;
      if (typeof p.httpApiGatewayName !== "string" || typeof p.method !== "string" || typeof p.path !== "string") return;
      out.push({
        gateway: p.httpApiGatewayName,
        owner: name,
        at: ["events", i, "properties"],
        route: { method: p.method, path: p.path, authorizer: p.authorizer, authorizationScopes: p.authorizationScopes, payloadFormat: p.payloadFormat, owner: name },
      });
    });
  }
  return out;
}

/**
 * Each gateway's routes from the stack's events, through its route table:
 * problems by the resource whose event adds the route, at that event. A route
 * whose method or path is refused on its own (the schema, the workload's
 * rules) is not judged again.
 */
export function stackRouteProblems(gateways: NamedProperties[], resources: NamedProperties[]): { resource: string; problem: Problem }[] {
  const byGateway = new Map(gateways.map((g) => [g.name, { table: new RouteTable(g.name, g.props), routes: [] as StackRoute[] }]));
  for (const r of stackRoutes(resources)) {
    const { method, path } = r.route;
    if (method !== method.toUpperCase() || routeMethodProblem(method) || routePathProblem(path)) continue;
    byGateway.get(r.gateway)?.routes.push(r);
  }
  const out: { resource: string; problem: Problem }[] = [];
  for (const { table, routes } of byGateway.values()) {
    table.reservePreflights(routes.map((r) => r.route));
    for (const r of routes) {
      for (const problem of under(r.at, table.add(r.route).problems)) out.push({ resource: r.owner, problem });
    }
  }
  return out;
}

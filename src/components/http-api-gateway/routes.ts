// A gateway's routes: path and method checks, route keys, the integration
// shape workloads use, and the one route table that says which routes a
// gateway can take (duplicates, variable names, stackfile's preflight routes,
// authorization), for validate, the component and `dev` alike.
import { nodeCrypto } from "../../shared/process/lazy";
import type { Problem } from "../../shared/messages/problem";
import { effectiveAuthorizer, routeAuthorizationProblems } from "./authorizer-rules";

/** Methods a route may have; `*` is any method (`ANY`). */
export type RouteMethod = "*" | "ANY" | "DELETE" | "GET" | "HEAD" | "OPTIONS" | "PATCH" | "POST" | "PUT";

const METHODS = ["ANY", "DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"];

/**
 * A workload's event integration with a gateway, as the spec's Endpoints
 * section writes it in a workload's `events` array.
 */
export interface HttpApiGatewayIntegration {
  type: "http-api-gateway";
  properties: {
    /** Name of the gateway resource that forwards requests. */
    httpApiGatewayName: string;
    /** Path pattern; `{param}` and a final greedy `{proxy+}` are allowed. */
    path: string;
    /** HTTP method, or `*` for any. */
    method: string;
    /** Port of the container that receives requests (container workloads only). */
    containerPort?: number;
    /** A gateway authorizer's name, or `none` (see authorizer-properties.ts). */
    authorizer?: string;
    /** Scopes a JWT must hold; JWT authorizers only. */
    authorizationScopes?: string[];
  };
}

/** Why a route path is refused, or undefined. */
export function routePathProblem(path: string): string | undefined {
  if (!path.startsWith("/")) return `path must start with '/' (got '${path}')`;
  if (path.length > 1 && path.endsWith("/")) return `path must not end with '/' (got '${path}')`;
  const segments = path.split("/").slice(1);
  for (const [i, seg] of segments.entries()) {
    if (seg === "" && path !== "/") return `path has an empty segment ('//') in '${path}'`;
    const param = /^\{([A-Za-z0-9._-]+)(\+?)\}$/.exec(seg);
    if (param) {
      if (param[2] === "+" && i !== segments.length - 1) {
        return `greedy parameter '${seg}' must be the last segment of '${path}'`;
      }
      continue;
    }
    if (/[{}]/.test(seg)) return `segment '${seg}' of '${path}' is not a parameter: write {name} or a final {name+}`;
    if (!/^[A-Za-z0-9._~!$&'()*+,;=:@%-]*$/.test(seg)) return `segment '${seg}' of '${path}' has characters a URL path cannot hold`;
  }
  return undefined;
}

/** Why a route method is refused, or undefined. */
export function routeMethodProblem(method: string): string | undefined {
  const m = method.toUpperCase();
  return m === "*" || METHODS.includes(m) ? undefined : `method must be one of *, ${METHODS.slice(1).join(", ")} (got '${method}')`;
}

/** `GET /items/{id}`; `*` becomes `ANY`. */
export function routeKey(method: string, path: string): string {
  const m = method.toUpperCase();
  return `${m === "*" ? "ANY" : m} ${path}`;
}

/**
 * A route as API Gateway tells routes apart: its key with the names of its
 * path variables left out (`GET /orgs/{}`). Two routes of one API that differ
 * only in a variable's name are refused by CreateRoute with a
 * ConflictException: "The provided route key "GET /orgs/{orgId}/stages/{stageId}/questions"
 * has a conflicting variable on the same hierarchical level as
 * "GET /orgs/{orgId}/stages/{stage_id}/questions"" (the service's message, as
 * quoted in https://github.com/plutomi/plutomi/issues/271). The same name
 * twice in one path (`/f/{x}/{x}`) is not refused by any rule AWS documents,
 * so it is left alone.
 */
export function routeShape(method: string, path: string): string {
  return routeKey(method, path.replace(/\{[^}+]+(\+?)\}/g, "{$1}"));
}

/** Why a route is refused beside another of its shape with other variable names (see routeShape). */
export function variableConflictProblem(key: string, first: string, where: { gateway?: string; firstOwner?: string } = {}): string {
  return `route ${key}${where.gateway ? ` of '${where.gateway}'` : ""} has a variable named otherwise at the same level as ${first}` +
    `${where.firstOwner ? ` of the function '${where.firstOwner}'` : ""}; API Gateway refuses such routes ("conflicting variable on the same hierarchical level"); use one name`;
}

/** A stable, readable suffix for a route's children: `get-items-id-1a2b3c`. */
export function routeSlug(key: string): string {
  const readable = key.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  return `${readable}-${nodeCrypto().createHash("sha256").update(key).digest("hex").slice(0, 6)}`;
}

/** A route as the table takes it: where it goes is not the table's concern. */
export interface RouteSpec {
  /** An HTTP method, or `*` (`ANY`). */
  method: string;
  path: string;
  /** The route's own authorizer, or `none` (see authorizer-properties.ts). */
  authorizer?: unknown;
  authorizationScopes?: unknown;
  /** The function it goes to, by name, when known: a message about a later route names it. */
  owner?: string;
}

/** A route the table took. */
export interface TakenRoute {
  /** `GET /items/{id}`. */
  key: string;
  /** The authorizer that guards it, by name (undefined: public). */
  authorizer?: string;
  /** With CORS, beside an authorized ANY route: the key of stackfile's OPTIONS route of its path, which keeps preflights away from the authorizer. */
  preflightKey?: string;
}

interface Holder {
  key: string;
  owner?: string;
  /** Set on stackfile's own OPTIONS route: the authorized ANY route it serves. */
  servesKey?: string;
}

/**
 * The routes of one gateway, judged as they are added: a route key is taken
 * once (by one function); two keys that differ only in a variable's name
 * cannot both be taken (routeShape); an authorized ANY route of a gateway with
 * CORS takes the OPTIONS route of its path too (stackfile's, without
 * authorizer: https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-cors.html,
 * CORS with an authorizer); and each route's authorization must hold against
 * the gateway's authorizers. Problems have paths within the route (`method`,
 * `path`, `authorizer`, `authorizationScopes`): YAML places them at the event
 * that adds it, the component names the route.
 */
export class RouteTable {
  private readonly byShape = new Map<string, Holder>();

  /**
   * @param gateway the gateway's name
   * @param settings its plain properties the routes are judged against (authorizers, defaultAuthorizer, cors)
   */
  constructor(readonly gateway: string, private readonly settings: Record<string, unknown>) {}

  /** Whether stackfile adds an OPTIONS route beside this one (an authorized ANY route, with CORS on). */
  needsPreflight(route: RouteSpec): boolean {
    const method = String(route.method).toUpperCase();
    const cors = this.settings.cors as { enabled?: unknown } | undefined;
    return (method === "ANY" || method === "*") && cors?.enabled === true && effectiveAuthorizer(this.settings, method, route.authorizer) !== undefined;
  }

  /**
   * Takes the OPTIONS routes stackfile will add beside these routes before any
   * route is added, so that an OPTIONS route of one of their paths is the one
   * refused, wherever it is listed. Routes whose method or path is refused
   * are left for `add` to say so.
   */
  reservePreflights(routes: RouteSpec[]): void {
    for (const route of routes) {
      if (routeMethodProblem(String(route.method)) || routePathProblem(String(route.path)) || !this.needsPreflight(route)) continue;
      const key = routeKey("OPTIONS", route.path);
      const shape = routeShape("OPTIONS", route.path);
      if (!this.byShape.has(shape)) this.byShape.set(shape, { key, owner: route.owner, servesKey: routeKey(route.method, route.path) });
    }
  }

  /** Adds a route: its problems, none when it is taken. */
  add(route: RouteSpec): { problems: Problem[]; taken?: TakenRoute } {
    const method = String(route.method);
    const path = String(route.path);
    const invalid: Problem[] = [];
    const methodWhy = routeMethodProblem(method);
    if (methodWhy) invalid.push({ path: ["method"], message: methodWhy });
    const pathWhy = routePathProblem(path);
    if (pathWhy) invalid.push({ path: ["path"], message: pathWhy });
    if (invalid.length) return { problems: invalid };
    const key = routeKey(method, path);
    const problems = [...this.clash(key, route), ...routeAuthorizationProblems(this.settings, route, this.gateway)];
    const preflightKey = this.needsPreflight(route) ? routeKey("OPTIONS", path) : undefined;
    if (preflightKey) {
      const held = this.byShape.get(routeShape("OPTIONS", path));
      if (held && held.servesKey === undefined) {
        problems.push({
          path: ["method"],
          message: `route ${key} of '${this.gateway}' is authorized, so stackfile adds ${preflightKey} beside it (CORS preflights must reach no authorizer), ` +
            `and ${held.key} already goes to ${held.owner !== undefined ? `the function '${held.owner}'` : "another route"}; remove that route (API Gateway answers preflights from the gateway's cors settings)`,
        });
      }
    }
    if (problems.length) return { problems };
    this.byShape.set(routeShape(method, path), { key, owner: route.owner });
    if (preflightKey) this.byShape.set(routeShape("OPTIONS", path), { key: preflightKey, owner: route.owner, servesKey: key });
    return { problems: [], taken: { key, authorizer: effectiveAuthorizer(this.settings, method, route.authorizer), preflightKey } };
  }

  /** Why the key cannot be taken beside those taken before. */
  private clash(key: string, route: RouteSpec): Problem[] {
    const held = this.byShape.get(routeShape(route.method, route.path));
    if (!held) return [];
    const of = ` of '${this.gateway}'`;
    if (held.servesKey !== undefined) {
      return [{ path: ["method"], message: preflightMessage(held.key, held.servesKey, this.gateway, held.owner) }];
    }
    if (held.key !== key) {
      const firstOwner = held.owner !== undefined && held.owner !== route.owner ? held.owner : undefined;
      return [{ path: ["path"], message: variableConflictProblem(key, held.key, { gateway: this.gateway, firstOwner }) }];
    }
    if (held.owner !== undefined && held.owner !== route.owner) {
      return [{ path: ["path"], message: `route ${key}${of} already goes to the function '${held.owner}'; a route has one integration`, hint: "change the path or the method" }];
    }
    return [{ path: ["path"], message: `route ${key}${of} is listed twice` }];
  }
}

function preflightMessage(optionsKey: string, anyKey: string, gateway: string, owner: string | undefined): string {
  return `route ${optionsKey} of '${gateway}' is made by stackfile beside the authorized ${anyKey}${owner !== undefined ? ` of the function '${owner}'` : ""}, ` +
    "so that CORS preflights reach no authorizer; remove this route (API Gateway answers preflights from the gateway's cors settings)";
}

// Routes: path checks, route keys, and the integration shape workloads use.
import { nodeCrypto } from "../../shared/process/lazy";

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

/**
 * The execute-api ARN pattern of a route, for a Lambda permission scoped to
 * it: any stage, the route's method, path parameters as wildcards.
 */
export function routeSourceArnSuffix(method: string, path: string): string {
  const m = method.toUpperCase();
  const p = path.replace(/\{[^}]+\}/g, "*");
  return `/*/${m === "*" || m === "ANY" ? "*" : m}${p}`;
}

/** A stable, readable suffix for a route's children: `get-items-id-1a2b3c`. */
export function routeSlug(key: string): string {
  const readable = key.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  return `${readable}-${nodeCrypto().createHash("sha256").update(key).digest("hex").slice(0, 6)}`;
}

// A route's authorizer, applied by the local gateway after it chose the route
// and before the function, as API Gateway HTTP APIs apply them:
// - Lambda authorizers ("Control access to HTTP APIs with AWS Lambda
//   authorizers", https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-lambda-authorizer.html):
//   a request missing an identity source (absent or empty) gets 401 without
//   the function being called; the function gets the payload 1.0 or 2.0
//   authorizer event; it answers a simple response (2.0 with simple
//   responses: `isAuthorized`) or an IAM policy (`principalId`,
//   `policyDocument`), with an optional `context` the route's function
//   receives; denied -> 403 {"message":"Forbidden"}; a failed authorizer or an
//   answer API Gateway cannot read -> 500; answers are kept `resultTtl`
//   seconds, keyed by the identity sources' values.
// - JWT authorizers: jwt.ts.
import type { Invocation } from "./invocation";
import { eventV1, eventV2, type GatewayRequest, type RouteContext } from "./events";
import { jwtDenied, jsonMessage, INTERNAL_ERROR, type GatewayResponse } from "./responses";
import { noKeysMessage, verifyJwt, type KeySource } from "./jwt";
import { parseIdentitySource } from "../aws-rules/apigateway-identity-sources";

export const REGION = "us-east-1";
export const ACCOUNT = "000000000000";

export type DevAuthorizer =
  | { type: "jwt"; name: string; issuer: string; audience: string[]; identitySource: string; keys: KeySource }
  | {
    type: "lambda";
    name: string;
    functionName: string;
    identitySource: string[];
    payloadFormat: "1.0" | "2.0";
    simpleResponses: boolean;
    resultTtl: number;
    invoke(event: Record<string, unknown>): Promise<Invocation>;
    /** Kept answers by identity values (a new stack file makes new authorizers, and so empties it). */
    cache: Map<string, { until: number; result: unknown }>;
  };

export interface RouteAuthorization {
  authorizer: DevAuthorizer;
  /** JWT only: the token must hold one of them. */
  scopes?: string[];
}

/** What the route's function gets in `requestContext.authorizer`, per payload format of its integration. */
export interface AuthorizerContext {
  v1: Record<string, unknown>;
  v2: Record<string, unknown>;
}

export type AuthorizeResult = { denied: GatewayResponse } | { context: AuthorizerContext };

const UNAUTHORIZED = jsonMessage(401, "Unauthorized");
const FORBIDDEN = jsonMessage(403, "Forbidden");

/** The value of one identity source in the request, or undefined when absent or empty. */
export function identityValue(source: string, req: GatewayRequest, route: RouteContext): string | undefined {
  const parsed = parseIdentitySource(source);
  let v: string | undefined;
  if (parsed?.kind === "header") {
    const values = req.headers.filter(([k]) => k.toLowerCase() === parsed.name.toLowerCase()).map(([, x]) => x);
    v = values.length ? values.join(",") : undefined;
  } else if (parsed?.kind === "querystring") {
    const values = new URLSearchParams(req.rawQueryString).getAll(parsed.name);
    v = values.length ? values.join(",") : undefined;
  } else if (parsed?.kind === "context") {
    const context: Record<string, string> = {
      requestId: req.requestId, httpMethod: req.method, path: req.rawPath, routeKey: route.routeKey, stage: "$default",
      apiId: req.apiId, domainName: req.domainName, "identity.sourceIp": req.sourceIp, protocol: req.protocol, accountId: ACCOUNT,
    };
    v = context[parsed.name];
  }
  // $stageVariables: the local stage has none, so they are always missing.
  return v === undefined || v === "" ? undefined : v;
}

/** `arn:aws:execute-api:{region}:{account}:{apiId}/{stage}/{method}{path}`: the route ARN of the authorizer events. */
export function routeArn(req: GatewayRequest): string {
  return `arn:aws:execute-api:${REGION}:${ACCOUNT}:${req.apiId}/$default/${req.method}${req.rawPath}`;
}

function lambdaEvent(a: Extract<DevAuthorizer, { type: "lambda" }>, req: GatewayRequest, route: RouteContext, values: string[]): Record<string, unknown> {
  const arn = routeArn(req);
  if (a.payloadFormat === "2.0") {
    const { body: _b, isBase64Encoded: _i, ...rest } = eventV2(req, route);
    return { version: "2.0", type: "REQUEST", routeArn: arn, identitySource: values, ...rest };
  }
  const { body: _b, isBase64Encoded: _i, ...rest } = eventV1(req, route);
  const joined = values.join(",");
  return { ...rest, version: "1.0", type: "REQUEST", methodArn: arn, identitySource: joined, authorizationToken: joined };
}

/** IAM's wildcards: `*` any run of characters, `?` one. */
function wildcard(pattern: string, value: string): boolean {
  const re = new RegExp(`^${pattern.split("").map((c) => (c === "*" ? ".*" : c === "?" ? "." : c.replace(/[.+^${}()|[\]\\/]/g, "\\$&"))).join("")}$`);
  return re.test(value);
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
const isMap = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A policy's decision for `arn`: an explicit Deny wins, then an Allow; none allows nothing. undefined: not a policy. */
export function policyAllows(result: unknown, arn: string): boolean | undefined {
  if (!isMap(result) || !isMap(result.policyDocument)) return undefined;
  const statements = list(result.policyDocument.Statement);
  if (!statements.every(isMap)) return undefined;
  const applies = (s: Record<string, unknown>) =>
    list(s.Action).some((x) => typeof x === "string" && wildcard(x, "execute-api:Invoke"))
    && list(s.Resource).some((x) => typeof x === "string" && wildcard(x, arn));
  const matching = (statements as Record<string, unknown>[]).filter(applies);
  if (matching.some((s) => s.Effect === "Deny")) return false;
  return matching.some((s) => s.Effect === "Allow");
}

function decideLambda(a: Extract<DevAuthorizer, { type: "lambda" }>, result: unknown, req: GatewayRequest): AuthorizeResult | "unreadable" {
  const context = isMap(result) && isMap(result.context) ? result.context : {};
  if (a.payloadFormat === "2.0" && a.simpleResponses) {
    if (!isMap(result) || typeof result.isAuthorized !== "boolean") return "unreadable";
    return result.isAuthorized ? { context: { v1: { lambda: context }, v2: { lambda: context } } } : { denied: FORBIDDEN };
  }
  const allowed = policyAllows(result, routeArn(req));
  if (allowed === undefined) return "unreadable";
  if (!allowed) return { denied: FORBIDDEN };
  return { context: { v1: { lambda: context }, v2: { lambda: context } } };
}

/** Applies the route's authorizer. `log` says why a request was refused when the client cannot see it. */
export async function authorize(auth: RouteAuthorization, req: GatewayRequest, route: RouteContext, log: (line: string) => void, now = Date.now()): Promise<AuthorizeResult> {
  const a = auth.authorizer;
  if (a.type === "jwt") {
    const token = identityValue(a.identitySource, req, route);
    if (token === undefined) return { denied: jwtDenied(401, "", "the token is missing") };
    const keys = await a.keys(a.issuer).catch((err) => {
      log(`authorizer '${a.name}': could not read the keys of ${a.issuer}: ${(err as Error).message}`);
      return undefined;
    });
    if (!keys) log(noKeysMessage(a));
    const outcome = verifyJwt(token, a, keys, auth.scopes, now);
    if (!outcome.ok) return { denied: jwtDenied(outcome.status, outcome.scope ?? "", outcome.description) };
    return { context: { v1: { claims: outcome.claims, scopes: outcome.scopes }, v2: { jwt: { claims: outcome.claims, scopes: outcome.scopes } } } };
  }
  const values: string[] = [];
  for (const s of a.identitySource) {
    const v = identityValue(s, req, route);
    if (v === undefined) return { denied: UNAUTHORIZED };
    values.push(v);
  }
  const key = JSON.stringify(values);
  const kept = a.resultTtl > 0 ? a.cache.get(key) : undefined;
  let result: unknown;
  if (kept && kept.until > now) result = kept.result;
  else {
    const ran = await a.invoke(lambdaEvent(a, req, route, values));
    if (!ran.ok) {
      log(`authorizer '${a.name}' (${a.functionName}) failed: ${ran.error}`);
      return { denied: INTERNAL_ERROR };
    }
    result = ran.result;
    if (a.resultTtl > 0) a.cache.set(key, { until: now + a.resultTtl * 1000, result });
  }
  const decided = decideLambda(a, result, req);
  if (decided === "unreadable") {
    a.cache.delete(key);
    log(`authorizer '${a.name}' (${a.functionName}) answered what API Gateway cannot read as a ${a.payloadFormat === "2.0" && a.simpleResponses ? "simple response ({isAuthorized: boolean})" : "policy ({principalId, policyDocument})"}: 500`);
    return { denied: INTERNAL_ERROR };
  }
  return decided;
}

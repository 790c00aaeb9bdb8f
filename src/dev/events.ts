// The Lambda events of an HTTP API request, payload format 1.0 and 2.0, as
// API Gateway builds them ("Create AWS Lambda proxy integrations for HTTP
// APIs", https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-develop-integrations-lambda.html):
// header names lower-cased; in 2.0 duplicate headers and query strings joined
// with commas and the cookies in `cookies`; in 1.0 the last value in
// `headers`/`queryStringParameters` and all of them in the multi-value maps.

export interface GatewayRequest {
  method: string;
  /** The path as sent (still URL-encoded). */
  rawPath: string;
  /** After `?`, without it ('' when none). */
  rawQueryString: string;
  /** Header pairs as received, in order. */
  headers: [string, string][];
  body: Buffer;
  sourceIp: string;
  protocol: string;
  requestId: string;
  time: Date;
  apiId: string;
  /** The Host the client used. */
  domainName: string;
}

export interface RouteContext {
  /** `GET /items/{id}` or `$default`. */
  routeKey: string;
  pathParameters: Record<string, string>;
  /** What the route's authorizer gave (`requestContext.authorizer`), when it has one. */
  authorizer?: Record<string, unknown>;
}

/**
 * Whether API Gateway passes the body as text: only for `text/*`,
 * `application/json`, `application/xml` and `application/javascript`;
 * everything else, a missing content type too, arrives base64-encoded with
 * `isBase64Encoded: true`. AWS does not list the types; this split was
 * measured against a real HTTP API (https://github.com/ministackorg/ministack/pull/766).
 */
export function isTextBody(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(";")[0].trim().toLowerCase();
  return type.startsWith("text/") || ["application/json", "application/xml", "application/javascript"].includes(type);
}

/** `12/Mar/2020:19:03:58 +0000`: the `time`/`requestTime` format of the events. */
export function requestTime(d: Date): string {
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  const p = (n: number) => String(n).padStart(2, "0");
  return `${p(d.getUTCDate())}/${months[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
}

function grouped(pairs: [string, string][]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [k, v] of pairs) out.set(k, [...(out.get(k) ?? []), v]);
  return out;
}

function queryPairs(raw: string): [string, string][] {
  if (!raw) return [];
  return [...new URLSearchParams(raw)];
}

function bodyOf(req: GatewayRequest): { body: string | undefined; isBase64Encoded: boolean } {
  if (!req.body.length) return { body: undefined, isBase64Encoded: false };
  const type = req.headers.find(([k]) => k.toLowerCase() === "content-type")?.[1];
  return isTextBody(type) ? { body: req.body.toString("utf8"), isBase64Encoded: false } : { body: req.body.toString("base64"), isBase64Encoded: true };
}

const ACCOUNT = "000000000000";
const userAgent = (req: GatewayRequest) => req.headers.find(([k]) => k.toLowerCase() === "user-agent")?.[1] ?? "";

export function eventV2(req: GatewayRequest, route: RouteContext): Record<string, unknown> {
  const lower = req.headers.map(([k, v]): [string, string] => [k.toLowerCase(), v]);
  const cookies = lower.filter(([k]) => k === "cookie").flatMap(([, v]) => v.split(/;\s*/)).filter((c) => c !== "");
  const headers = Object.fromEntries([...grouped(lower.filter(([k]) => k !== "cookie"))].map(([k, vs]) => [k, vs.join(",")]));
  const query = grouped(queryPairs(req.rawQueryString));
  const { body, isBase64Encoded } = bodyOf(req);
  const event: Record<string, unknown> = {
    version: "2.0",
    routeKey: route.routeKey,
    rawPath: req.rawPath,
    rawQueryString: req.rawQueryString,
  };
  if (cookies.length) event.cookies = cookies;
  event.headers = headers;
  if (query.size) event.queryStringParameters = Object.fromEntries([...query].map(([k, vs]) => [k, vs.join(",")]));
  event.requestContext = {
    accountId: ACCOUNT,
    apiId: req.apiId,
    ...(route.authorizer ? { authorizer: route.authorizer } : {}),
    domainName: req.domainName,
    domainPrefix: req.domainName.split(".")[0],
    http: { method: req.method, path: decodePath(req.rawPath), protocol: req.protocol, sourceIp: req.sourceIp, userAgent: userAgent(req) },
    requestId: req.requestId,
    routeKey: route.routeKey,
    stage: "$default",
    time: requestTime(req.time),
    timeEpoch: req.time.getTime(),
  };
  if (body !== undefined) event.body = body;
  if (Object.keys(route.pathParameters).length) event.pathParameters = route.pathParameters;
  event.isBase64Encoded = isBase64Encoded;
  return event;
}

export function eventV1(req: GatewayRequest, route: RouteContext): Record<string, unknown> {
  const lower = req.headers.map(([k, v]): [string, string] => [k.toLowerCase(), v]);
  const headerGroups = grouped(lower);
  const query = grouped(queryPairs(req.rawQueryString));
  const { body, isBase64Encoded } = bodyOf(req);
  const resource = route.routeKey === "$default" ? "$default" : route.routeKey.slice(route.routeKey.indexOf(" ") + 1);
  const path = decodePath(req.rawPath);
  return {
    version: "1.0",
    resource,
    path,
    httpMethod: req.method,
    headers: Object.fromEntries([...headerGroups].map(([k, vs]) => [k, vs[vs.length - 1]])),
    multiValueHeaders: Object.fromEntries(headerGroups),
    queryStringParameters: query.size ? Object.fromEntries([...query].map(([k, vs]) => [k, vs[vs.length - 1]])) : null,
    multiValueQueryStringParameters: query.size ? Object.fromEntries(query) : null,
    requestContext: {
      accountId: ACCOUNT,
      apiId: req.apiId,
      ...(route.authorizer ? { authorizer: route.authorizer } : {}),
      domainName: req.domainName,
      domainPrefix: req.domainName.split(".")[0],
      extendedRequestId: req.requestId,
      httpMethod: req.method,
      identity: { accessKey: null, accountId: null, caller: null, cognitoAuthenticationProvider: null, cognitoAuthenticationType: null, cognitoIdentityId: null, cognitoIdentityPoolId: null, principalOrgId: null, sourceIp: req.sourceIp, user: null, userAgent: userAgent(req), userArn: null },
      path,
      protocol: req.protocol,
      requestId: req.requestId,
      requestTime: requestTime(req.time),
      requestTimeEpoch: req.time.getTime(),
      resourceId: route.routeKey,
      resourcePath: resource,
      stage: "$default",
    },
    pathParameters: Object.keys(route.pathParameters).length ? route.pathParameters : null,
    stageVariables: null,
    body: body ?? null,
    isBase64Encoded,
  };
}

function decodePath(p: string): string {
  try {
    return decodeURI(p);
  } catch {
    return p;
  }
}

// A Lambda result back to an HTTP response, as API Gateway HTTP APIs map it
// ("Lambda function response format" in
// https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-develop-integrations-lambda.html):
// 1.0 must be {statusCode, headers?, multiValueHeaders?, body?, isBase64Encoded?}
// (anything else is a 500, https://repost.aws/knowledge-center/api-gateway-status-codes-http-api);
// 2.0 also takes `cookies` (each one a set-cookie header), and a result
// without statusCode is a 200 application/json response whose body is the result.

export interface GatewayResponse {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/** What API Gateway answers when the integration fails or answers what it cannot read. */
export const INTERNAL_ERROR: GatewayResponse = jsonMessage(500, "Internal Server Error");

export function jsonMessage(status: number, message: string): GatewayResponse {
  return { status, headers: [["content-type", "application/json"]], body: Buffer.from(JSON.stringify({ message })) };
}

type Result = {
  statusCode?: unknown;
  headers?: unknown;
  multiValueHeaders?: unknown;
  cookies?: unknown;
  body?: unknown;
  isBase64Encoded?: unknown;
};

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function bodyBytes(r: Result): Buffer | undefined {
  if (r.body === undefined || r.body === null) return Buffer.alloc(0);
  if (typeof r.body !== "string") return undefined;
  return r.isBase64Encoded === true ? Buffer.from(r.body, "base64") : Buffer.from(r.body, "utf8");
}

function headerPairs(r: Result): [string, string][] | undefined {
  const out: [string, string][] = [];
  if (r.headers !== undefined && r.headers !== null) {
    if (!isMap(r.headers)) return undefined;
    for (const [k, v] of Object.entries(r.headers)) out.push([k, String(v)]);
  }
  if (r.multiValueHeaders !== undefined && r.multiValueHeaders !== null) {
    if (!isMap(r.multiValueHeaders)) return undefined;
    for (const [k, vs] of Object.entries(r.multiValueHeaders)) {
      if (!Array.isArray(vs)) return undefined;
      // A name in both maps: the multi-value list is the one sent.
      for (let i = out.length - 1; i >= 0; i--) if (out[i][0].toLowerCase() === k.toLowerCase()) out.splice(i, 1);
      for (const v of vs) out.push([k, String(v)]);
    }
  }
  return out;
}

function statusOf(r: Result): number | undefined {
  const s = typeof r.statusCode === "string" && /^\d+$/.test(r.statusCode) ? Number(r.statusCode) : r.statusCode;
  return typeof s === "number" && Number.isInteger(s) && s >= 100 && s <= 599 ? s : undefined;
}

export function responseV1(result: unknown): GatewayResponse {
  if (!isMap(result)) return INTERNAL_ERROR;
  const r = result as Result;
  const status = statusOf(r);
  const headers = headerPairs(r);
  const body = bodyBytes(r);
  if (status === undefined || !headers || !body) return INTERNAL_ERROR;
  return { status, headers, body };
}

export function responseV2(result: unknown): GatewayResponse {
  if (!isMap(result) || !("statusCode" in result)) {
    const body = result === undefined ? "" : JSON.stringify(result);
    return { status: 200, headers: [["content-type", "application/json"]], body: Buffer.from(body ?? "") };
  }
  const r = result as Result;
  const status = statusOf(r);
  const headers = headerPairs({ headers: r.headers });
  const body = bodyBytes(r);
  if (status === undefined || !headers || !body) return INTERNAL_ERROR;
  if (r.cookies !== undefined && r.cookies !== null) {
    if (!Array.isArray(r.cookies)) return INTERNAL_ERROR;
    for (const c of r.cookies) headers.push(["set-cookie", String(c)]);
  }
  return { status, headers, body };
}

/**
 * A JWT authorizer's refusal: 401 (or 403 for missing scopes) with the
 * `www-authenticate` header API Gateway sends, which says why
 * (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-troubleshooting-jwt.html).
 */
export function jwtDenied(status: 401 | 403, scope: string, description: string): GatewayResponse {
  const r = jsonMessage(status, status === 401 ? "Unauthorized" : "Forbidden");
  const error = status === 401 ? "invalid_token" : "insufficient_scope";
  return { ...r, headers: [...r.headers, ["www-authenticate", `Bearer scope="${scope}" error="${error}" error_description="${description}"`]] };
}

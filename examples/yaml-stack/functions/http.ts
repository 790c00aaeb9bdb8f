// API Gateway events of both payload formats as one request shape, and the
// response shape both formats accept.

export interface ApiRequest {
  version: "1.0" | "2.0";
  method: string;
  path: string;
  query: Record<string, string>;
}

export interface ApiResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

type Event = {
  version?: string;
  httpMethod?: string;
  path?: string;
  rawPath?: string;
  queryStringParameters?: Record<string, string> | null;
  requestContext?: { http?: { method?: string } };
};

export function requestOf(event: unknown): ApiRequest {
  const e = (event ?? {}) as Event;
  const query = e.queryStringParameters ?? {};
  if (e.version === "2.0") return { version: "2.0", method: e.requestContext?.http?.method ?? "GET", path: e.rawPath ?? "/", query };
  return { version: "1.0", method: e.httpMethod ?? "GET", path: e.path ?? "/", query };
}

export function respond(statusCode: number, body: unknown, contentType = "application/json"): ApiResponse {
  return {
    statusCode,
    headers: { "content-type": contentType },
    body: typeof body === "string" ? body : JSON.stringify(body),
  };
}

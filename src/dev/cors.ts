// CORS as an HTTP API answers it when the API has a CORS configuration
// ("Configure CORS for HTTP APIs", https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-cors.html):
// API Gateway answers preflight OPTIONS requests itself (no OPTIONS route
// needed), adds the configured headers to the integration's responses and
// ignores CORS headers the integration returns. CORS headers are returned only
// to requests with an `origin` header, and to OPTIONS requests that also carry
// `access-control-request-method`.

export interface CorsSettings {
  allowOrigins: string[];
  allowHeaders: string[];
  /** `*` for any. */
  allowMethods: string[];
  allowCredentials: boolean;
  exposeHeaders: string[];
  maxAge?: number;
}

const lowerAll = (xs: string[]) => xs.map((x) => x.toLowerCase());

/** Whether `origin` is one of the configured origins (`*` any; `https://*.example.com` a subdomain). */
export function originAllowed(cors: CorsSettings, origin: string): boolean {
  return cors.allowOrigins.some((o) => {
    if (o === "*") return true;
    if (o.includes("*")) {
      const re = new RegExp("^" + o.split("*").map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("[^/]+") + "$", "i");
      return re.test(origin);
    }
    return o.toLowerCase() === origin.toLowerCase();
  });
}

function allowOriginValue(cors: CorsSettings, origin: string): string {
  return cors.allowOrigins.includes("*") && !cors.allowCredentials ? "*" : origin;
}

/** Whether a request is a preflight the gateway answers: OPTIONS with origin and access-control-request-method. */
export function isPreflight(method: string, header: (name: string) => string | undefined): boolean {
  return method === "OPTIONS" && header("origin") !== undefined && header("access-control-request-method") !== undefined;
}

/**
 * The gateway's answer to a preflight: 204, with the CORS headers only when
 * the origin, the method and every requested header are allowed (a browser
 * then refuses the request: the refusal is the missing headers).
 */
export function preflightHeaders(cors: CorsSettings, header: (name: string) => string | undefined): [string, string][] {
  const origin = header("origin")!;
  const method = header("access-control-request-method")!.toUpperCase();
  const requested = (header("access-control-request-headers") ?? "").split(",").map((h) => h.trim().toLowerCase()).filter(Boolean);
  if (!originAllowed(cors, origin)) return [];
  const methods = cors.allowMethods.map((m) => m.toUpperCase());
  if (!methods.includes("*") && !methods.includes(method)) return [];
  const headers = lowerAll(cors.allowHeaders);
  if (!headers.includes("*") && requested.some((h) => !headers.includes(h))) return [];
  const out: [string, string][] = [["access-control-allow-origin", allowOriginValue(cors, origin)]];
  if (cors.allowCredentials) out.push(["access-control-allow-credentials", "true"]);
  out.push(["access-control-allow-methods", methods.includes("*") ? method : methods.join(",")]);
  if (requested.length || headers.length) out.push(["access-control-allow-headers", headers.includes("*") ? requested.join(",") : headers.join(",")]);
  if (cors.maxAge !== undefined) out.push(["access-control-max-age", String(cors.maxAge)]);
  return out;
}

/** The headers added to an integration's response to a request from `origin` (none when it is not allowed). */
export function responseCorsHeaders(cors: CorsSettings, origin: string | undefined): [string, string][] {
  if (origin === undefined || !originAllowed(cors, origin)) return [];
  const out: [string, string][] = [["access-control-allow-origin", allowOriginValue(cors, origin)]];
  if (cors.allowCredentials) out.push(["access-control-allow-credentials", "true"]);
  if (cors.exposeHeaders.length) out.push(["access-control-expose-headers", cors.exposeHeaders.join(",")]);
  return out;
}

/** The integration's own CORS headers, which API Gateway drops when the API has a CORS configuration. */
export function withoutCorsHeaders(headers: [string, string][]): [string, string][] {
  return headers.filter(([k]) => !k.toLowerCase().startsWith("access-control-"));
}

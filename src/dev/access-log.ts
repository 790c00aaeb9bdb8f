// One access-log line per request, in the gateway's configured format: the
// stage's format string (the gateway's runner gives it, from
// components/http-api-gateway/access-log.ts) with each $context variable
// replaced by its value for the request, as API Gateway writes it ("Customize HTTP API access logs",
// https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-logging-variables.html).
// A variable with no value is written `-`.
import { requestTime } from "./events";

export interface LoggedRequest {
  requestId: string;
  sourceIp: string;
  time: Date;
  httpMethod: string;
  /** `-` when no route matched. */
  routeKey: string;
  status: number;
  protocol: string;
  responseLength: number;
}

/** A stage's access log format string; `json`: values go inside JSON strings, escaped as such. */
export interface AccessLogFormat {
  template: string;
  json: boolean;
}

export function accessLogLine(format: AccessLogFormat, r: LoggedRequest): string {
  const values: Record<string, string> = {
    requestId: r.requestId,
    "identity.sourceIp": r.sourceIp,
    requestTime: requestTime(r.time),
    httpMethod: r.httpMethod,
    routeKey: r.routeKey,
    status: String(r.status),
    protocol: r.protocol,
    responseLength: String(r.responseLength),
  };
  const json = format.json;
  return format.template.replace(/\$context\.([A-Za-z.]+)/g, (_, name: string) => {
    const v = values[name] ?? "-";
    // Inside the JSON format's quotes: escaped as JSON string content.
    return json ? JSON.stringify(v).slice(1, -1) : v;
  });
}

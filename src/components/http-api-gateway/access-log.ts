// Access log formats: every one carries the eight fields the spec names.
import type { HttpApiLogging } from "./properties";

type Format = NonNullable<HttpApiLogging["format"]>;

/** `$context` variables of each logged field. */
export const ACCESS_LOG_FIELDS = {
  requestId: "$context.requestId",
  ip: "$context.identity.sourceIp",
  requestTime: "$context.requestTime",
  httpMethod: "$context.httpMethod",
  routeKey: "$context.routeKey",
  status: "$context.status",
  protocol: "$context.protocol",
  responseLength: "$context.responseLength",
} as const;

const f = ACCESS_LOG_FIELDS;

/** The stage's access log format string for `format`. */
export function accessLogFormat(format: Format): string {
  switch (format) {
    case "JSON":
      return JSON.stringify(f);
    case "CLF":
      return `${f.ip} - - [${f.requestTime}] "${f.httpMethod} ${f.routeKey} ${f.protocol}" ${f.status} ${f.responseLength} ${f.requestId}`;
    case "CSV":
      return Object.values(f).join(",");
    case "XML":
      return `<request id="${f.requestId}">` +
        Object.entries(f).filter(([k]) => k !== "requestId").map(([k, v]) => `<${k}>${v}</${k}>`).join("") +
        "</request>";
  }
}

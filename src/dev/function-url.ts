// The event a Lambda function URL sends its function for a request that came
// through the site's CloudFront distribution: payload format 2.0 ("Request
// payload format", https://docs.aws.amazon.com/lambda/latest/dg/urls-invocation.html),
// route key and stage `$default`, the function URL's own domain as `host`
// (the origin request policy "all viewer except Host" keeps the viewer's Host
// out; the viewer-request function copies it to x-forwarded-host, cdn.ts),
// and the headers CloudFront adds on the way (x-forwarded-for, -proto, via).
// The response a function URL maps back is that of payload 2.0 (same page,
// "Response payload format"): responses.ts responseV2.
import { eventV2, type GatewayRequest } from "./events";

/** The function URL's host (`<url-id>.lambda-url.<region>.on.aws`) for a local origin. */
export function functionUrlHost(origin: string): string {
  return `${origin.toLowerCase().replace(/[^a-z0-9]/g, "")}0dev.lambda-url.us-east-1.on.aws`;
}

export function functionUrlEvent(req: GatewayRequest, origin: string, extraHeaders: [string, string][] = []): Record<string, unknown> {
  const viewerHost = req.headers.find(([k]) => k.toLowerCase() === "host")?.[1] ?? req.domainName;
  const host = functionUrlHost(origin);
  const headers: [string, string][] = [
    ...req.headers.filter(([k]) => !["host", "x-forwarded-host", "x-forwarded-for", "x-forwarded-proto", "via"].includes(k.toLowerCase())),
    ["host", host],
    ["x-forwarded-host", viewerHost],
    ["x-forwarded-for", req.sourceIp],
    ["x-forwarded-proto", "https"],
    ["via", "2.0 local.cloudfront.net (CloudFront)"],
    ...extraHeaders,
  ];
  const event = eventV2({ ...req, headers, domainName: host, apiId: host.split(".")[0] }, { routeKey: "$default", pathParameters: {} });
  // Function URLs send no path parameters or stage variables (both null in the page's example).
  return event;
}

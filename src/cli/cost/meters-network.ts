// What serves and watches traffic: HTTP APIs, CDNs, firewalls, VPC
// endpoints, alarms and log groups.
import { HOURS_PER_MONTH } from "./price-table";
import { count, list, num, obj, str, type Charges, type PricedResource } from "./meter-types";

/** An API Gateway v2 API: an HTTP API bills requests (a WebSocket API is not in the table). */
export function apiGatewayApi(r: PricedResource): Charges {
  if (r.inputs.protocolType !== "HTTP") return { unpriced: [`${str(r.inputs.protocolType) ?? "an unset"} protocol type is not in the table`] };
  return { usage: [{ what: "HTTP API requests", price: "apigateway.http.requests", keys: ["requests"], quantity: (u) => u.requests / 1e6 }] };
}

/**
 * A CloudFront distribution: data sent to viewers and HTTPS requests, by use.
 * CloudFront prices requests per 10,000 by the viewers' geography, not by the
 * stack's Region (aws.amazon.com/cloudfront/pricing/); the table's row for a
 * Region is that of the geography its users are in (docs/cost.md).
 */
export function distribution(): Charges {
  return {
    usage: [
      { what: "data out to viewers", price: "cloudfront.transfer-out", keys: ["gbOut"], quantity: (u) => u.gbOut },
      { what: "HTTPS requests", price: "cloudfront.requests.https", keys: ["requests"], quantity: (u) => u.requests / 10_000 },
    ],
  };
}

/** A CloudFront function: its invocations by use (one per request it is associated with). */
export function cloudfrontFunction(): Charges {
  return { usage: [{ what: "function invocations", price: "cloudfront.functions", keys: ["requests"], quantity: (u) => u.requests / 1e6 }] };
}

/** A WAF web ACL: a month for the ACL and each rule in it, and the requests it inspects. */
export function webAcl(r: PricedResource): Charges {
  const rules = list(r.inputs.rules).length;
  return {
    fixed: [
      { what: "1 web ACL", price: "waf.web-acl", quantity: 1 },
      { what: count(rules, "rule"), price: "waf.rule", quantity: rules },
    ],
    usage: [{ what: "requests inspected", price: "waf.requests", keys: ["requests"], quantity: (u) => u.requests / 1e6 }],
  };
}

/**
 * A VPC endpoint: an interface endpoint bills each hour in each Availability
 * Zone it is in (one per subnet) and the data it processes; a gateway
 * endpoint (S3, DynamoDB) costs nothing (aws.amazon.com/privatelink/pricing/).
 */
export function vpcEndpoint(r: PricedResource): Charges {
  const kind = str(r.inputs.vpcEndpointType) ?? "Gateway";
  if (kind === "Gateway") return {};
  if (kind !== "Interface") return { unpriced: [`${kind} endpoints are not in the table`] };
  const zones = Math.max(1, list(r.inputs.subnetIds).length);
  return {
    fixed: [{ what: `${count(zones, "Availability Zone")} × ${HOURS_PER_MONTH} h`, price: "vpc.interface-endpoint", quantity: zones * HOURS_PER_MONTH }],
    usage: [{ what: "data processed", price: "vpc.interface-endpoint.data", keys: ["gbProcessed"], quantity: (u) => u.gbProcessed }],
  };
}

/**
 * A CloudWatch metric alarm: a month for each metric it reads (a metric-math
 * alarm reads each of its metric queries), at the high-resolution price when
 * its period is under 60 seconds.
 */
export function metricAlarm(r: PricedResource): Charges {
  const queries = list(r.inputs.metricQueries).map(obj);
  const metrics = queries.length ? queries.filter((q) => q.metric !== undefined) : [r.inputs];
  const periods = queries.length ? metrics.map((q) => num(obj(q.metric).period, 60)) : [num(r.inputs.period, 60)];
  const high = periods.some((p) => p < 60);
  const n = Math.max(1, metrics.length);
  return { fixed: [{ what: `${count(n, "alarm metric")}${high ? " (high resolution)" : ""}`, price: high ? "cloudwatch.alarm.high-resolution" : "cloudwatch.alarm.standard", quantity: n }] };
}

/** A composite alarm: a month. */
export function compositeAlarm(): Charges {
  return { fixed: [{ what: "1 composite alarm", price: "cloudwatch.alarm.composite", quantity: 1 }] };
}

/** A log group: ingestion and storage by use. */
export function logGroup(): Charges {
  return {
    usage: [
      { what: "log ingestion", price: "logs.ingestion", keys: ["logGb"], quantity: (u) => u.logGb },
      { what: "log storage", price: "logs.storage", keys: ["storageGb"], quantity: (u) => u.storageGb },
    ],
  };
}

// Rules of nextjs-web as pure functions (see redis-cluster/rules.ts).
import type { Problem } from "../../shared/messages/problem";
import { domainListProblems, sharedCertificateProblems } from "../../shared/domains/domain-rules";
import { forwardingNeedsLogs } from "../../shared/logging/log-forwarding-rules";
import { workloadProblems } from "../../shared/workloads/workload-rules";
import { useFirewallArnProblems } from "../web-app-firewall/use-firewall";

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : undefined);

/** Variables the component sets for OpenNext: `environment` may not redefine them. */
export const OPENNEXT_ENV = [
  "CACHE_BUCKET_NAME", "CACHE_BUCKET_KEY_PREFIX", "CACHE_BUCKET_REGION", "REVALIDATION_QUEUE_URL", "REVALIDATION_QUEUE_REGION", "CACHE_DYNAMO_TABLE",
];

/** What a Lambda@Edge server cannot have: the property's path, the test, why. */
const EDGE_CONFLICTS: [string[], (p: Obj) => boolean, string][] = [
  [["warmServerInstances"], (p) => p.warmServerInstances !== undefined, "edge functions cannot be kept warm"],
  [["streamingEnabled"], (p) => p.streamingEnabled === true, "edge functions cannot stream responses"],
  [["joinDefaultVpc"], (p) => p.joinDefaultVpc === true, "edge functions cannot join a VPC"],
  [
    ["serverFunction", "logging", "logForwarding"],
    (p) => obj(obj(obj(p.serverFunction)?.logging)?.logForwarding) !== undefined,
    "an edge function logs in the region of each edge location that runs it, and a forwarding would see only us-east-1's",
  ],
  // Lambda@Edge's metrics: https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/lambda-cloudwatch-metrics-logging.html
  [["alarms"], (p) => p.alarms !== undefined, "an edge function's metrics are published in the region of each edge location that runs it, and an alarm would see only one region's (an edge server has no alarms)"],
];

/** Problems of useEdgeFunction; `vpcOnlyTargets` are the connectTo entries reachable only in the VPC. */
export function edgeProblems(p: Obj, vpcOnlyTargets: { index: number; name: string }[] = []): Problem[] {
  if (p.useEdgeFunction !== true) return [];
  const out: Problem[] = [];
  for (const [at, conflicts, why] of EDGE_CONFLICTS) {
    const field = at.join(".");
    if (conflicts(p)) out.push({ path: at, message: `${field} cannot be used with useEdgeFunction: ${why}`, hint: `remove ${at[at.length - 1]} or useEdgeFunction` });
  }
  for (const t of vpcOnlyTargets) {
    out.push({ path: ["connectTo", t.index], message: `'${t.name}' is reachable only inside the VPC, and edge functions cannot join a VPC`, hint: "remove useEdgeFunction to connect to it" });
  }
  return out;
}

export function nextjsWebStaticProblems(p: Obj): Problem[] {
  const out: Problem[] = [...forwardingNeedsLogs(obj(p.serverFunction)?.logging, ["serverFunction", "logging"]), ...edgeProblems(p)];
  for (const pr of domainListProblems(p.customDomains, true, new Set())) out.push({ ...pr, path: ["customDomains", ...pr.path] });
  out.push(...sharedCertificateProblems(p.customDomains, ["customDomains"]));
  out.push(...useFirewallArnProblems(p.useFirewall));
  out.push(...fileOptionProblems(p.fileOptions));
  out.push(...workloadProblems(p, { names: OPENNEXT_ENV, why: "for OpenNext's cache and queue" }));
  return out;
}

/** Headers S3 stores as a file's own and serves back; any other becomes `x-amz-meta-<name>` metadata. */
export const S3_SYSTEM_HEADERS = ["cache-control", "content-type", "content-encoding", "content-disposition", "content-language", "expires"];
const HEADER_TOKEN = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

/** fileOptions headers: names S3 serves (or explicit metadata), and a date for Expires. */
function fileOptionProblems(list: unknown): Problem[] {
  const out: Problem[] = [];
  (Array.isArray(list) ? list : []).forEach((o, i) => {
    (Array.isArray(obj(o)?.headers) ? (obj(o)!.headers as unknown[]) : []).forEach((h, j) => {
      const key = obj(h)?.key;
      const value = obj(h)?.value;
      const at = ["fileOptions", i, "headers", j];
      if (typeof key !== "string") return;
      const lower = key.toLowerCase();
      if (!HEADER_TOKEN.test(key)) {
        out.push({ path: [...at, "key"], message: `'${key}' is not a header name (letters, digits and !#$%&'*+.^_\`|~-)` });
      } else if (!S3_SYSTEM_HEADERS.includes(lower) && !lower.startsWith("x-amz-meta-")) {
        out.push({
          path: [...at, "key"],
          message: `S3 serves only Cache-Control, Content-Type, Content-Encoding, Content-Disposition, Content-Language and Expires as headers of a file; '${key}' would be stored as the metadata x-amz-meta-${lower}`,
          hint: `set response headers on the CDN instead, or write x-amz-meta-${lower} to store metadata`,
        });
      } else if (lower === "expires" && typeof value === "string" && Number.isNaN(Date.parse(value))) {
        out.push({ path: [...at, "value"], message: "Expires must be an HTTP date, like Wed, 21 Oct 2026 07:28:00 GMT" });
      }
    });
  });
  return out;
}

/**
 * Sites of one stack may share an app directory only with the same build
 * settings (they share one build then); with others, one build would replace
 * the files the other's deploy names. Problems by resource name.
 */
export function appDirectoryProblems(sites: { name: string; props: Obj }[]): { resource: string; problem: Problem }[] {
  const out: { resource: string; problem: Problem }[] = [];
  const first = new Map<string, { name: string; key: string }>();
  for (const { name, props } of sites) {
    if (typeof props.appDirectory !== "string") continue;
    const dir = props.appDirectory.replace(/\\/g, "/").replace(/\/+$/, "").replace(/^\.\//, "") || ".";
    const key = JSON.stringify([props.buildCommand ?? null, props.streamingEnabled === true, props.useEdgeFunction === true]);
    const seen = first.get(dir);
    if (!seen) first.set(dir, { name, key });
    else if (seen.key !== key) {
      out.push({
        resource: name,
        problem: {
          path: ["appDirectory"],
          message: `appDirectory '${props.appDirectory}' is also built by '${seen.name}' with other build settings (buildCommand, streamingEnabled, useEdgeFunction); one app directory gives one build`,
          hint: "make the settings equal (the sites then share the build), or give each site its own copy of the app",
        },
      });
    }
  }
  return out;
}

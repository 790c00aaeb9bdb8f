// Rules of sns-topic as pure functions: plain values in, Problem[] out, for
// YAML validation and the component constructor. What SNS refuses is read
// from aws-rules/sns-facts.ts, the facts the catalog's entries (aws-rules/sns.ts)
// judge planned resources with: each fact once, named by its catalog id here.
// A value that is not plain (a directive, an Output) is "not known yet".
import type { Problem } from "../../shared/messages/problem";
import { CONTENT_DEDUP_STANDARD, fifoTopicProtocolProblem, isEmailEndpoint, isUrlEndpoint } from "../../aws-rules/sns-facts";

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** What each protocol a topic's `subscriptions` take has for an endpoint (API_Subscribe, Endpoint). */
const ENDPOINTS: Record<string, { test(e: string): boolean; what: string }> = {
  email: { test: isEmailEndpoint, what: "an email address" },
  https: { test: (e) => isUrlEndpoint("https", e), what: "a URL beginning with https://" },
};

/** The subscriptions that are maps, with their index. */
function subscriptionsOf(p: Record<string, unknown>): { s: Record<string, unknown>; i: number }[] {
  return Array.isArray(p.subscriptions) ? p.subscriptions.flatMap((s, i) => (isMap(s) ? [{ s, i }] : [])) : [];
}

/** Rules that hold for any single configuration. */
export function snsTopicStaticProblems(p: Record<string, unknown>): Problem[] {
  const out: Problem[] = [];
  const fifo = p.fifoEnabled === true;
  if (!fifo && p.contentBasedDeduplication === true) out.push({ path: ["contentBasedDeduplication"], message: `${CONTENT_DEDUP_STANDARD} (sns/fifo-only-attributes)` });
  const seen = new Map<string, number>();
  for (const { s, i } of subscriptionsOf(p)) {
    if (typeof s.protocol !== "string") continue;
    const why = fifo ? fifoTopicProtocolProblem(s.protocol) : undefined;
    if (why) out.push({ path: ["subscriptions", i, "protocol"], message: `${why} (sns/fifo-topic-subscribers)` });
    if (typeof s.endpoint !== "string") continue;
    const shape = ENDPOINTS[s.protocol];
    if (shape && !shape.test(s.endpoint)) out.push({ path: ["subscriptions", i, "endpoint"], message: `${/^[aeiou]/.test(s.protocol) ? "an" : "a"} ${s.protocol} subscription's endpoint is ${shape.what} (sns/subscription-endpoint)` });
    // SNS keeps one subscription per topic, protocol and endpoint (Subscribe answers the existing one).
    const key = `${s.protocol} ${s.endpoint}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, i);
    else out.push({ path: ["subscriptions", i], message: `the same ${s.protocol} endpoint as subscriptions[${first}]: a topic has one subscription per endpoint; remove one` });
  }
  return out;
}

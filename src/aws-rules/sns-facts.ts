// What SNS takes of a topic and its subscriptions, as small pure functions:
// the catalog's entries (sns.ts) judge planned resources with them, and
// validate's rules of sns-topic and of `sns` events read them without loading
// the catalog. Each fact once, with its source.

/** A FIFO topic delivers to SQS queues only (https://docs.aws.amazon.com/sns/latest/dg/fifo-message-delivery.html). */
export function fifoTopicProtocolProblem(protocol: unknown): string | undefined {
  return protocol !== "sqs" ? `a FIFO topic delivers to SQS queues only, not over ${JSON.stringify(protocol)}` : undefined;
}

/**
 * Content-based deduplication is for FIFO topics only (terraform-provider-aws
 * internal/service/sns/topic.go, resourceTopicCustomizeDiff).
 */
export const CONTENT_DEDUP_STANDARD = "content-based deduplication applies to FIFO topics only; this topic is standard";

/** An email address, as SNS's email protocols take it (https://docs.aws.amazon.com/sns/latest/api/API_Subscribe.html, Endpoint). */
export const isEmailEndpoint = (e: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e);
/** A URL beginning with `http://` (protocol http) or `https://` (https) (API_Subscribe, Endpoint). */
export const isUrlEndpoint = (scheme: "http" | "https", e: string) => new RegExp(`^${scheme}://[^\\s]+$`).test(e);

/** Why a filter policy is refused: it is a JSON object (terraform-provider-aws internal/service/sns/topic_subscription.go, filter_policy: StringIsJSON). */
export function filterPolicyProblem(policy: unknown): string | undefined {
  let value: unknown = policy;
  if (typeof policy === "string") {
    try {
      value = JSON.parse(policy);
    } catch {
      value = undefined;
    }
  }
  return typeof value === "object" && value !== null && !Array.isArray(value) ? undefined : "a filter policy is a JSON object";
}

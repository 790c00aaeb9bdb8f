// The stack file's top-level `notifications` (decisions.md "Alarms and cost
// (round four)"): who every alarm of the stack tells when it fires and when it
// is OK again. Checked here (each problem at its key); made by the program as
// one AlarmNotifications (src/shared/alarms/alarm-notifications.ts).
import type { Problem } from "../shared/messages/problem";
import type { NotificationTarget } from "../shared/alarms/alarm-notifications";
import { closest } from "../shared/messages/suggest";
import { hasDirective, parseDirectives } from "./directives";
import type { SecretUse } from "./model";
import { keyWords, userText } from "../shared/messages/user-text";

/** The top-level key. */
export const NOTIFICATIONS_KEY = "notifications";

/** Each target type: its one field, and what it is. */
const TARGETS = {
  email: { field: "address", description: "an email address (SNS mails it a confirmation link first)" },
  webhook: { field: "url", description: "an https:// URL SNS posts each notification to (it confirms by visiting the SubscribeURL of the first message)" },
  slack: { field: "webhookUrl", description: "a Slack-compatible incoming webhook URL (a forwarding function subscribed to the topic posts {text} to it)" },
} as const;


/** The schema of `notifications` (scripts/generate-schema.ts puts it in the file's schema). */
export const NOTIFICATIONS_SCHEMA = {
  type: "array",
  description: "Who every alarm of the stack notifies when it fires and when it is OK again (one SNS topic per stack, a subscription per target).",
  items: {
    oneOf: Object.entries(TARGETS).map(([type, t]) => ({
      type: "object",
      description: `${type === "email" ? "An" : "A"} ${type} target: ${t.description}.`,
      properties: { type: { const: type }, [t.field]: { type: "string" } },
      required: ["type", t.field],
      additionalProperties: false,
    })),
  },
};

type Path = (string | number)[];

// A plain check of an address (SNS sends the confirmation; it refuses what it cannot deliver).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** One target's problems; the secrets its URL reads go to `secrets`. */
function targetProblems(t: unknown, at: Path, secrets: SecretUse[]): Problem[] {
  const types = Object.keys(TARGETS);
  if (!isMap(t)) return [{ path: at, message: `a notification target is a map such as {type: email, address: ops@example.com}; types: ${types.join(", ")}` }];
  const type = t.type;
  if (typeof type !== "string" || !(type in TARGETS)) {
    const near = typeof type === "string" ? closest(type, types) : undefined;
    return [{ path: type === undefined ? at : [...at, "type"], message: `${type === undefined ? "the target has no 'type'" : `unknown notification type '${userText(String(type))}'`}; ${near ? `did you mean '${near}'? ` : ""}types: ${types.join(", ")}` }];
  }
  const { field } = TARGETS[type as keyof typeof TARGETS];
  const problems: Problem[] = Object.keys(t).filter((k) => k !== "type" && k !== field)
    .map((k) => ({ path: [...at, k], atKey: true, message: `unknown key ${keyWords(k)} of a ${type} target; it takes '${field}'` }));
  const value = t[field];
  if (value === undefined) return [...problems, { path: at, message: `${type === "email" ? "an" : "a"} ${type} target needs '${field}': ${TARGETS[type as keyof typeof TARGETS].description}` }];
  // A $Secret is read at deploy (its value is not checked here); no other directive has a value here.
  if (typeof value === "string" && type !== "email" && hasDirective(value)) {
    const parsed = parseDirectives(value)!;
    const others = parsed.parts.filter((p) => typeof p !== "string" && p.kind !== "Secret");
    const problem = parsed.problems[0] ?? (others.length ? `only $Secret(...) may give '${field}'` : undefined);
    if (problem) return [...problems, { path: [...at, field], message: problem }];
    for (const d of parsed.parts) if (typeof d !== "string" && d.kind === "Secret") secrets.push({ path: [...at, field], name: d.name, ...(d.key ? { key: d.key } : {}) });
    return problems;
  }
  if (typeof value !== "string") return [...problems, { path: [...at, field], message: `'${field}' must be a string` }];
  if (type === "email" && !EMAIL.test(value)) {
    problems.push({ path: [...at, field], message: "not an email address; give one such as ops@example.com" });
  }
  // SNS's https protocol posts to an https:// URL (its http protocol is plain http: not offered).
  if (type !== "email" && !/^https:\/\/[^\s/]+/.test(value)) {
    problems.push({ path: [...at, field], message: `a ${type} URL must start with https:// (${type === "webhook" ? "SNS posts each notification to it over HTTPS" : "the forwarding function posts each notification to it"})` });
  }
  return problems;
}

/** The targets when `value` is a valid list of them, and the problems. */
export function checkNotifications(value: unknown): { targets?: NotificationTarget[]; secrets?: SecretUse[]; problems: Problem[] } {
  const at: Path = [NOTIFICATIONS_KEY];
  if (!Array.isArray(value)) {
    return { problems: [{ path: at, message: `${NOTIFICATIONS_KEY} must be a list of targets such as [{type: email, address: ops@example.com}, {type: webhook, url: https://...}]` }] };
  }
  const secrets: SecretUse[] = [];
  const problems = value.flatMap((t, i) => targetProblems(t, [...at, i], secrets));
  if (problems.length) return { problems };
  const targets = value.map((t: Record<string, string>): NotificationTarget => (t.type === "email" ? { type: "email", address: t.address }
    : t.type === "webhook" ? { type: "webhook", url: t.url } : { type: "slack", webhookUrl: t.webhookUrl }));
  return { targets, secrets, problems };
}

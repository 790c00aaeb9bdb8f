// A Slack-compatible incoming webhook cannot confirm an SNS HTTPS
// subscription (it never visits the SubscribeURL), so a `slack` target is a
// small Lambda function subscribed to the topic that posts `{text}` to the
// webhook. SNS invokes a function asynchronously: an error (the webhook
// refusing) makes Lambda retry the event
// (https://docs.aws.amazon.com/lambda/latest/dg/with-sns.html,
// https://docs.aws.amazon.com/lambda/latest/dg/invocation-async.html).
// The function is made in its topic's Region: SNS delivers to a Lambda
// function of another Region, but not from a Region enabled by default (as
// us-east-1) to an opt-in one
// (https://docs.aws.amazon.com/sns/latest/dg/lambda-prereq.html).

/** The runtime the forwarder runs on (global `fetch`). */
export const FORWARDER_RUNTIME = "nodejs20.x";

/**
 * The forwarder's code (index.js): each SNS record as one line of text (an
 * alarm's new state, name and reason; any other message as it is), posted as
 * `{text}` to WEBHOOK_URL. The URL is never logged.
 */
export const FORWARDER_SOURCE = `"use strict";
function textOf(sns) {
  let m;
  try { m = JSON.parse(sns.Message); } catch { return String(sns.Message); }
  if (!m || typeof m !== "object" || !m.AlarmName) return String(sns.Message);
  return m.NewStateValue + ": " + m.AlarmName + " (" + (m.Region || "") + "): " + m.NewStateReason;
}
exports.handler = async (event) => {
  for (const record of event.Records || []) {
    const res = await fetch(process.env.WEBHOOK_URL, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: textOf(record.Sns || {}) }),
    });
    if (!res.ok) throw new Error("the webhook answered " + res.status);
  }
};
`;

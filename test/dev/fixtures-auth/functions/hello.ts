// Answers with what the authorizer told API Gateway about the caller.
export async function handler(event: { requestContext: { authorizer?: unknown } }) {
  return { statusCode: 200, body: JSON.stringify({ authorizer: event.requestContext.authorizer ?? null }) };
}

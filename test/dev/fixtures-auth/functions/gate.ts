// A Lambda authorizer (payload 2.0, simple responses): one key lets callers in.
export async function handler(event: { identitySource: string[] }) {
  return { isAuthorized: event.identitySource[0] === "let-me-in", context: { who: "key-holder" } };
}

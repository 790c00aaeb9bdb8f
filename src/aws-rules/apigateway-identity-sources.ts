// Where API Gateway reads an authorizer's identity: the forms CreateAuthorizer
// accepts (https://docs.aws.amazon.com/apigatewayv2/latest/api-reference/apis-apiid-authorizers.html,
// IdentitySource: `$request.header.X`, `$request.querystring.X`, `$context.X`,
// `$stageVariables.X`; for JWT, "a single entry ... only header-based and query
// parameter-based selections are supported"). The catalog, the gateway's rules
// and `dev`'s local gateway read them from here.

/** A parsed identity source: where API Gateway reads it. */
export type IdentitySource =
  | { kind: "header"; name: string }
  | { kind: "querystring"; name: string }
  | { kind: "context"; name: string }
  | { kind: "stageVariables"; name: string };

/** An HTTP header name (RFC 9110 token). */
const TOKEN = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

/** `$request.header.Authorization` -> `{kind: "header", name: "Authorization"}`; undefined when not one. */
export function parseIdentitySource(s: string): IdentitySource | undefined {
  let m = /^\$request\.header\.(.+)$/.exec(s);
  if (m) return TOKEN.test(m[1]) ? { kind: "header", name: m[1] } : undefined;
  m = /^\$request\.querystring\.(.+)$/.exec(s);
  if (m) return /^[^\s&=#]+$/.test(m[1]) ? { kind: "querystring", name: m[1] } : undefined;
  m = /^\$context\.([A-Za-z][A-Za-z0-9_.]*)$/.exec(s);
  if (m && !m[1].endsWith(".")) return { kind: "context", name: m[1] };
  m = /^\$stageVariables\.([A-Za-z0-9_]+)$/.exec(s);
  if (m) return { kind: "stageVariables", name: m[1] };
  return undefined;
}

/**
 * Why API Gateway refuses `s` as an identity source of an authorizer of
 * `type`, as the words after "is" (the caller names the value), or undefined.
 */
export function identitySourceRefusal(s: string, type: "jwt" | "lambda"): string | undefined {
  const parsed = parseIdentitySource(s);
  if (type === "jwt" && (!parsed || (parsed.kind !== "header" && parsed.kind !== "querystring"))) {
    return "not where a JWT authorizer can read a token: write $request.header.<name> or $request.querystring.<name>";
  }
  if (!parsed) {
    return "not an identity source: write $request.header.<name>, $request.querystring.<name>, $context.<variable> or $stageVariables.<name>";
  }
  return undefined;
}

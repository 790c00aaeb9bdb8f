// Rules of user-auth-pool as pure functions: plain values in, Problem[] out,
// for YAML validation and the component constructor. What Cognito refuses is
// in aws-rules/cognito.ts (a catalog entry each, with its source); these
// rules read it there and say it in the stack file's terms. A value of an
// unexpected type (a directive, an Output, a preview unknown) is "not known
// yet" and never judged.
import type { Problem } from "../../shared/messages/problem";
import { cognitoUrlProblem, domainPrefixProblem, missingProviderDetails } from "../../aws-rules/cognito";
import { userText } from "../../shared/messages/user-text";

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : undefined);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Identity providers Cognito names by their type (a social provider's name is its type). */
export const SOCIAL_PROVIDERS = ["Google", "Facebook", "LoginWithAmazon", "SignInWithApple"] as const;

/** The name an identity provider has in the pool: its type for a social one, else its providerName. */
export function providerNameOf(p: Obj): unknown {
  return (SOCIAL_PROVIDERS as readonly unknown[]).includes(p.type) ? p.type : p.providerName;
}

/** The properties of an identity provider that are ProviderDetails keys. */
const DETAIL_FIELDS: Record<string, string> = { client_id: "clientId", client_secret: "clientSecret", authorize_scopes: "authorizeScopes" };

/**
 * An identity provider's ProviderDetails as the component sends them: its
 * client id and secret, its scopes (Facebook's comma-separated, the others'
 * space-separated), OIDC's request method (GET unless given), then
 * `providerDetails` as written.
 */
export function providerDetailsOf(idp: { type?: unknown; clientId?: unknown; clientSecret?: unknown; authorizeScopes?: unknown; providerDetails?: unknown }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (idp.clientId !== undefined) out.client_id = idp.clientId;
  if (idp.clientSecret !== undefined) out.client_secret = idp.clientSecret;
  if (idp.authorizeScopes !== undefined) out.authorize_scopes = idp.authorizeScopes;
  if (idp.type === "OIDC") out.attributes_request_method = "GET";
  return { ...out, ...(obj(idp.providerDetails) ?? {}) };
}

/** The OAuth flows that send users back through a callback URL. */
const REDIRECTING_FLOWS = ["code", "implicit"];

function hostedUiProblems(p: Obj): Problem[] {
  const out: Problem[] = [];
  if (p.enableHostedUi === true && p.hostedUiDomainPrefix === undefined) {
    out.push({ path: ["enableHostedUi"], message: "the hosted UI needs a domain prefix", hint: "set hostedUiDomainPrefix (for example my-app-login): the pages are served at https://<prefix>.auth.<region>.amazoncognito.com" });
  }
  if (typeof p.hostedUiDomainPrefix === "string") {
    const why = domainPrefixProblem(p.hostedUiDomainPrefix);
    if (why) out.push({ path: ["hostedUiDomainPrefix"], message: why });
  }
  return out;
}

function mfaProblems(p: Obj): Problem[] {
  const mfa = obj(p.mfaConfiguration);
  if (!mfa || (mfa.status !== "ON" && mfa.status !== "OPTIONAL")) return [];
  if (Array.isArray(mfa.enabledTypes) && mfa.enabledTypes.length) return [];
  return [{
    path: ["mfaConfiguration", "status"],
    message: `MFA ${mfa.status} needs a second factor, and enabledTypes lists none`,
    hint: "set mfaConfiguration.enabledTypes: [SOFTWARE_TOKEN] (an authenticator app), SMS, or both",
  }];
}

function clientProblems(p: Obj): Problem[] {
  const out: Problem[] = [];
  for (const key of ["callbackURLs", "logoutURLs"]) {
    list(p[key]).forEach((u, i) => {
      if (typeof u !== "string") return;
      const why = cognitoUrlProblem(u);
      if (why) out.push({ path: [key, i], message: `'${userText(u)}' ${why}` });
    });
  }
  const flows = list(p.allowedOAuthFlows).filter((f): f is string => typeof f === "string");
  if (flows.some((f) => REDIRECTING_FLOWS.includes(f)) && p.callbackURLs === undefined) {
    out.push({ path: ["allowedOAuthFlows"], message: "the code and implicit flows send users back to a callback URL, and callbackURLs lists none", hint: "list the app's callback URLs in callbackURLs" });
  }
  return out;
}

function identityProviderProblems(p: Obj): Problem[] {
  const out: Problem[] = [];
  const seen = new Map<string, number>();
  list(p.identityProviders).forEach((value, i) => {
    const idp = obj(value);
    if (!idp || typeof idp.type !== "string") return;
    const at = ["identityProviders", i];
    const social = (SOCIAL_PROVIDERS as readonly string[]).includes(idp.type);
    if (social && idp.providerName !== undefined && idp.providerName !== idp.type) {
      out.push({ path: [...at, "providerName"], message: `a ${idp.type} provider is named '${idp.type}' in the pool`, hint: "remove providerName" });
    }
    if (!social && idp.providerName === undefined) {
      out.push({ path: [...at, "type"], message: `${idp.type === "OIDC" ? "an" : "a"} ${idp.type} provider needs a providerName (how the pool and the hosted UI name it)`, hint: "set providerName, for example Okta" });
    }
    for (const key of missingProviderDetails(idp.type, providerDetailsOf(idp))) {
      const field = DETAIL_FIELDS[key] ?? `providerDetails.${key}`;
      out.push({ path: [...at, "type"], message: `${idp.type === "OIDC" ? "an" : "a"} ${idp.type} provider needs ${field}` });
    }
    const name = providerNameOf(idp);
    if (typeof name !== "string") return;
    const first = seen.get(name);
    if (first !== undefined) out.push({ path: [...at, social ? "type" : "providerName"], message: `identity provider '${userText(name)}' is already identityProviders[${first}]; a name is used once in a pool` });
    else seen.set(name, i);
  });
  return out;
}

/** Rules that hold for any single configuration. */
export function userAuthPoolStaticProblems(p: Obj): Problem[] {
  return [...hostedUiProblems(p), ...mfaProblems(p), ...clientProblems(p), ...identityProviderProblems(p)];
}

/** Settings that have no effect, or secrets written in the file: the file is valid, but they are probably not what was meant. */
export function userAuthPoolWarnings(p: Obj): Problem[] {
  const out: Problem[] = [];
  if (p.hostedUiDomainPrefix !== undefined && p.enableHostedUi !== true) {
    out.push({ path: ["hostedUiDomainPrefix"], warning: true, message: "hostedUiDomainPrefix has no effect without enableHostedUi: true" });
  }
  const mfa = obj(p.mfaConfiguration);
  if (mfa && (mfa.status === undefined || mfa.status === "OFF") && Array.isArray(mfa.enabledTypes) && mfa.enabledTypes.length) {
    out.push({ path: ["mfaConfiguration", "enabledTypes"], warning: true, message: "enabledTypes has no effect while MFA is OFF; set status: OPTIONAL or ON" });
  }
  list(p.identityProviders).forEach((value, i) => {
    const idp = obj(value);
    if (typeof idp?.clientSecret === "string") {
      out.push({ path: ["identityProviders", i, "clientSecret"], warning: true, message: "clientSecret is written in the file (and so in its history); use $Secret('...') and set it with: pulumi config set --secret NAME" });
    }
  });
  return out;
}

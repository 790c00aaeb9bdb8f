// A JWT authorizer, locally, as API Gateway HTTP APIs apply one ("Control
// access to HTTP APIs with JWT authorizers", workflow of
// https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-jwt-authorizer.html):
// the token from the identity source (bare or after `Bearer `), decoded; its
// signature checked with the issuer's key of its `kid` (RSA algorithms only);
// then `iss`, `aud` (or `client_id` when there is no `aud`), `exp`, `nbf`,
// `iat`, and the route's scopes against `scope`/`scp`. A token that fails is
// answered 401 {"message":"Unauthorized"} with a `www-authenticate` header
// saying why; a valid token without one of the route's scopes gets 403
// (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-troubleshooting-jwt.html).
//
// Offline, dev cannot read a remote issuer's keys. They come from the file
// STACKFILE_DEV_JWKS names (a JWKS, `{"keys": [...]}`), or, for an issuer on
// this machine (localhost, 127.0.0.1, ::1), from its own
// `/.well-known/openid-configuration` and `jwks_uri`. Without either, every
// request to the route gets 401, and the log says how to give the keys.
import { createPublicKey, verify, type JsonWebKey, type KeyObject } from "crypto";
import * as fs from "fs";

export interface JwtSettings {
  name: string;
  issuer: string;
  audience: string[];
}

export type JwtOutcome =
  | { ok: true; claims: Record<string, unknown>; scopes: string[] | null }
  | { ok: false; status: 401 | 403; description: string; scope?: string };

export interface Jwks {
  keys: (JsonWebKey & { kid?: string })[];
}

/** Where the keys of an issuer come from; undefined when dev has none (offline). */
export type KeySource = (issuer: string) => Promise<Jwks | undefined>;

const ALGORITHMS: Record<string, string> = { RS256: "sha256", RS384: "sha384", RS512: "sha512" };

function b64json(part: string): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return typeof v === "object" && v !== null && !Array.isArray(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

const isLocalHost = (host: string) => ["localhost", "127.0.0.1", "[::1]"].includes(host);

/** Keys from STACKFILE_DEV_JWKS, or from a local issuer's discovery document (kept 2 hours, as API Gateway keeps them). */
export function defaultKeySource(env: NodeJS.ProcessEnv = process.env): KeySource {
  const fetched = new Map<string, { at: number; jwks: Jwks }>();
  return async (issuer) => {
    const file = env.STACKFILE_DEV_JWKS;
    if (file) return JSON.parse(fs.readFileSync(file, "utf8")) as Jwks;
    let url: URL;
    try {
      url = new URL(issuer);
    } catch {
      return undefined;
    }
    if (!isLocalHost(url.hostname)) return undefined;
    const had = fetched.get(issuer);
    if (had && Date.now() - had.at < 2 * 3600_000) return had.jwks;
    const config = (await (await fetch(`${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`)).json()) as { jwks_uri?: string };
    if (!config.jwks_uri) return undefined;
    const jwks = (await (await fetch(config.jwks_uri)).json()) as Jwks;
    fetched.set(issuer, { at: Date.now(), jwks });
    return jwks;
  };
}

/** Why dev cannot verify tokens of `issuer`, for the log. */
export function noKeysMessage(s: JwtSettings): string {
  return `authorizer '${s.name}': dev runs offline and cannot read the keys of ${s.issuer}; every request to its routes gets 401. `
    + "Set STACKFILE_DEV_JWKS to a file holding the issuer's JWKS ({\"keys\": [...]}, what its jwks_uri serves), or use an issuer on this machine (https://localhost...)";
}

const fail = (description: string): JwtOutcome => ({ ok: false, status: 401, description });

/** Verifies `token` for a route needing one of `scopes` (none: any valid token). `keys` undefined: no keys to check it with. */
export function verifyJwt(token: string, s: JwtSettings, keys: Jwks | undefined, scopes: string[] | undefined, now = Date.now()): JwtOutcome {
  const bare = token.replace(/^Bearer\s+/i, "").trim();
  const parts = bare.split(".");
  if (parts.length !== 3) return fail("the token is not a JWT");
  const header = b64json(parts[0]);
  const claims = b64json(parts[1]);
  if (!header || !claims) return fail("the token could not be decoded");
  const hash = ALGORITHMS[String(header.alg)];
  if (!hash) return fail(`the token's algorithm ${String(header.alg)} is not an RSA one`);
  if (!keys) return fail("dev has no keys for the issuer (see the log)");
  const jwk = keys.keys.find((k) => k.kid === header.kid);
  if (!jwk) return fail("the token's kid is not one of the issuer's keys");
  let key: KeyObject;
  try {
    key = createPublicKey({ key: jwk, format: "jwk" });
  } catch {
    return fail("the issuer's key could not be read");
  }
  if (!verify(hash, Buffer.from(`${parts[0]}.${parts[1]}`), key, Buffer.from(parts[2], "base64url"))) return fail("the token's signature is not valid");
  if (claims.iss !== s.issuer) return fail("the token does not have a valid issuer");
  // `client_id` counts only when there is no `aud`.
  const aud = claims.aud !== undefined ? (Array.isArray(claims.aud) ? claims.aud : [claims.aud]) : [claims.client_id];
  if (!aud.some((a) => typeof a === "string" && s.audience.includes(a))) return fail("the token does not have a valid audience");
  const seconds = now / 1000;
  if (typeof claims.exp !== "number" || claims.exp <= seconds) return fail("the token has expired");
  if (typeof claims.nbf === "number" && claims.nbf > seconds) return fail("the token is not valid yet");
  if (typeof claims.iat === "number" && claims.iat > seconds) return fail("the token was issued in the future");
  const held = typeof claims.scope === "string" ? claims.scope.split(" ") : Array.isArray(claims.scp) ? claims.scp.map(String) : typeof claims.scp === "string" ? claims.scp.split(" ") : [];
  if (scopes?.length && !scopes.some((x) => held.includes(x))) {
    return { ok: false, status: 403, description: "the token does not have the scopes the route needs", scope: scopes.join(" ") };
  }
  return { ok: true, claims, scopes: held.length ? held : null };
}

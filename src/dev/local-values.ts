// A resource's properties as they are locally: every `$ResourceParam` read
// from the local resource's outputs (a gateway's url is http://127.0.0.1:PORT,
// a cache's host 127.0.0.1), every `$Secret` from the session's secrets; and
// the outputs each local resource gives, with the STP_* variables connectTo
// injects (shared/workloads/connect-to.ts names them; the cache's row of the spec's
// table: HOST, READER_HOST, PORT).
import { mapDirectives, type Directive } from "../config/directives";
import { envPrefix, SES_MACRO } from "../shared/workloads/connect-to";
import { own } from "../shared/messages/own";
import { envName, SecretKeys, SecretValueError } from "../config/secrets";

export type Outputs = Map<string, Record<string, string | number>>;

export class LocalValueError extends Error {
  constructor(public readonly path: (string | number)[], message: string) {
    super(message);
  }
}

/** How to give dev a secret, the ways of config/secrets.ts in their order. */
function howToGive(name: string, key?: string): string {
  const value = key ? `'{"${key}":"..."}'` : "VALUE";
  return `pass it in --secrets-file FILE, as ${envName(name)}, with --secret ${name}=${value}, or set it in the Pulumi stack: pulumi config set --secret ${name} ...`;
}

function directiveValue(d: Directive, outputs: Outputs, secrets: Record<string, string>, path: (string | number)[], keys: SecretKeys): string | number {
  if (d.kind === "ResourceParam") {
    const v = outputs.get(d.resource)?.[d.param];
    if (v === undefined) throw new LocalValueError(path, `$ResourceParam('${d.resource}', '${d.param}') has no local value`);
    return v;
  }
  const text = own(secrets, d.name);
  if (text === undefined) throw new LocalValueError(path, `secret '${d.key ? `${d.name}.${d.key}` : d.name}' is not given; ${howToGive(d.name, d.key)}`);
  if (d.key === undefined) return text;
  try {
    return keys.require(d.name, d.key, text);
  } catch (err) {
    if (!(err instanceof SecretValueError)) throw err;
    throw new LocalValueError(path, `${err.message}; ${howToGive(d.name, d.key)}`);
  }
}

/** `value` with its directives resolved locally; `keys` reads `$Secret('name.key')` (each secret parsed once). */
export function resolveLocal(value: unknown, outputs: Outputs, secrets: Record<string, string>, path: (string | number)[] = [], keys = new SecretKeys()): unknown {
  return mapDirectives(value, { value: (d, at) => directiveValue(d, outputs, secrets, at, keys) }, path);
}

const HOST = "127.0.0.1";

export function gatewayOutputs(port: number): Record<string, string> {
  const domain = `${HOST}:${port}`;
  const url = `http://${domain}`;
  // Custom domains and the CDN are not run locally: they all lead to the local gateway.
  return { domain, url, customDomains: domain, customDomainUrls: url, cdnDomain: domain, cdnUrl: url, cdnCustomDomains: domain, cdnCustomDomainUrls: url };
}

export function redisOutputs(port: number, password: string, sharded: boolean): Record<string, string | number> {
  const connectionString = `rediss://default:${encodeURIComponent(password)}@${HOST}:${port}`;
  const out: Record<string, string | number> = { host: HOST, port, connectionString, sharding: sharded ? "enabled" : "disabled" };
  if (!sharded) Object.assign(out, { readerHost: HOST, readerPort: port, readerConnectionString: connectionString });
  return out;
}

export function functionOutputs(name: string): Record<string, string> {
  const arn = `arn:aws:lambda:local:000000000000:function:${name}`;
  return { arn, name, logGroupArn: `arn:aws:logs:local:000000000000:log-group:/aws/lambda/${name}` };
}

export function siteOutputs(port: number): Record<string, string> {
  return { url: `http://${HOST}:${port}` };
}

/** The STP_<NAME>_<VAR> variables of a workload's connectTo list, pointing at the local resources. */
export function connectionVariables(connectTo: unknown, types: Map<string, string>, outputs: Outputs): Record<string, string> {
  const env: Record<string, string> = {};
  for (const target of Array.isArray(connectTo) ? connectTo : []) {
    if (typeof target !== "string" || target === SES_MACRO) continue;
    const out = outputs.get(target);
    if (!out) continue;
    const prefix = envPrefix(target);
    if (types.get(target) === "redis-cluster") {
      env[`${prefix}HOST`] = String(out.host);
      env[`${prefix}READER_HOST`] = String(out.readerHost ?? out.host);
      env[`${prefix}PORT`] = String(out.port);
    } else if (types.get(target) === "function") {
      env[`${prefix}ARN`] = String(out.arn);
    }
  }
  return env;
}

/** `[{name, value}]` as a map. */
export function environmentMap(list: unknown): Record<string, string> {
  const env: Record<string, string> = {};
  for (const e of Array.isArray(list) ? list : []) {
    const { name, value } = e as { name?: unknown; value?: unknown };
    if (typeof name === "string") env[name] = String(value ?? "");
  }
  return env;
}

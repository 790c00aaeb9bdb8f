// Fields the schema marks `writeOnly` (a password, an access key, an API
// key): their values are secrets wherever they are written, literal or not,
// and are never printed.
import { definition, resolve, type JsonSchema } from "./schema";

/** Is the value at `path` (within a resource's properties) a field marked secret? */
export function isSecretField(definitionName: string, path: readonly (string | number)[]): boolean {
  return secretAt(definition(definitionName), path, 0);
}

function secretAt(schema: JsonSchema, path: readonly (string | number)[], depth: number): boolean {
  if (depth > 32) return false;
  const s = resolve(schema);
  if ((s as { writeOnly?: boolean }).writeOnly === true) return true;
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return branches.some((b) => secretAt(b, path, depth + 1));
  if (path.length === 0) return false;
  const [head, ...rest] = path;
  if (typeof head === "number") return s.items ? secretAt(s.items, rest, depth + 1) : false;
  const prop = s.properties?.[head];
  if (prop) return secretAt(prop, rest, depth + 1);
  return typeof s.additionalProperties === "object" ? secretAt(s.additionalProperties, rest, depth + 1) : false;
}

/**
 * Arguments of a child resource (`overrides`) whose values are secrets: the
 * ones pulumi-aws marks secret (`authToken` of aws.elasticache.ReplicationGroup,
 * `password`/`masterPassword`, `secretString`, API and access keys, tokens), by name.
 */
const SECRET_ARGUMENT = /(password|passwd|secret|token|apikey|api_key|accesskey|privatekey|credential|passphrase)/i;

export function isSecretArgument(name: string): boolean {
  return SECRET_ARGUMENT.test(name);
}

/** Whether a path of names (`environment.variables.DB_PASSWORD`, `["function", "environment", ...]`) passes through a name that looks secret. */
export function isSecretLookingPath(path: readonly (string | number)[] | string): boolean {
  const parts = typeof path === "string" ? path.split(/[.[\]]/) : path;
  return parts.some((p) => typeof p === "string" && p !== "" && isSecretArgument(p));
}

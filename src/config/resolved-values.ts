// The values directives gave a resource, checked against the schema and the
// rules literal values meet at `validate`: `plan` checks every directive's
// value once its program has run; `dev` checks the values secrets gave
// before it starts anything, so it refuses what `plan` refuses.
import type { StackModel, ResourceModel } from "./validate";
import { checkProperties } from "../shared/schema/check-properties";
import type { Problem } from "../shared/messages/problem";
import { own } from "../shared/messages/own";
import { shortValue } from "../shared/messages/user-text";

type Path = (string | number)[];

const startsWith = (path: Path, prefix: Path) => prefix.length <= path.length && prefix.every((p, i) => path[i] === p);
const samePath = (a: Path, b: Path) => a.length === b.length && startsWith(a, b);

/** The model's resources by name, made once per model (plan asks for every resource). */
const byNameOf = new WeakMap<StackModel, Map<string, ResourceModel>>();
function resourcesByName(model: StackModel): Map<string, ResourceModel> {
  let byName = byNameOf.get(model);
  if (!byName) byNameOf.set(model, (byName = new Map(model.resources.map((x) => [x.name, x]))));
  return byName;
}

/** Paths (within `properties`) whose value is a secret: `$Secret`, or a secret parameter of another resource. */
export function secretPaths(r: ResourceModel, model: StackModel): Path[] {
  const byName = resourcesByName(model);
  return [
    ...r.secrets.filter((s) => !s.in).map((s) => s.path),
    ...r.refs.filter((x) => !x.in && own(byName.get(x.resource)?.entry.params, x.param)?.secret).map((x) => x.path),
  ];
}

function valueAt(root: unknown, path: Path): unknown {
  return path.reduce<unknown>((o, k) => (o !== null && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), root);
}

/**
 * The resource's properties with every directive resolved, checked against
 * the schema and rules literal values meet at `validate`. A problem at a
 * directive says which directive gave the value; secret values never show.
 * `which: "secrets"`: only the values `$Secret` directives gave.
 */
export function resolvedValueProblems(r: ResourceModel, model: StackModel, resolved: Record<string, unknown>, which: "all" | "secrets" = "all"): Problem[] {
  const secrets = secretPaths(r, model);
  const opaque = (p: Path) => secrets.some((s) => startsWith(p, s));
  const fromSecrets = r.secrets.filter((s) => !s.in).map((s) => s.path);
  const directivePaths = [...(which === "all" ? r.refs.filter((x) => x.param !== "" && !x.in).map((x) => x.path) : []), ...fromSecrets];
  const checked = checkProperties(r.entry, resolved, { opaque });
  // `secrets`: only what a `$Secret` gave (dev's other values are local addresses, not what AWS gets).
  const kept = which === "all" ? checked : checked.filter((p) => fromSecrets.some((s) => startsWith(p.path, s)));
  return kept.map((p) => {
    const at = directivePaths.find((d) => samePath(p.path, d));
    const written = at ? valueAt(r.properties, at) : undefined;
    const from = typeof written === "string" ? ` (the value of ${shortValue(written.trim(), 80)})` : "";
    return { ...p, path: ["resources", r.name, "properties", ...p.path], message: `${p.message}${p.hint ? `; ${p.hint}` : ""}${from}`, hint: undefined };
  });
}

// Rules of dynamo-db-table as pure functions: plain values in, Problem[] out,
// every problem at once, for YAML validation and the component constructor.
// What DynamoDB refuses is written once in aws-rules/dynamodb.ts (the catalog
// `plan` also runs on the table it registers); these read it there. A value
// of an unexpected type (a directive, an Output) is "not known yet" and never
// judged.
import type { Problem } from "../../shared/messages/problem";
import { attributeNameProblem, GSI_QUOTA, INDEX_NAME, PROJECTED_ATTRIBUTES_MAX, scalingProblems } from "../../aws-rules/dynamodb";

type Path = (string | number)[];
type Plain = Record<string, unknown>;

const isMap = (v: unknown): v is Plain => typeof v === "object" && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Every key of the table and its indexes: where it is written, its name and type. */
function keysOf(p: Plain): { path: Path; name: unknown; type: unknown }[] {
  const out: { path: Path; name: unknown; type: unknown }[] = [];
  const add = (holder: unknown, at: Path) => {
    if (!isMap(holder)) return;
    for (const k of ["partitionKey", "sortKey"]) {
      const key = holder[k];
      if (isMap(key)) out.push({ path: [...at, k], name: key.name, type: key.type });
    }
  };
  add(p.primaryKey, ["primaryKey"]);
  list(p.secondaryIndexes).forEach((ix, i) => add(ix, ["secondaryIndexes", i]));
  return out;
}

/** Key attribute names are 1 to 255 bytes, and an attribute has one type across the table and its indexes. */
function keyProblems(p: Plain): Problem[] {
  const out: Problem[] = [];
  const firstOf = new Map<string, { path: Path; type: unknown }>();
  for (const { path, name, type } of keysOf(p)) {
    if (typeof name !== "string") continue;
    const why = attributeNameProblem(name);
    if (why) out.push({ path: [...path, "name"], message: why });
    const first = firstOf.get(name);
    if (!first) firstOf.set(name, { path, type });
    else if (typeof type === "string" && typeof first.type === "string" && type !== first.type) {
      out.push({ path: [...path, "type"], message: `attribute '${name}' is a ${first.type} at ${first.path.join(".")}; DynamoDB gives an attribute one type in a table and its indexes: use ${first.type} here, or another attribute` });
    }
  }
  return out;
}

/** Index names (DynamoDB's format, each once) and projections (INCLUDE names its attributes; at most 100 in all). */
function indexProblems(p: Plain): Problem[] {
  const out: Problem[] = [];
  const names = new Set<string>();
  let projected = 0;
  list(p.secondaryIndexes).forEach((ix, i) => {
    if (!isMap(ix)) return;
    const at: Path = ["secondaryIndexes", i];
    if (typeof ix.name === "string") {
      if (!INDEX_NAME.test(ix.name)) out.push({ path: [...at, "name"], message: `index name '${ix.name}' is not 3 to 255 letters, digits, _, . and -` });
      if (names.has(ix.name)) out.push({ path: [...at, "name"], message: `index name '${ix.name}' is used twice; each index of a table has its own name` });
      names.add(ix.name);
    }
    const type = ix.projectionType ?? "all";
    const extra = ix.nonKeyAttributes;
    if (type === "include" && Array.isArray(extra) && extra.length === 0) out.push({ path: [...at, "nonKeyAttributes"], message: "projectionType include copies the attributes nonKeyAttributes names: name at least one, or use keys-only" });
    if (type === "include" && extra === undefined) out.push({ path: [...at, "projectionType"], message: "projectionType include copies the attributes nonKeyAttributes names: add nonKeyAttributes, or use keys-only" });
    if (type !== "include" && extra !== undefined) out.push({ path: [...at, "nonKeyAttributes"], message: `nonKeyAttributes is only for projectionType include (this index projects ${String(type)}): remove it, or set projectionType: include` });
    if (type === "include") projected += list(extra).length;
  });
  if (projected > PROJECTED_ATTRIBUTES_MAX) {
    out.push({ path: ["secondaryIndexes"], message: `the indexes copy ${projected} non-key attributes in all; DynamoDB takes ${PROJECTED_ATTRIBUTES_MAX} per table (an attribute in two indexes counts twice)` });
  }
  return out;
}

/** Auto scaling's bounds and target, for reads and writes. */
function scalingRules(p: Plain): Problem[] {
  const t = p.provisionedThroughput;
  if (!isMap(t)) return [];
  const field = { min: "minUnits", max: "maxUnits", target: "keepUtilizationUnder" } as const;
  return (["readScaling", "writeScaling"] as const).flatMap((k) => {
    const s = t[k];
    if (!isMap(s)) return [];
    return scalingProblems({ min: s.minUnits, max: s.maxUnits, target: s.keepUtilizationUnder })
      .map((x) => ({ path: ["provisionedThroughput", k, field[x.field]], message: x.message }));
  });
}

/** Rules that hold for any single configuration. */
export function dynamoDbTableStaticProblems(p: Plain): Problem[] {
  const out = [...keyProblems(p), ...indexProblems(p), ...scalingRules(p)];
  if (typeof p.ttlAttributeName === "string") {
    const why = attributeNameProblem(p.ttlAttributeName);
    if (why) out.push({ path: ["ttlAttributeName"], message: why });
  }
  return out;
}

/** Settings that have an effect other than the one probably meant: the file stays valid. */
export function dynamoDbTableWarnings(p: Plain): Problem[] {
  const out: Problem[] = [];
  const indexes = list(p.secondaryIndexes).length;
  if (indexes > GSI_QUOTA) {
    out.push({ path: ["secondaryIndexes"], warning: true, message: `${indexes} global secondary indexes: DynamoDB takes ${GSI_QUOTA} per table unless the account's quota was raised; plan refuses them unless --quota dynamodb/secondary-indexes=${indexes} says it was` });
  }
  const ttl = p.ttlAttributeName;
  const key = keysOf(p).find((k) => k.name === ttl && typeof k.type === "string" && k.type !== "number");
  if (typeof ttl === "string" && key) {
    out.push({ path: ["ttlAttributeName"], warning: true, message: `'${ttl}' is a ${String(key.type)} key attribute; DynamoDB expires only items whose TTL attribute is a number (seconds since the epoch), so no item would ever expire` });
  }
  return out;
}

/**
 * Updates DynamoDB refuses: a table key keeps its type (UpdateTable takes
 * attribute definitions only for the keys of new global secondary indexes:
 * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_UpdateTable.html).
 * A renamed key replaces the table instead, which `diff` refuses as data loss.
 */
export function dynamoDbTableUpdateProblems(old: Plain, next: Plain): Problem[] {
  const o = isMap(old.primaryKey) ? old.primaryKey : {};
  const n = isMap(next.primaryKey) ? next.primaryKey : {};
  return (["partitionKey", "sortKey"] as const).flatMap((k) => {
    const a = o[k];
    const b = n[k];
    if (!isMap(a) || !isMap(b) || a.name !== b.name || typeof a.type !== "string" || typeof b.type !== "string" || a.type === b.type) return [];
    return [{
      path: ["primaryKey", k, "type"],
      message: `the table's ${k} '${String(b.name)}' is a ${a.type}, and DynamoDB cannot change a table key's type; to change it, rename the key too: that replaces the table, whose items are lost (diff refuses it without --allow-replace)`,
    }];
  });
}

// Rules of relational-database as pure functions: plain values in, Problem[]
// out, for validate and the component. What RDS accepts (versions, classes,
// user names, passwords) is in aws-rules/rds-facts.ts (the catalog's entries
// read it too); these rules read it there. A value of an unexpected type (a directive, an Output,
// a preview unknown) is "not known yet" and never judged.
import type { Problem } from "../../shared/messages/problem";
import { instanceClassProblem, majorVersion, masterPasswordProblems, masterUsernameProblem, versionProblem } from "../../aws-rules/rds-facts";
import { engineKind, type EngineKind } from "./engines";

type Path = (string | number)[];
const ENGINE_PROPS = ["engine", "properties"];
const obj = (v: unknown): Record<string, unknown> => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The engine's kind and its properties, from (plain) properties. */
function parts(p: Record<string, unknown>): { kind?: EngineKind; e: Record<string, unknown> } {
  const engine = obj(p.engine);
  return { kind: engineKind(engine.type), e: obj(engine.properties) };
}

/** The version in effect: the one given, else the engine's default. */
export function effectiveVersion(p: Record<string, unknown>): string | undefined {
  const { kind, e } = parts(p);
  if (!kind) return undefined;
  return e.version === undefined ? kind.defaultVersion : typeof e.version === "string" ? e.version : undefined;
}

/** Fields that belong to another kind of engine: refused where they are, with the kind that takes them. */
function misplaced(kind: EngineKind, e: Record<string, unknown>): Problem[] {
  const out: Problem[] = [];
  const refuse = (field: string, who: string) => {
    if (e[field] !== undefined) out.push({ path: [...ENGINE_PROPS, field], message: `${field} is for ${who}; remove it` });
  };
  if (kind.cluster) {
    for (const f of ["primaryInstance", "readReplicas", "allocatedStorage", "maxAllocatedStorage"]) refuse(f, "postgres, mysql and mariadb (an RDS instance)");
  } else {
    refuse("instances", "Aurora engines (an RDS instance has primaryInstance and readReplicas)");
  }
  if (!kind.serverless) for (const f of ["minCapacity", "maxCapacity"]) refuse(f, "Serverless v2 engines (aurora-postgresql-serverless-v2, aurora-mysql-serverless-v2)");
  return out;
}

function instanceProblems(kind: EngineKind, e: Record<string, unknown>): Problem[] {
  const out: Problem[] = [];
  const cls = (v: unknown, path: Path, of: "instance" | "aurora") => {
    if (typeof v !== "string") return;
    const why = instanceClassProblem(of, v);
    if (why) out.push({ path, message: why });
  };
  if (!kind.cluster) {
    if (e.primaryInstance === undefined) out.push({ path: ENGINE_PROPS, message: `${kind.engine} runs on an RDS instance: give primaryInstance: {instanceSize: db.t4g.micro} (or another class)` });
    cls(obj(e.primaryInstance).instanceSize, [...ENGINE_PROPS, "primaryInstance", "instanceSize"], "instance");
    list(e.readReplicas).forEach((r, i) => cls(obj(r).instanceSize, [...ENGINE_PROPS, "readReplicas", i, "instanceSize"], "instance"));
    return out;
  }
  const instances = list(e.instances);
  if (!kind.serverless && e.instances !== undefined && Array.isArray(e.instances) && instances.length === 0) {
    out.push({ path: [...ENGINE_PROPS, "instances"], message: "a provisioned Aurora cluster needs at least one instance (the writer)" });
  }
  if (!kind.serverless && e.instances === undefined) {
    out.push({ path: ENGINE_PROPS, message: `a provisioned Aurora cluster lists its instances: give instances: [{instanceSize: db.t4g.medium}] (the first is the writer)` });
  }
  instances.forEach((x, i) => {
    const size = obj(x).instanceSize;
    const path = [...ENGINE_PROPS, "instances", i, "instanceSize"];
    if (kind.serverless) {
      if (size !== undefined && size !== "db.serverless") out.push({ path, message: "a Serverless v2 instance is db.serverless, sized by minCapacity and maxCapacity; remove instanceSize" });
    } else if (size === undefined) {
      out.push({ path: [...ENGINE_PROPS, "instances", i], message: "a provisioned Aurora instance needs instanceSize (db.t4g.medium or larger)" });
    } else cls(size, path, "aurora");
  });
  return out;
}

/** Serverless v2 capacity: half-ACU steps, a minimum no more than the maximum (aws-rules/rds.ts, rds/serverless-v2-capacity). */
function capacityProblems(kind: EngineKind, e: Record<string, unknown>): Problem[] {
  if (!kind.serverless) return [];
  const out: Problem[] = [];
  const min = e.minCapacity ?? 0.5;
  const max = e.maxCapacity ?? 4;
  for (const [field, v] of [["minCapacity", min], ["maxCapacity", max]] as const) {
    if (typeof v === "number" && Math.abs(v * 2 - Math.round(v * 2)) > 1e-9) out.push({ path: [...ENGINE_PROPS, field], message: `${field} is in steps of 0.5 ACU, not ${v}` });
  }
  if (typeof min === "number" && typeof max === "number" && min > max) out.push({ path: [...ENGINE_PROPS, "minCapacity"], message: `minCapacity (${min}) is above maxCapacity (${max})` });
  return out;
}

function storageProblems(e: Record<string, unknown>): Problem[] {
  const size = e.allocatedStorage ?? 20;
  const max = e.maxAllocatedStorage;
  return typeof max === "number" && typeof size === "number" && max <= size
    ? [{ path: [...ENGINE_PROPS, "maxAllocatedStorage"], message: `maxAllocatedStorage (${max}) must be above allocatedStorage (${size}) for storage to grow` }]
    : [];
}

function credentialProblems(kind: EngineKind, p: Record<string, unknown>, e: Record<string, unknown>): Problem[] {
  const out: Problem[] = [];
  const c = obj(p.credentials);
  if (typeof c.masterUserName === "string") {
    const why = masterUsernameProblem(c.masterUserName, kind.engine);
    if (why) out.push({ path: ["credentials", "masterUserName"], message: why });
  }
  if (typeof c.masterUserPassword === "string") {
    for (const message of masterPasswordProblems(c.masterUserPassword, kind.cluster ? "aurora" : kind.engine)) out.push({ path: ["credentials", "masterUserPassword"], message });
  }
  // aws-rules/rds-engines.ts, rds/replica-managed-password.
  if (!kind.cluster && list(e.readReplicas).length > 0 && c.masterUserPassword === undefined) {
    out.push({
      path: [...ENGINE_PROPS, "readReplicas"],
      message: "RDS makes no read replica of an instance whose master password it manages in Secrets Manager: set credentials.masterUserPassword: $Secret('dbPassword')",
    });
  }
  return out;
}

/** PostgreSQL: 1 to 63 letters, digits and _; MySQL and MariaDB: 1 to 64; first a letter (API_CreateDBInstance and API_CreateDBCluster, DBName / DatabaseName). */
function dbNameProblems(kind: EngineKind, e: Record<string, unknown>): Problem[] {
  if (typeof e.dbName !== "string") return [];
  const max = kind.dialect === "postgres" ? 63 : 64;
  return new RegExp(`^[A-Za-z][A-Za-z0-9_]{0,${max - 1}}$`).test(e.dbName) ? [] : [{ path: [...ENGINE_PROPS, "dbName"], message: `dbName is 1 to ${max} letters, digits and _, first a letter (not '${e.dbName}')` }];
}

/** Rules that hold for any single configuration. */
export function relationalStaticProblems(p: Record<string, unknown>): Problem[] {
  const { kind, e } = parts(p);
  if (!kind) return [];
  const out: Problem[] = [...misplaced(kind, e), ...instanceProblems(kind, e), ...capacityProblems(kind, e), ...storageProblems(e), ...credentialProblems(kind, p, e), ...dbNameProblems(kind, e)];
  if (typeof e.version === "string") {
    const why = versionProblem(kind.engine, e.version);
    if (why) out.push({ path: [...ENGINE_PROPS, "version"], message: why });
  }
  return out;
}

/** Settings that are valid but probably not what was meant. */
export function relationalWarnings(p: Record<string, unknown>, ctx?: { resource?: string }): Problem[] {
  const c = obj(p.credentials);
  // A literal password is in the file, so in its git history.
  if (typeof c.masterUserPassword !== "string") return [];
  const name = `${ctx?.resource ?? "db"}Password`;
  return [{ path: ["credentials", "masterUserPassword"], warning: true, message: `masterUserPassword is written in the file (and so in its history); use $Secret('${name}') and set it with: pulumi config set --secret ${name}` }];
}

/** Major versions in order: `8.0` < `8.4` < `10.11` < `11.4`. */
function compareMajors(a: string, b: string): number {
  const x = a.split(".").map(Number);
  const y = b.split(".").map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d) return d;
  }
  return 0;
}

/**
 * Changes RDS refuses, old -> new: a major version upgrade without
 * `allowMajorVersionUpgrade` (API_ModifyDBInstance and API_ModifyDBCluster:
 * AllowMajorVersionUpgrade "must be true" for a major version change), and
 * any downgrade (RDS upgrades only). An engine change replaces the database:
 * diff refuses that as data loss.
 */
export function relationalUpdateProblems(old: Record<string, unknown>, next: Record<string, unknown>): Problem[] {
  const a = parts(old);
  const b = parts(next);
  if (!a.kind || !b.kind || a.kind.engine !== b.kind.engine || a.kind.cluster !== b.kind.cluster) return [];
  return [...versionChange(old, next, a, b), ...classChanges(a.e, b.e)];
}

/**
 * An instance class change is made in place and at once: the instance
 * restarts, a few minutes without it; a Multi-AZ instance fails over to its
 * standby instead (https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/Overview.DBInstance.Modifying.html,
 * DB instance class: "an outage occurs during this change").
 */
function classChanges(a: Record<string, unknown>, b: Record<string, unknown>): Problem[] {
  const out: Problem[] = [];
  const note = (from: unknown, to: unknown, path: Path, what: string, standby: boolean) => {
    if (typeof from !== "string" || typeof to !== "string" || from === to) return;
    out.push({
      path, warning: true,
      message: `${what} ${from} -> ${to} changes in place, applied at once: ${standby ? "it fails over to its standby (a short interruption of connections)" : "it restarts, unavailable for a few minutes"}; deploy when that is acceptable`,
    });
  };
  const pa = obj(a.primaryInstance);
  const pb = obj(b.primaryInstance);
  note(pa.instanceSize, pb.instanceSize, [...ENGINE_PROPS, "primaryInstance", "instanceSize"], "the primary instance", pb.multiAz === true);
  list(b.readReplicas).forEach((r, i) => note(obj(list(a.readReplicas)[i]).instanceSize, obj(r).instanceSize, [...ENGINE_PROPS, "readReplicas", i, "instanceSize"], `read replica ${i}`, false));
  list(b.instances).forEach((x, i) => note(obj(list(a.instances)[i]).instanceSize, obj(x).instanceSize, [...ENGINE_PROPS, "instances", i, "instanceSize"], i === 0 ? "the writer" : `reader ${i}`, false));
  return out;
}

function versionChange(old: Record<string, unknown>, next: Record<string, unknown>, a: { kind?: EngineKind }, b: { kind?: EngineKind; e: Record<string, unknown> }): Problem[] {
  if (!a.kind || !b.kind) return [];
  const from = effectiveVersion(old);
  const to = effectiveVersion(next);
  if (!from || !to || from === to) return [];
  const fromMajor = majorVersion(a.kind.engine, from);
  const toMajor = majorVersion(b.kind.engine, to);
  if (!fromMajor || !toMajor) return [];
  const path = [...ENGINE_PROPS, "version"];
  const d = compareMajors(toMajor, fromMajor);
  // Within a major, a full version below the deployed one is a downgrade too (17.4 -> 17.2; a major alone, 17, means its newest minor).
  const minor = (v: string) => v.replace(/^8\.0\.mysql_aurora\./, "");
  const lower = d === 0 && minor(to).split(".").length === minor(from).split(".").length && compareMajors(minor(to), minor(from)) < 0;
  if (d < 0 || lower) {
    return [{ path, message: `version ${to} is below the deployed ${from}: RDS upgrades only; restore a snapshot into a new database to go back` }];
  }
  if (d > 0 && b.e.allowMajorVersionUpgrade !== true) {
    return [{ path, message: `${from} -> ${to} is a major version upgrade: set engine.properties.allowMajorVersionUpgrade: true to allow it (test the application against ${b.kind.engine} ${toMajor} first)` }];
  }
  return [];
}

// Checks of the fields that name other resources of the stack (connectTo,
// the events of workloads, fields a definition lists in `resourceNames`) and
// of names that must be unique across it (custom domains). Each named
// resource becomes a reference: it is made first. What each name means is
// the definitions' (connectable, eventTarget, workload); nothing here knows a
// type.
import { registry, type ResourceTypeEntry } from "./registry";
import { valuesAt } from "../shared/schema/check-properties";
import { withDefaults } from "../shared/schema/schema";
import { closest } from "../shared/messages/suggest";
import { formatPath, under, type Problem } from "../shared/messages/problem";
import type { IncomingEvent, ResourceNameField } from "../shared/component/resource-definition";
import { userText } from "../shared/messages/user-text";
import type { ResourceModel } from "./model";

type Path = (string | number)[];

function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * A domain belongs to one resource of the stack: a second one would take its
 * certificate validation and alias records (`allowOverwrite`) and its
 * CloudFront alias. Within one resource the type's own rules say so.
 */
export function checkDomains(resources: ResourceModel[], problems: Problem[]): void {
  const owner = new Map<string, { resource: string; path: Path }>();
  for (const r of resources) {
    for (const pattern of r.entry.domainPaths ?? []) {
      for (const { path, value } of valuesAt(r.prepared, pattern)) {
        if (typeof value !== "string") continue;
        const first = owner.get(value);
        if (first && first.resource !== r.name) {
          problems.push({
            path: ["resources", r.name, "properties", ...path],
            message: `domain '${userText(value)}' is already a custom domain of '${first.resource}' (${formatPath(first.path)}); a domain points at one resource only, and its DNS records would overwrite the other's`,
          });
        } else if (!first) owner.set(value, { resource: r.name, path });
      }
    }
  }
}

/** The types whose resources workloads' events name, by the events' `type`. */
const EVENT_TARGETS: ReadonlyMap<string, ResourceTypeEntry> = new Map(
  Object.values(registry).flatMap((e) => (e.eventTarget ? [[e.eventTarget.eventType, e] as const] : [])),
);

/** A field of a resource that names another resource of the stack, of `type`. */
interface NameField {
  path: Path;
  value: unknown;
  type: string;
  field: string;
  /** The definition's field, when the definition lists it. */
  spec?: ResourceNameField;
}

/** The fields of a resource that name others: those its definition lists, and its events' targets. */
function nameFields(r: ResourceModel): NameField[] {
  const out: NameField[] = [];
  for (const spec of r.entry.resourceNames ?? []) {
    for (const { path, value } of valuesAt(r.prepared, spec.path)) out.push({ path, value, type: spec.type, field: spec.path[spec.path.length - 1], spec });
  }
  eventsOf(r).forEach(({ e, index }) => {
    const kind = EVENT_TARGETS.get(String(e.type));
    if (!kind?.eventTarget || !isMap(e.properties)) return;
    const field = kind.eventTarget.nameField;
    out.push({ path: ["events", index, "properties", field], value: e.properties[field], type: kind.type, field });
  });
  return out;
}

/** A workload's events that are maps, with their index. */
function eventsOf(r: ResourceModel): { e: Record<string, unknown>; index: number }[] {
  if (!r.entry.workload?.events || !Array.isArray(r.prepared.events)) return [];
  return r.prepared.events.flatMap((e, index) => (isMap(e) ? [{ e, index }] : []));
}

/** Whether a resource of this type may be named where `kind` is asked for: its type, or a kind it is named as. */
function isOfKind(entry: ResourceTypeEntry, kind: string): boolean {
  return entry.type === kind || (entry.namedAs ?? []).includes(kind);
}

/** The types a kind stands for, as messages say it (`user-auth-pool`; the kind itself when no type is one). */
function kindText(kind: string): string {
  const types = Object.values(registry).filter((e) => isOfKind(e, kind)).map((e) => e.type);
  return types.length ? types.join(" or ") : kind;
}

/** Fields that name a resource of a given type (a function's gateway): it must be in the file, of that type; it is made first. */
export function checkResourceNames(resources: ResourceModel[], problems: Problem[], raw: Record<string, unknown>): void {
  const byName = new Map(resources.map((r) => [r.name, r]));
  for (const r of resources) {
    for (const { path, value, type: kind, field, spec } of nameFields(r)) {
      if (typeof value !== "string" || spec?.external?.(value)) continue;
      const at: Path = ["resources", r.name, "properties", ...path];
      const target = byName.get(value);
      const fits = target !== undefined && isOfKind(target.entry, kind);
      // Named only in a message: listed when one is said (a loop over every resource per field would be quadratic).
      const candidates = fits ? [] : resources.filter((x) => isOfKind(x.entry, kind)).map((x) => x.name);
      const type = fits ? kind : kindText(kind);
      const article = /^[aeioh]/.test(type) ? "an" : "a"; // an http-api-gateway, a user-auth-pool
      if (!target) {
        if (Object.hasOwn(raw, value)) continue; // a resource with problems of its own, reported there
        const near = closest(value, candidates);
        problems.push({ path: at, message: `${field} names '${userText(value)}', which is not a resource of this file${near ? `; did you mean '${near}'?` : candidates.length ? `; ${type} resources: ${candidates.join(", ")}` : `; add ${article} ${type} resource named '${value}'`}` });
        continue;
      }
      if (!fits) {
        problems.push({ path: at, message: `${field} names '${userText(value)}', a ${target.type}; it must name ${article} ${type}${candidates.length ? ` (${candidates.join(", ")})` : ""}` });
        continue;
      }
      const refused = spec?.refusal?.(target.prepared, r.prepared);
      if (refused) {
        problems.push({ path: at, message: `${field} names ${type} '${userText(value)}', ${refused.message}`, hint: refused.hint });
        continue;
      }
      r.refs.push({ path, resource: value, param: "" });
    }
  }
}

/**
 * The events of the stack's workloads that name a resource of the stack of
 * their kind's type, by that resource, in file order: what each target makes
 * for them (a gateway's routes) is decided before anything is made.
 */
export function stackEvents(resources: ResourceModel[]): Map<string, IncomingEvent[]> {
  const types = new Map(resources.map((r) => [r.name, r.type]));
  const out = new Map<string, IncomingEvent[]>();
  for (const r of resources) {
    let workload: Record<string, unknown> | undefined;
    for (const { e, index } of eventsOf(r)) {
      const kind = EVENT_TARGETS.get(String(e.type));
      if (!kind?.eventTarget || !isMap(e.properties)) continue;
      const target = e.properties[kind.eventTarget.nameField];
      if (typeof target !== "string" || types.get(target) !== kind.type) continue;
      const list = out.get(target) ?? [];
      workload ??= withDefaults(r.entry.definition, r.prepared) as Record<string, unknown>;
      list.push({ source: r.name, target, at: ["events", index, "properties"], properties: e.properties, workload });
      out.set(target, list);
    }
  }
  return out;
}

/** The rules each event target's type has over the events that name it (a gateway's route table), at each event. */
export function checkEventTargets(resources: ResourceModel[], problems: Problem[]): void {
  const events = stackEvents(resources);
  for (const r of resources) {
    const rules = r.entry.eventTarget?.eventProblems;
    const mine = events.get(r.name);
    if (!rules || !mine) continue;
    for (const { resource, problem } of rules({ name: r.name, props: r.prepared }, mine)) {
      problems.push(...under(["resources", resource, "properties"], [problem]));
    }
  }
}

/** `connectTo` names resources of this stack of connectable types (or `aws:ses`); they are made first. */
export function checkConnections(resources: ResourceModel[], problems: Problem[], raw: Record<string, unknown>): void {
  const byName = new Map(resources.map((r) => [r.name, r]));
  for (const r of resources) {
    const list = r.prepared.connectTo;
    if (!r.entry.workload || !Array.isArray(list)) continue;
    list.forEach((entry, i) => {
      if (typeof entry !== "string" || entry === "aws:ses") return;
      const path: Path = ["resources", r.name, "properties", "connectTo", i];
      const target = byName.get(entry);
      if (!target && Object.hasOwn(raw, entry)) {
        const t = isMap(raw[entry]) ? (raw[entry] as Record<string, unknown>).type : undefined;
        // A resource of a type it can connect to, with problems of its own: those are reported there, and only those.
        if (typeof t !== "string" || Object.values(registry).some((e) => e.connectable && e.type === t)) return;
        const kinds = Object.values(registry).filter((e) => e.connectable).map((e) => e.type);
        problems.push({ path, message: `connectTo names '${userText(entry)}'${typeof t === "string" ? `, a ${t}` : ""}, which this stack cannot connect to; it can connect to ${kinds.join(", ")} and the macro aws:ses` });
        return;
      }
      if (!target) {
        const near = closest(entry, [...byName.keys(), "aws:ses"]);
        problems.push({ path, message: `connectTo names '${userText(entry)}', which is not a resource of this file${near ? `; did you mean '${near}'?` : ""}` });
        return;
      }
      if (!target.entry.connectable) {
        const kinds = Object.values(registry).filter((e) => e.connectable).map((e) => e.type);
        problems.push({ path, message: `connectTo cannot connect to ${target.type} '${entry}': this stack can connect to ${kinds.join(", ")} and the macro aws:ses` });
        return;
      }
      const refusal = target.entry.connectable.vpcOnly ? r.entry.workload!.vpcRefusal?.(r.prepared) : undefined;
      if (refusal) {
        problems.push({ path, message: `${target.type} '${entry}' is reachable only inside the VPC, and ${refusal.why}`, hint: refusal.hint });
      } else if (target.entry.connectable.vpcOnly && !r.entry.workload!.joinsDefaultVpc(r.prepared)) {
        problems.push({ path, message: `${target.type} '${entry}' is reachable only inside the VPC`, hint: "set joinDefaultVpc: true" });
      }
      r.refs.push({ path: ["connectTo", i], resource: entry, param: "" });
    });
  }
}

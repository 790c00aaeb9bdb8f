// Checks of the fields that name other resources of the stack (connectTo, a
// function's gateway) and of names that must be unique across it (custom
// domains). Each named resource becomes a reference: it is made first.
import { registry } from "./registry";
import { valuesAt } from "../shared/schema/check-properties";
import { closest } from "../shared/messages/suggest";
import { formatPath, under, type Problem } from "../shared/messages/problem";
import { stackRouteProblems } from "../components/http-api-gateway/stack-routes";
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

/** Fields that name a resource of a given type (a function's gateway): it must be in the file, of that type; it is made first. */
export function checkResourceNames(resources: ResourceModel[], problems: Problem[], raw: Record<string, unknown>): void {
  const byName = new Map(resources.map((r) => [r.name, r]));
  for (const r of resources) {
    for (const spec of r.entry.resourceNames ?? []) {
      const field = spec.path[spec.path.length - 1];
      for (const { path, value } of valuesAt(r.prepared, spec.path)) {
        if (typeof value !== "string") continue;
        const at: Path = ["resources", r.name, "properties", ...path];
        const target = byName.get(value);
        // Named only in a message: listed when one is said (a loop over every resource per field would be quadratic).
        const candidates = target?.type === spec.type ? [] : resources.filter((x) => x.type === spec.type).map((x) => x.name);
        if (!target) {
          if (Object.hasOwn(raw, value)) continue; // a resource with problems of its own, reported there
          const near = closest(value, candidates);
          problems.push({ path: at, message: `${field} names '${userText(value)}', which is not a resource of this file${near ? `; did you mean '${near}'?` : candidates.length ? `; ${spec.type} resources: ${candidates.join(", ")}` : `; add ${/^[aeiouh]/.test(spec.type) ? "an" : "a"} ${spec.type} resource named '${value}'`}` });
          continue;
        }
        if (target.type !== spec.type) {
          problems.push({ path: at, message: `${field} names '${userText(value)}', a ${target.type}; it must name ${/^[aeiouh]/.test(spec.type) ? "an" : "a"} ${spec.type}${candidates.length ? ` (${candidates.join(", ")})` : ""}` });
          continue;
        }
        r.refs.push({ path, resource: value, param: "" });
      }
    }
  }
}

/** `connectTo` names resources of this stack of connectable types (or `aws:ses`); they are made first. */
export function checkConnections(resources: ResourceModel[], problems: Problem[], raw: Record<string, unknown>): void {
  const byName = new Map(resources.map((r) => [r.name, r]));
  for (const r of resources) {
    const list = r.prepared.connectTo;
    if (!Array.isArray(list)) continue;
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
      if (target.entry.connectable.vpcOnly && r.prepared.useEdgeFunction === true) {
        problems.push({ path, message: `${target.type} '${entry}' is reachable only inside the VPC, and edge functions cannot join a VPC`, hint: "remove useEdgeFunction to connect to it" });
      } else if (target.entry.connectable.vpcOnly && r.prepared.joinDefaultVpc !== true) {
        problems.push({ path, message: `${target.type} '${entry}' is reachable only inside the VPC`, hint: "set joinDefaultVpc: true" });
      }
      r.refs.push({ path: ["connectTo", i], resource: entry, param: "" });
    });
  }
}

/**
 * The routes the stack's events add to its gateways, judged by each gateway's
 * route table (duplicates, variable names, preflight routes, authorization),
 * at the event that adds each route.
 */
export function checkRouteAuthorizers(resources: ResourceModel[], problems: Problem[]): void {
  const named = (r: ResourceModel) => ({ name: r.name, props: r.prepared });
  const gateways = resources.filter((r) => r.type === "http-api-gateway").map(named);
  for (const { resource, problem } of stackRouteProblems(gateways, resources.map(named))) {
    problems.push(...under(["resources", resource, "properties"], [problem]));
  }
}

// What `diff` says of the routes' authorization: every event whose guard
// changes (a route's authorizer: gained, lost, another), and a refusal for
// each that was guarded and is now open, unless `--allow-open <function>`
// says it is meant (../shared/spec/decisions.md, "Gateway authorizers").
// What guards an event is its target's definition's (eventTarget.guard).
import type { StackfileResult } from "../config/stackfile";
import type { StackModel } from "../config/validate";
import { positionProblems, type PositionedProblem } from "../config/load";
import { stackEvents } from "../config/stack-names";
import type { Problem } from "../shared/messages/problem";

type Path = (string | number)[];

interface RouteAuth {
  gateway: string;
  route: string;
  /** The function the route goes to. */
  function: string;
  /** The authorizer that guards it; undefined: public. */
  authorizer?: string;
  /** Where the event is, in its file (`resources.<fn>.properties.events.<i>.properties`). */
  at: Path;
  /** The event's field that names its own guard, when it writes one (`authorizer`). */
  ownField?: string;
}

export interface AuthorizationChange {
  gateway: string;
  route: string;
  function: string;
  /** undefined: public (or the route is new). */
  old?: string;
  new?: string;
  /** Guarded before, public now. */
  opened: boolean;
  /** A new route (`old` is then undefined by absence, not by being public). */
  added: boolean;
}

/** Every guarded event of the stack (a function's routes), by target and key, with what guards it, in the file's order of the events. */
export function routeAuthorizations(model: StackModel): Map<string, RouteAuth> {
  const byName = new Map(model.resources.map((r) => [r.name, r]));
  const order = new Map(model.resources.map((r, i) => [r.name, i]));
  const events = [...stackEvents(model.resources).values()].flat()
    .sort((x, y) => order.get(x.source)! - order.get(y.source)! || Number(x.at[1]) - Number(y.at[1]));
  const out = new Map<string, RouteAuth>();
  for (const e of events) {
    const t = byName.get(e.target)!;
    const { guard, key, guardField } = t.entry.eventTarget ?? {};
    const route = key?.(e.properties);
    if (!guard || route === undefined) continue;
    out.set(`${e.target}\0${route}`, {
      gateway: e.target, route, function: e.source, authorizer: guard(t.prepared, e.properties),
      at: ["resources", e.source, "properties", ...e.at], ownField: guardField !== undefined && e.properties[guardField] !== undefined ? guardField : undefined,
    });
  }
  return out;
}

/** The routes whose authorization changes, in the new file's order. */
export function authorizationChanges(oldModel: StackModel | undefined, newModel: StackModel): AuthorizationChange[] {
  const before = oldModel ? routeAuthorizations(oldModel) : new Map<string, RouteAuth>();
  const out: AuthorizationChange[] = [];
  for (const [id, now] of routeAuthorizations(newModel)) {
    const was = before.get(id);
    if (!was && !now.authorizer) continue;
    if (was && was.authorizer === now.authorizer) continue;
    out.push({
      gateway: now.gateway, route: now.route, function: now.function, old: was?.authorizer, new: now.authorizer,
      opened: was?.authorizer !== undefined && now.authorizer === undefined, added: !was,
    });
  }
  return out;
}

/** A refusal, at the event's line in the new file, for each route that lost its authorizer, unless its function is in `allowed`. */
export function openRouteRefusals(newFile: StackfileResult, changes: AuthorizationChange[], allowed: Set<string>): PositionedProblem[] {
  const now = routeAuthorizations(newFile.model);
  const problems: Problem[] = [];
  for (const c of changes) {
    if (!c.opened || allowed.has(c.function)) continue;
    const r = now.get(`${c.gateway}\0${c.route}`)!;
    problems.push({
      path: r.ownField ? [...r.at, r.ownField] : r.at,
      message: `route ${c.route} of '${c.gateway}' (function '${c.function}') was guarded by the authorizer '${c.old}' and is now public: anyone can call it; ` +
        `if that is intended, pass --allow-open ${c.function}`,
    });
  }
  return positionProblems(newFile.loaded, problems);
}

/** `route GET /me of 'api' (me): users -> public`, for the text and markdown outputs. */
export function authorizationLine(c: AuthorizationChange): string {
  const shown = (a: string | undefined) => (a === undefined ? "public" : `authorizer '${a}'`);
  return c.added
    ? `route ${c.route} of '${c.gateway}' (${c.function}): new, ${shown(c.new)}`
    : `route ${c.route} of '${c.gateway}' (${c.function}): ${shown(c.old)} -> ${shown(c.new)}${c.opened ? " (opened)" : ""}`;
}

// What `diff` says of the routes' authorization: every route of a function
// whose authorizer changes (gained, lost, another), and a refusal for each
// route that was guarded and is now public, unless `--allow-open <function>`
// says it is meant (../shared/spec/decisions.md, "Gateway authorizers").
import type { StackfileResult } from "../config/stackfile";
import type { StackModel } from "../config/validate";
import { positionProblems, type PositionedProblem } from "../config/load";
import { effectiveAuthorizer } from "../components/http-api-gateway/authorizer-rules";
import { routeKey } from "../components/http-api-gateway/routes";
import type { Problem } from "../shared/messages/problem";

type Path = (string | number)[];
type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : undefined);

interface RouteAuth {
  gateway: string;
  route: string;
  /** The function the route goes to. */
  function: string;
  /** The authorizer that guards it; undefined: public. */
  authorizer?: string;
  /** Where the event is, in its file (`resources.<fn>.properties.events.<i>.properties`). */
  at: Path;
  /** Whether the event writes `authorizer` itself. */
  own: boolean;
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

/** Every function route of the stack, by gateway and route key, with the authorizer that guards it. */
export function routeAuthorizations(model: StackModel): Map<string, RouteAuth> {
  const gateways = new Map(model.resources.filter((r) => r.type === "http-api-gateway").map((r) => [r.name, r.prepared]));
  const out = new Map<string, RouteAuth>();
  for (const r of model.resources) {
    if (r.type !== "function" || !Array.isArray(r.prepared.events)) continue;
    r.prepared.events.forEach((e, i) => {
      const p = obj(obj(e)?.properties);
      const gateway = p && typeof p.httpApiGatewayName === "string" ? gateways.get(p.httpApiGatewayName) : undefined;
      if (!p || !gateway || typeof p.method !== "string" || typeof p.path !== "string") return;
      const route = routeKey(p.method, p.path);
      out.set(`${p.httpApiGatewayName}\0${route}`, {
        gateway: p.httpApiGatewayName as string,
        route,
        function: r.name,
        authorizer: effectiveAuthorizer(gateway, p.method, p.authorizer),
        at: ["resources", r.name, "properties", "events", i, "properties"],
        own: p.authorizer !== undefined,
      });
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
      path: r.own ? [...r.at, "authorizer"] : r.at,
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

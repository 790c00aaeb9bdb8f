// Rules of function as pure functions (see redis-cluster/rules.ts).
import type { Problem } from "../../shared/messages/problem";
import { forwardingNeedsLogs } from "../../shared/logging/log-forwarding-rules";
import { workloadProblems } from "../../shared/workloads/workload-rules";
import { routeKey, routeMethodProblem, routePathProblem, routeShape, variableConflictProblem } from "../http-api-gateway/routes";

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : undefined);

/** Entry files stackfile bundles. */
export const ENTRY_EXTENSIONS = [".ts", ".mts", ".js", ".mjs", ".cjs"];

/** Variables stackfile sets on a function: `environment` may not redefine them. */
export const FUNCTION_OWN_ENV = ["NODE_OPTIONS"];

/** Why an entry file name is refused, or undefined. */
export function entryFileProblem(file: string): string | undefined {
  const lower = file.toLowerCase();
  if (lower.endsWith(".d.ts") || lower.endsWith(".d.mts")) return `entryfilePath '${file}' is a declaration file, which holds no code`;
  if (!ENTRY_EXTENSIONS.some((e) => lower.endsWith(e))) return `entryfilePath '${file}' must be a ${ENTRY_EXTENSIONS.join(", ")} file`;
  return undefined;
}

/** An event's route, as the gateway keys it, when its fields are plain. */
function eventRoute(e: unknown): { gateway: string; key: string; shape: string } | undefined {
  const p = obj(obj(e)?.properties);
  if (!p || typeof p.httpApiGatewayName !== "string" || typeof p.path !== "string" || typeof p.method !== "string") return undefined;
  if (p.method !== p.method.toUpperCase() || routeMethodProblem(p.method) || routePathProblem(p.path)) return undefined;
  return { gateway: p.httpApiGatewayName, key: routeKey(p.method, p.path), shape: routeShape(p.method, p.path) };
}

export function functionStaticProblems(p: Obj): Problem[] {
  const out: Problem[] = [...forwardingNeedsLogs(p.logging, ["logging"])];
  if (typeof p.entryfilePath === "string") {
    const why = entryFileProblem(p.entryfilePath);
    if (why) out.push({ path: ["entryfilePath"], message: why });
  }
  if (typeof p.handlerFunction === "string" && !/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(p.handlerFunction)) {
    out.push({ path: ["handlerFunction"], message: `handlerFunction '${p.handlerFunction}' must be the name of an export: letters, digits, _ and $, not starting with a digit` });
  }
  out.push(...workloadProblems(p, { names: FUNCTION_OWN_ENV, why: "(--enable-source-maps, so stack traces point into your sources)" }));
  /** Route keys by gateway and shape: routes that differ only in variable names conflict. */
  const routes = new Map<string, string>();
  (Array.isArray(p.events) ? p.events : []).forEach((e, i) => {
    const props = obj(obj(e)?.properties);
    if (!props) return;
    const at = ["events", i, "properties"];
    if (props.containerPort !== undefined) {
      out.push({ path: [...at, "containerPort"], atKey: true, message: "containerPort is for container workloads; a function receives the request as an event and takes no port", hint: "remove containerPort" });
    }
    if (typeof props.path === "string") {
      const why = routePathProblem(props.path);
      if (why) out.push({ path: [...at, "path"], message: why });
    }
    const route = eventRoute(e);
    if (route) {
      const id = `${route.gateway}\0${route.shape}`;
      const first = routes.get(id);
      if (first === route.key) out.push({ path: [...at, "path"], message: `route ${route.key} of '${route.gateway}' is listed twice` });
      else if (first) out.push({ path: [...at, "path"], message: variableConflictProblem(route.key, first, { gateway: route.gateway }) });
      else routes.set(id, route.key);
    }
  });
  return out;
}

/** A route of a gateway belongs to one function: problems by resource name. */
export function functionRouteProblems(functions: { name: string; props: Obj }[]): { resource: string; problem: Problem }[] {
  const out: { resource: string; problem: Problem }[] = [];
  const owner = new Map<string, { name: string; key: string }>();
  for (const { name, props } of functions) {
    const mine = new Set<string>();
    (Array.isArray(props.events) ? props.events : []).forEach((e, i) => {
      const route = eventRoute(e);
      if (!route) return;
      const id = `${route.gateway}\0${route.shape}`;
      const first = owner.get(id);
      if (first && first.name !== name) {
        out.push({
          resource: name,
          problem: first.key === route.key
            ? { path: ["events", i, "properties", "path"], message: `route ${route.key} of '${route.gateway}' already goes to the function '${first.name}'; a route has one integration`, hint: "change the path or the method" }
            : { path: ["events", i, "properties", "path"], message: variableConflictProblem(route.key, first.key, { gateway: route.gateway, firstOwner: first.name }) },
        });
      } else if (!mine.has(id)) owner.set(id, { name, key: route.key });
      mine.add(id);
    });
  }
  return out;
}

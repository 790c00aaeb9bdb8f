// Rules of function as pure functions (see redis-cluster/rules.ts).
import { under, type Problem } from "../../shared/messages/problem";
import { forwardingNeedsLogs } from "../../shared/logging/log-forwarding-rules";
import { workloadProblems } from "../../shared/workloads/workload-rules";
import { routePathProblem } from "../http-api-gateway/routes";
import { snsEventProblems } from "../sns-topic/event-rules";
import { eventBusEventProblems, scheduleEventProblems } from "../event-bus/event-rules";

/** Each event kind's own rules (its target's over the events that name it are the target's `eventProblems`). */
const EVENT_RULES: Record<string, (p: Record<string, unknown>) => Problem[]> = {
  sns: snsEventProblems,
  "event-bus": eventBusEventProblems,
  schedule: scheduleEventProblems,
};

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
  // The routes the events add are judged by their gateway's route table (http-api-gateway/stack-routes.ts).
  (Array.isArray(p.events) ? p.events : []).forEach((e, i) => {
    const props = obj(obj(e)?.properties);
    if (!props) return;
    const at = ["events", i, "properties"];
    const kindRules = EVENT_RULES[String(obj(e)?.type)];
    if (kindRules) out.push(...under(at, kindRules(props)));
    if (props.containerPort !== undefined) {
      out.push({ path: [...at, "containerPort"], atKey: true, message: "containerPort is for container workloads; a function receives the request as an event and takes no port", hint: "remove containerPort" });
    }
    if (typeof props.path === "string") {
      const why = routePathProblem(props.path);
      if (why) out.push({ path: [...at, "path"], message: why });
    }
  });
  return out;
}

// The local gateway's route selection, as API Gateway HTTP APIs choose a
// route (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-develop-routes.html,
// "Routing API requests"): a full match of path and method first, then the
// match with a greedy path variable ({proxy+}), then `$default`; `ANY`
// matches the methods not defined for the resource; none -> {"message":"Not Found"}.
// Path variables match one segment, a greedy one the rest (one segment or more).

export interface DevRoute<T> {
  /** `GET /items/{id}`, `ANY /{proxy+}` or `$default` (routes.ts routeKey). */
  key: string;
  target: T;
}

export interface RouteMatch<T> {
  route: DevRoute<T>;
  /** Decoded values of the path variables (API Gateway decodes them), by name; empty for `$default`. */
  pathParameters: Record<string, string>;
}

type Segment = { literal: string } | { variable: string } | { greedy: string };

function parsePath(path: string): Segment[] {
  return path.split("/").slice(1).map((s): Segment => {
    const m = /^\{([^}+]+)(\+?)\}$/.exec(s);
    if (!m) return { literal: s };
    return m[2] ? { greedy: m[1] } : { variable: m[1] };
  });
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * How well `pattern` fits the request's segments, or undefined when it does
 * not: a tuple compared in order (no greedy variable first, then literal
 * segments before variables, position by position).
 */
function fit(pattern: Segment[], segments: string[]): { score: number[]; params: Record<string, string> } | undefined {
  const params: Record<string, string> = {};
  const score: number[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i];
    if ("greedy" in p) {
      const rest = segments.slice(i);
      if (!rest.length || (rest.length === 1 && rest[0] === "")) return undefined;
      params[p.greedy] = decode(rest.join("/"));
      // A greedy match ranks below every full match; a longer fixed prefix ranks higher.
      return { score: [0, ...score], params };
    }
    if (i >= segments.length) return undefined;
    if ("literal" in p) {
      if (p.literal !== segments[i]) return undefined;
      score.push(2);
    } else {
      if (segments[i] === "") return undefined;
      params[p.variable] = decode(segments[i]);
      score.push(1);
    }
  }
  if (segments.length !== pattern.length) return undefined;
  return { score: [1, ...score], params };
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? -1) - (b[i] ?? -1);
    if (d) return d;
  }
  return 0;
}

/** The route API Gateway would choose for `method rawPath`, or undefined (it answers 404 Not Found). */
export function selectRoute<T>(routes: DevRoute<T>[], method: string, rawPath: string): RouteMatch<T> | undefined {
  const segments = rawPath.split("/").slice(1);
  let best: { route: DevRoute<T>; score: number[]; methodRank: number; params: Record<string, string> } | undefined;
  for (const route of routes) {
    if (route.key === "$default") continue;
    const space = route.key.indexOf(" ");
    const routeMethod = route.key.slice(0, space);
    if (routeMethod !== "ANY" && routeMethod !== method.toUpperCase()) continue;
    const f = fit(parsePath(route.key.slice(space + 1)), segments);
    if (!f) continue;
    // For one resource, a route of the method itself comes before ANY.
    const methodRank = routeMethod === "ANY" ? 0 : 1;
    const order = best ? compare(f.score, best.score) || methodRank - best.methodRank : 1;
    if (order > 0) best = { route, score: f.score, methodRank, params: f.params };
  }
  if (best) return { route: best.route, pathParameters: best.params };
  const fallback = routes.find((r) => r.key === "$default");
  return fallback ? { route: fallback, pathParameters: {} } : undefined;
}

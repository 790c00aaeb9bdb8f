// The gateway's default CORS methods (cors.enabled without cors.allowedMethods):
// the methods of its routes, all known when the gateway is made (`routes`,
// and `routeMethods` for those added later: a Function's events, addRoute).
// Computed once from what the constructor is given, so the result never
// depends on when a later route is added.
import * as pulumi from "@pulumi/pulumi";

/** Every method API Gateway's CORS names (apigatewayv2 Cors.allowMethods). */
export const CORS_ALL_METHODS = ["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"];

/** A route's method as CORS counts it: upper case, `ANY` and `*` both `*`. */
export function corsMethodOf(method: string): string {
  const m = method.toUpperCase();
  return m === "ANY" ? "*" : m;
}

/** The methods the default counts, in the order first given. */
export function knownCorsMethods(methods: readonly string[]): ReadonlySet<string> {
  return new Set(methods.map(corsMethodOf));
}

/** Whether a route of this method is covered by the default CORS methods fixed from `known`. */
export function corsCovers(known: ReadonlySet<string>, method: string): boolean {
  return known.has("*") || known.has(corsMethodOf(method));
}

/**
 * The default CORS methods: those of the routes. `*` routes allow every
 * method: `*`, or with credentials every method by name, since browsers read
 * `*` as a wildcard only on requests without credentials (Fetch standard;
 * MDN, Access-Control-Allow-Methods).
 */
export function defaultCorsMethods(known: ReadonlySet<string>, allowCredentials: pulumi.Input<boolean | undefined>): pulumi.Output<string[]> {
  const methods = [...known];
  return pulumi.output(allowCredentials).apply((credentials) =>
    methods.includes("*") ? (credentials === true ? [...CORS_ALL_METHODS] : ["*"]) : [...methods].sort());
}

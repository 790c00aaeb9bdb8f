// An http-api-gateway, locally: one HTTP server of src/dev/gateway.ts per
// gateway (its port kept across edits), routing the stack's events that name
// it (routes.ts's keys) to the functions running here, with its authorizers,
// CORS settings and access-log format. Its routes are set once every resource
// is applied (`settle`), when the functions they call are running.
import type { DevResource, DevType, LocalOutputs } from "../../shared/component/local-runner";
import type { CorsSettings } from "../../dev/cors";
import { startGateway, type GatewaySettings, type RouteTarget, type RunningGateway } from "../../dev/gateway";
import type { DevRoute } from "../../dev/routes";
import type { DevAuthorizer } from "../../dev/authorizers";
import { defaultKeySource, noKeysMessage, type KeySource } from "../../dev/jwt";
import type { httpApiGatewayParams } from "./properties";
import { accessLogFormat } from "./access-log";
import { JWT_DEFAULT_IDENTITY_SOURCE, NO_AUTHORIZER } from "./authorizer-rules";
import { routeKey } from "./routes";
import { httpApiGatewayDefinition } from "./definition";

type Props = Record<string, any>;
const HOST = "127.0.0.1";

/** A gateway's outputs, locally: custom domains and the CDN are not run here, they all lead to the local gateway. */
export function gatewayLocalOutputs(port: number): LocalOutputs<typeof httpApiGatewayParams> {
  const domain = `${HOST}:${port}`;
  const url = `http://${domain}`;
  return { domain, url, customDomains: domain, customDomainUrls: url, cdnDomain: domain, cdnUrl: url, cdnCustomDomains: domain, cdnCustomDomainUrls: url };
}

export const httpApiGatewayDev: DevType = {
  runner(ctx) {
    const gateways = new Map<string, RunningGateway>();
    const jwtKeys: KeySource = defaultKeySource();

    /** The gateway's authorizers as the local gateway applies them (a Lambda authorizer's function must run here). */
    const authorizers = (gateway: string, p: Props): Map<string, DevAuthorizer> => {
      const out = new Map<string, DevAuthorizer>();
      for (const [authName, a] of Object.entries((p.authorizers ?? {}) as Record<string, Props>)) {
        if (a.type === "jwt") {
          out.set(authName, {
            type: "jwt", name: authName, issuer: String(a.issuerUrl), audience: (a.audience ?? []).map(String),
            identitySource: String(a.identitySource ?? JWT_DEFAULT_IDENTITY_SOURCE), keys: jwtKeys,
          });
          continue;
        }
        // A cognito authorizer is a JWT authorizer with the pool's issuer and its app client as the audience, as deployed
        // (authorizers.ts); the pool runs here, so its issuer is local and its keys are read from it.
        if (a.type === "cognito") {
          const pool = String(a.userPoolName);
          const issuer = ctx.outputOf(pool, "issuerUrl");
          const clientId = ctx.outputOf(pool, "clientId");
          if (issuer === undefined || clientId === undefined) ctx.logger(gateway)(`authorizer '${authName}': the user pool ${pool} does not run here; every request to its routes gets 401`);
          out.set(authName, {
            type: "jwt", name: authName, issuer: String(issuer ?? ""), audience: clientId === undefined ? [] : [String(clientId)],
            identitySource: String(a.identitySource ?? JWT_DEFAULT_IDENTITY_SOURCE), keys: jwtKeys,
          });
          continue;
        }
        const fnName = String(a.functionName);
        const payloadFormat = (a.payloadFormat ?? "2.0") as "1.0" | "2.0";
        out.set(authName, {
          type: "lambda", name: authName, functionName: fnName, identitySource: (a.identitySource ?? []).map(String), payloadFormat,
          // On by default with 2.0 (authorizers.ts of the component); never with 1.0.
          simpleResponses: payloadFormat === "2.0" && a.enableSimpleResponses !== false,
          resultTtl: Number(a.resultTtl ?? 0),
          invoke: (event) => {
            const invoke = ctx.invoker(fnName);
            if (!invoke) return Promise.resolve({ ok: false, error: `the authorizer's function ${fnName} is not running` });
            return invoke(event);
          },
          cache: new Map(),
        });
      }
      if ([...out.values()].some((a) => a.type === "jwt") && !process.env.STACKFILE_DEV_JWKS) {
        for (const a of out.values()) if (a.type === "jwt" && !/^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])([:/]|$)/.test(a.issuer)) ctx.logger(gateway)(noKeysMessage(a));
      }
      return out;
    };

    const toldExternal = new Set<string>();
    /** The firewall its CDN has (`useFirewall`), in front of the local gateway: a firewall of the stack; a web ACL made elsewhere is not run here (said once). */
    const firewall = (name: string, useFirewall: unknown) => {
      if (typeof useFirewall !== "string") return undefined;
      const filter = ctx.requestFilter(useFirewall);
      if (!filter && !toldExternal.has(`${name} ${useFirewall}`)) {
        toldExternal.add(`${name} ${useFirewall}`);
        ctx.logger(name)(`useFirewall ${useFirewall} is a web ACL made outside this stack: dev does not apply it`);
      }
      return filter;
    };

    /** The gateway's settings: a route for each event that names it whose function runs here. */
    const settings = (name: string, p: Props): GatewaySettings => {
      const routes: DevRoute<RouteTarget>[] = [];
      const byName = authorizers(name, p);
      for (const e of ctx.eventsOf(name)) {
        const invoke = ctx.invoker(e.source);
        if (!invoke) continue;
        const ep = e.properties as Props;
        const key = routeKey(String(ep.method), String(ep.path));
        // The route's own authorizer, `none`, or the gateway's default (never for OPTIONS routes: preflights carry no credentials).
        const authName = ep.authorizer ?? (key.startsWith("OPTIONS ") ? undefined : p.defaultAuthorizer);
        const authorizer = authName && authName !== NO_AUTHORIZER ? byName.get(String(authName)) : undefined;
        routes.push({
          key,
          target: {
            authorization: authorizer ? { authorizer, scopes: ep.authorizationScopes } : undefined,
            functionName: e.source,
            // Integration value > gateway value > 1.0 (decisions.md).
            payloadFormat: (ep.payloadFormat ?? p.payloadFormat ?? "1.0") as "1.0" | "2.0",
            invoke,
          },
        });
      }
      let cors: CorsSettings | undefined;
      if (p.cors?.enabled === true) {
        // The default methods: those of the routes (cors-methods.ts of the component).
        const methods = [...new Set(routes.map((r) => r.key.split(" ")[0]).map((m) => (m === "ANY" ? "*" : m)))];
        cors = {
          allowOrigins: p.cors.allowedOrigins ?? ["*"],
          allowHeaders: p.cors.allowedHeaders ?? [],
          allowMethods: p.cors.allowedMethods ?? (methods.includes("*") ? ["*"] : methods.sort()),
          allowCredentials: p.cors.allowCredentials === true,
          exposeHeaders: p.cors.exposedResponseHeaders ?? [],
          maxAge: p.cors.maxAge,
        };
      }
      const format = p.logging?.format ?? "JSON";
      return {
        name, routes, cors, log: ctx.logger(name), integrationTimeoutMs: ctx.integrationTimeoutMs, filter: firewall(name, p.useFirewall),
        accessLog: p.logging?.disabled === true ? undefined : { template: accessLogFormat(format), json: format === "JSON" },
      };
    };

    return {
      async apply({ name }: DevResource) {
        const { port, note } = await ctx.httpPort(name);
        if (!gateways.has(name)) {
          // 503 until `settle` gives it its routes (src/dev/gateway.ts, `loading`).
          const g = await startGateway({ name, routes: [], log: ctx.logger(name), loading: true }, port);
          gateways.set(name, g);
          ctx.run(name, {
            type: httpApiGatewayDefinition.type, fingerprint: "", address: `http://${HOST}:${port}`, note,
            stop: async () => {
              gateways.delete(name);
              await g.close();
            },
          });
        }
        ctx.setOutputs(name, gatewayLocalOutputs(port));
      },
      settle(resources) {
        const props = new Map(resources.map((r) => [r.name, r.props]));
        for (const [name, g] of gateways) g.update(settings(name, props.get(name) ?? {}));
      },
    };
  },
};

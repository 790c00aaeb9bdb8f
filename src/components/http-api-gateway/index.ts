import { createHash } from "crypto";
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { HttpApiGatewayProperties } from "./properties";
import type { HTTP_API_GATEWAY_CHILDREN } from "./child-ids";
import { accessLogFormat } from "./access-log";
import { createCdn } from "./cdn";
import { useFirewallNameInProgram } from "../web-app-firewall/use-firewall";
import { createCorsOnlyIntegration } from "./cors-only";
import { createCustomDomains } from "./domains";
import { routeMethodProblem, RouteTable, routeSlug, type HttpApiGatewayIntegration, type TakenRoute } from "./routes";
import { httpApiGatewayDefinition } from "./definition";
import { authorizerFunctionProblems, authorizerUserPoolProblems, createAuthorizers, type AuthorizerFunction, type AuthorizerUserPool, type MadeAuthorizer } from "./authorizers";
import { authorizedCacheLimit, authorizerKeyNames } from "./authorizer-rules";
import { Component, literal } from "../../shared/component/component";
import type { ChildTransforms } from "../../shared/component/children";
import type { DeepInput } from "../../shared/component/inputs";
import { formatPath, under, type Problem } from "../../shared/messages/problem";
import { forwardLogs } from "../../shared/logging/log-forwarding";
import { makeAlarms } from "../../shared/alarms/metric-alarms";
import type { AlarmTopicArg, AlarmTopicArns } from "../../shared/alarms/alarm-notifications";
import { gatewayAlarms } from "../../shared/alarms/gateway-alarms";
import { cdnAlarms } from "../../shared/alarms/cdn-alarms";
import { corsCovers, defaultCorsMethods, knownCorsMethods } from "./cors-methods";

/**
 * What a route sends its requests to: an `aws.lambda.Function`, a component
 * holding one as `function` (stackfile's `Function`), or a function ARN.
 */
export type RouteHandler = aws.lambda.Function | { readonly function: aws.lambda.Function } | pulumi.Input<string>;

/** The ARN a route integrates. */
function handlerArn(handler: RouteHandler): pulumi.Input<string> {
  if (handler instanceof aws.lambda.Function) return handler.arn;
  if (typeof handler === "object" && handler !== null && !pulumi.Output.isInstance(handler) && "function" in handler && handler.function instanceof aws.lambda.Function) {
    return handler.function.arn;
  }
  return handler as pulumi.Input<string>;
}

/** A route to a Lambda function. */
export interface HttpApiRoute {
  /** `/items/{id}`, `/files/{proxy+}` (greedy only last). */
  path: string;
  /** An HTTP method, or `*` for any. */
  method: string;
  /** The function that receives the requests: a stackfile `Function`, an `aws.lambda.Function`, or its ARN. */
  handler: RouteHandler;
  /** Overrides the gateway's payloadFormat for this route. */
  payloadFormat?: "1.0" | "2.0";
  /**
   * The gateway authorizer that guards the route, or `none` to opt out of the
   * gateway's defaultAuthorizer (OPTIONS routes never get the default).
   */
  authorizer?: string;
  /** Scopes a JWT must hold (any one of them); JWT authorizers only. */
  authorizationScopes?: string[];
  /**
   * For a handler given as its ARN: the Pulumi name of its function, which
   * names the function's invoke permission (one per function and API) as the
   * function itself would (YAML gives it: the function is made after the
   * gateway, and its ARN arrives then).
   */
  handlerName?: string;
}

export interface HttpApiGatewayArgs extends DeepInput<HttpApiGatewayProperties>, AlarmTopicArg {
  /** Routes made with the gateway (their methods count for the default CORS methods). */
  routes?: HttpApiRoute[];
  /**
   * The methods of routes added after the gateway is made (`addRoute`, a
   * Function's `events`). With CORS on and no `cors.allowedMethods`, the
   * default CORS methods are those of `routes` and these, fixed when the
   * gateway is made: `addRoute` of any other method is refused (YAML passes
   * those of the stack's functions).
   */
  routeMethods?: string[];
  /** The functions Lambda authorizers name in `functionName`, by that name (YAML passes the stack's). */
  authorizerFunctions?: Record<string, AuthorizerFunction>;
  /** The user pools cognito authorizers name in `userPoolName`, by that name (a UserAuthPool; YAML passes the stack's). */
  authorizerUserPools?: Record<string, AuthorizerUserPool>;
  /** Adjusts a child's arguments before it is created, by child id (see the class docs). */
  transform?: ChildTransforms<typeof HTTP_API_GATEWAY_CHILDREN>;
}

/** The resources of one route. */
export interface HttpApiRouteResources {
  integration: aws.apigatewayv2.Integration;
  route: aws.apigatewayv2.Route;
  permission: aws.lambda.Permission;
  /** With CORS, beside an authorized ANY route: the OPTIONS route that keeps preflights away from the authorizer. */
  preflightRoute?: aws.apigatewayv2.Route;
}

function routeMethodsProblems(routeMethods: string[]): Problem[] {
  return routeMethods.flatMap((m, i) => {
    const why = routeMethodProblem(String(m));
    return why ? [{ path: ["routeMethods", i], message: why }] : [];
  });
}

/** The plain view of the properties routes are judged against. */
function routeSettings(view: Record<string, unknown>): Record<string, unknown> {
  return { authorizers: view.authorizers, defaultAuthorizer: view.defaultAuthorizer, cors: view.cors };
}

/** A route's problems as one line (addRoute's refusal). */
function routeRefusal(gateway: string, route: HttpApiRoute, problems: Problem[]): pulumi.RunError {
  const said = problems.map((p) => `${formatPath(p.path)}: ${p.message}${p.hint ? ` (${p.hint})` : ""}`).join("; ");
  return new pulumi.RunError(`HttpApiGateway '${gateway}': route ${route.method} ${route.path}: ${said}`);
}

/**
 * An API Gateway HTTP API with an auto-deployed `$default` stage, access logs,
 * CORS, custom domains and an optional CloudFront CDN.
 *
 * Children (ids for `transform` / YAML `overrides`): `api`, `stage`,
 * `logGroup`; per custom domain `domainCertificate`, `domainValidationRecord`,
 * `domainCertificateValidation`, `domainName`, `apiMapping`, `domainRecordA`,
 * `domainRecordAaaa`; with a CDN `cdnCachePolicy`,
 * `cdnOriginRequestPolicy`, `cdnDistribution`, `cdnCertificate`,
 * `cdnValidationRecord`, `cdnCertificateValidation`, `cdnRecordA`,
 * `cdnRecordAaaa`; per route `integration`, `route`, `routePermission`
 * (and `preflightRoute` beside an authorized ANY route with CORS); per
 * authorizer `authorizer`, and `authorizerPermission` for a Lambda one;
 * its alarms `serverErrorsAlarm`, `latencyAlarm` and, with a CDN,
 * `cdnServerErrorsAlarm` (unless switched off in `alarms`).
 *
 * @example
 * const api = new HttpApiGateway("api", {
 *   cors: { enabled: true, allowedOrigins: ["https://app.example.com"] },
 *   customDomains: [{ domainName: "api.example.com" }],
 * });
 * api.addRoute({ path: "/items/{id}", method: "GET", handler: itemsFunction });
 *
 * // Authorized routes (docs/authorizers.md):
 * const secured = new HttpApiGateway("secured", {
 *   authorizers: { users: { type: "jwt", issuerUrl: "https://login.example.com", audience: ["api"] } },
 *   defaultAuthorizer: "users",
 * });
 * secured.addRoute({ path: "/me", method: "GET", handler: meFunction, authorizationScopes: ["profile"] });
 * secured.addRoute({ path: "/health", method: "GET", handler: healthFunction, authorizer: "none" });
 */
export class HttpApiGateway extends Component<typeof httpApiGatewayDefinition, DeepInput<HttpApiGatewayProperties>> {
  /** Default domain name of the API. */
  public readonly domain: pulumi.Output<string>;
  /** The topics its alarms notify (alarmTopic). */
  private readonly alarmTopic?: AlarmTopicArns;
  /** Default URL of the API. */
  public readonly url: pulumi.Output<string>;
  /** Comma-separated custom domains (only with custom domains). */
  public readonly customDomains?: pulumi.Output<string>;
  public readonly customDomainUrls?: pulumi.Output<string>;
  /** The CDN's own domain and URL (only with a CDN without custom domains). */
  public readonly cdnDomain?: pulumi.Output<string>;
  public readonly cdnUrl?: pulumi.Output<string>;
  /** Comma-separated CDN custom domains (only with CDN custom domains). */
  public readonly cdnCustomDomains?: pulumi.Output<string>;
  public readonly cdnCustomDomainUrls?: pulumi.Output<string>;
  public readonly api: aws.apigatewayv2.Api;
  public readonly stage: aws.apigatewayv2.Stage;
  public readonly distribution?: aws.cloudfront.Distribution;
  /** The authorizers, by name. */
  public readonly authorizers: Map<string, MadeAuthorizer>;

  private readonly gatewayName: string;
  private readonly payloadFormat: pulumi.Input<string>;
  /** The routes taken (routes.ts): a route that clashes with one of them is refused. */
  private readonly routeTable: RouteTable;
  /** With inferred CORS methods: those the default allows (from `routes` and `routeMethods`). */
  private readonly corsMethods?: ReadonlySet<string>;
  /** The invoke permission of each handler (one per function for this API). */
  private readonly permissions = new Map<unknown, aws.lambda.Permission>();
  /** The integration of stackfile's OPTIONS routes (cors-only.ts), made with the first of them. */
  private corsOnly?: aws.apigatewayv2.Integration;

  constructor(name: string, args: HttpApiGatewayArgs = {}, opts?: pulumi.ComponentResourceOptions) {
    const { transform, routes = [], routeMethods = [], authorizerFunctions = {}, authorizerUserPools = {}, alarmTopic, ...properties } = args;
    // The routes given are judged with the other arguments, through the table later routes go through too.
    let table: RouteTable | undefined;
    const taken: (TakenRoute | undefined)[] = [];
    const problems = (view: Record<string, unknown>) => {
      table = new RouteTable(name, routeSettings(view));
      table.reservePreflights(routes);
      const routeProblems = routes.flatMap((r, i) => {
        const added = table!.add(r);
        taken.push(added.taken);
        return under(["routes", i], added.problems);
      });
      return [
        ...routeProblems, ...routeMethodsProblems(routeMethods), ...authorizerFunctionProblems(view.authorizers, authorizerFunctions),
        ...authorizerUserPoolProblems(view.authorizers, authorizerUserPools), ...useFirewallNameInProgram(view.useFirewall),
      ];
    };
    super(httpApiGatewayDefinition, name, { properties, transform, problems }, opts);
    const p = this.properties;
    this.gatewayName = name;
    this.routeTable = table!;
    this.payloadFormat = p.payloadFormat;
    if (literal(p.cors.enabled) === true && p.cors.allowedMethods === undefined) {
      this.corsMethods = knownCorsMethods([...routes.map((r) => String(r.method)), ...routeMethods.map(String)]);
    }

    this.alarmTopic = alarmTopic;
    this.api = this.makeApi();
    this.stage = this.makeStage(this.accessLogGroup());
    this.domain = this.api.apiEndpoint.apply((e) => e.replace(/^https:\/\//, ""));
    this.url = this.api.apiEndpoint;
    makeAlarms(this.children, gatewayAlarms(), literal(p.alarms), { ApiId: this.api.id }, this.alarmTopic);

    const domains = createCustomDomains(this.children, p.customDomains ?? [], this.api.id, this.stage.name);
    if (domains.length) {
      this.customDomains = pulumi.output(domains.join(","));
      this.customDomainUrls = pulumi.output(domains.map((d) => `https://${d}`).join(","));
    }

    this.authorizers = createAuthorizers(this.children, this.api, p.authorizers ?? {}, authorizerFunctions, authorizerUserPools);

    const cdn = literal(p.cdn.enabled) === true ? this.makeCdn() : undefined;
    this.distribution = cdn?.distribution;
    this.cdnDomain = cdn?.cdnDomain;
    this.cdnUrl = cdn?.cdnUrl;
    this.cdnCustomDomains = cdn?.cdnCustomDomains;
    this.cdnCustomDomainUrls = cdn?.cdnCustomDomainUrls;

    routes.forEach((r, i) => this.makeRoute(r, taken[i]!));

    this.registerOutputs({
      domain: this.domain, url: this.url, customDomains: this.customDomains, customDomainUrls: this.customDomainUrls,
      cdnDomain: this.cdnDomain, cdnUrl: this.cdnUrl, cdnCustomDomains: this.cdnCustomDomains, cdnCustomDomainUrls: this.cdnCustomDomainUrls,
    });
  }

  /** The CDN in front of the API, its alarms, and its domain (or custom domains) as outputs. */
  private makeCdn() {
    const p = this.properties;
    const view = this.view;
    // The authorizers' identity sources are in the cache key: one caller's answer is never served to another.
    const cdn = createCdn(this.children, p.cdn, this.domain, p.cors.enabled, { ...authorizerKeyNames(view.authorizers), ttlLimit: authorizedCacheLimit(view.authorizers) }, p.useFirewall);
    const partition = aws.getPartitionOutput({}, { parent: this }).partition;
    makeAlarms(this.children, cdnAlarms(partition), literal(p.alarms), { DistributionId: cdn.distribution.id }, this.alarmTopic);
    const custom = cdn.customDomains.length > 0;
    return {
      distribution: cdn.distribution,
      cdnDomain: custom ? undefined : cdn.domain,
      cdnUrl: custom ? undefined : pulumi.interpolate`https://${cdn.domain}`,
      cdnCustomDomains: custom ? pulumi.output(cdn.customDomains.join(",")) : undefined,
      cdnCustomDomainUrls: custom ? pulumi.output(cdn.customDomains.map((d) => `https://${d}`).join(",")) : undefined,
    };
  }

  /** The HTTP API, with CORS when enabled (the methods of its routes unless given). */
  private makeApi(): aws.apigatewayv2.Api {
    const cors = this.properties.cors;
    return this.children.make("api", aws.apigatewayv2.Api, {
      protocolType: "HTTP",
      description: `HTTP API ${this.gatewayName} (stackfile)`,
      corsConfiguration: literal(cors.enabled) === true
        ? {
          allowOrigins: cors.allowedOrigins,
          allowHeaders: cors.allowedHeaders,
          allowMethods: cors.allowedMethods ?? defaultCorsMethods(this.corsMethods!, cors.allowCredentials),
          allowCredentials: cors.allowCredentials,
          exposeHeaders: cors.exposedResponseHeaders,
          maxAge: cors.maxAge,
        }
        : undefined,
    });
  }

  /** The access logs' group (unless logging is disabled), forwarded with logForwarding. */
  private accessLogGroup(): aws.cloudwatch.LogGroup | undefined {
    const logging = this.properties.logging;
    if (literal(logging.disabled)) return undefined;
    const logGroup = this.children.make("logGroup", aws.cloudwatch.LogGroup, { retentionInDays: logging.retentionDays });
    if (logging.logForwarding) forwardLogs(this.children, logGroup, logging.logForwarding);
    return logGroup;
  }

  /** The auto-deployed `$default` stage, writing access logs to `logGroup`. */
  private makeStage(logGroup: aws.cloudwatch.LogGroup | undefined): aws.apigatewayv2.Stage {
    return this.children.make("stage", aws.apigatewayv2.Stage, {
      apiId: this.api.id,
      name: "$default",
      autoDeploy: true,
      accessLogSettings: logGroup
        ? { destinationArn: logGroup.arn, format: pulumi.output(this.properties.logging.format).apply(accessLogFormat) }
        : undefined,
    });
  }

  /**
   * Routes `method path` to a Lambda function: an AWS_PROXY integration, the
   * route, and (once per function) a permission for this API to invoke it.
   */
  public addRoute(route: HttpApiRoute): HttpApiRouteResources {
    const { problems, taken } = this.routeTable.add(route);
    if (!taken) throw routeRefusal(this.gatewayName, route, problems);
    const method = taken.key.split(" ")[0];
    if (this.corsMethods && !corsCovers(this.corsMethods, method)) {
      throw new pulumi.RunError(
        `HttpApiGateway '${this.gatewayName}': route ${taken.key}: ${method} is not among the default CORS methods (${[...this.corsMethods].sort().join(", ") || "none"}), ` +
        "which are fixed from `routes` and `routeMethods` when the gateway is made; pass the route in `routes`, name its method in `routeMethods`, or set cors.allowedMethods",
      );
    }
    return this.makeRoute(route, taken);
  }

  /** A taken route's integration, route (and preflight route) and the function's invoke permission. */
  private makeRoute(route: HttpApiRoute, taken: TakenRoute): HttpApiRouteResources {
    const key = taken.key;
    const auth = taken.authorizer === undefined ? undefined : this.authorizers.get(taken.authorizer);
    const slug = routeSlug(key);
    const functionArn = handlerArn(route.handler);
    const ofRoute = this.children.suffixed(`-${slug}`);
    const integration = ofRoute.make("integration", aws.apigatewayv2.Integration, {
      apiId: this.api.id,
      integrationType: "AWS_PROXY",
      integrationMethod: "POST",
      integrationUri: functionArn,
      payloadFormatVersion: route.payloadFormat ?? this.payloadFormat,
    });
    const apiRoute = ofRoute.make("route", aws.apigatewayv2.Route, {
      apiId: this.api.id,
      routeKey: key,
      target: pulumi.interpolate`integrations/${integration.id}`,
      ...(auth ? {
        authorizationType: auth.type === "jwt" ? "JWT" : "CUSTOM",
        authorizerId: auth.authorizer.id,
        authorizationScopes: auth.type === "jwt" ? route.authorizationScopes : undefined,
      } : {}),
    });
    // Preflights of an authorized ANY route would need credentials browsers never send with them
    // (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-cors.html, CORS with an
    // authorizer): an OPTIONS route without authorizer is preferred over ANY for them.
    // Its integration answers CORS and nothing else: any OPTIONS request that is not a preflight (API
    // Gateway answers those itself) reaches it, and must never reach the authorized route's function.
    let preflightRoute: aws.apigatewayv2.Route | undefined;
    if (taken.preflightKey) {
      preflightRoute = ofRoute.make("preflightRoute", aws.apigatewayv2.Route, {
        apiId: this.api.id,
        routeKey: taken.preflightKey,
        target: pulumi.interpolate`integrations/${this.corsOnlyIntegration().id}`,
      });
    }
    return { integration, route: apiRoute, permission: this.invokePermission(route, functionArn), preflightRoute };
  }

  /** The gateway's CORS-only integration (made once, with its first preflight route). */
  private corsOnlyIntegration(): aws.apigatewayv2.Integration {
    this.corsOnly ??= createCorsOnlyIntegration(this.children, this.api);
    return this.corsOnly;
  }

  /**
   * One permission per function for this API: any stage, method and route
   * (`execute-api:.../<api id>/*\/*`). A statement per route would grow the
   * function's resource-based policy past Lambda's 20 KB after about 55 routes
   * (PolicyLengthExceededException mid-deploy; Lambda quotas, "Function
   * resource-based policy"); only this API's routes reach the function either way.
   */
  private invokePermission(route: HttpApiRoute, functionArn: pulumi.Input<string>): aws.lambda.Permission {
    const handler = route.handler;
    const key = route.handlerName ?? handler;
    const known = this.permissions.get(key);
    if (known) return known;
    const label = route.handlerName !== undefined ? `fn ${route.handlerName}` : handler instanceof aws.lambda.Function
      ? `fn ${(handler as unknown as { __name?: string }).__name ?? ""}`
      : typeof handler === "string" ? `arn ${handler}` : `input ${this.permissions.size + 1}`;
    const readable = label.replace(/^(fn|input) /, "").replace(/^arn .*:function:/, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40);
    const suffix = `${readable}-${createHash("sha256").update(label).digest("hex").slice(0, 6)}`;
    const permission = this.children.suffixed(`-${suffix}`).make("routePermission", aws.lambda.Permission, {
      action: "lambda:InvokeFunction",
      function: functionArn,
      principal: "apigateway.amazonaws.com",
      sourceArn: pulumi.interpolate`${this.api.executionArn}/*/*`,
    });
    this.permissions.set(key, permission);
    return permission;
  }
}

/**
 * Attaches a workload's `http-api-gateway` integration (the spec's Endpoints
 * shape) to the gateway it names, routing to `handler`.
 */
export function attachHttpApiIntegration(
  gateways: Record<string, HttpApiGateway>,
  integration: HttpApiGatewayIntegration,
  handler: RouteHandler,
  payloadFormat?: "1.0" | "2.0",
): HttpApiRouteResources {
  if (integration.type !== "http-api-gateway") {
    throw new pulumi.RunError(`integration type must be 'http-api-gateway' (got '${String(integration.type)}')`);
  }
  const { httpApiGatewayName, path, method, containerPort, authorizer, authorizationScopes } = integration.properties;
  const gateway = gateways[httpApiGatewayName];
  if (!gateway) {
    throw new pulumi.RunError(`no http-api-gateway named '${httpApiGatewayName}'; gateways: ${Object.keys(gateways).join(", ") || "none"}`);
  }
  if (containerPort !== undefined) {
    throw new pulumi.RunError(`containerPort is for container workloads; a function integration takes none (route ${method} ${path})`);
  }
  return gateway.addRoute({ path, method, handler, payloadFormat, authorizer, authorizationScopes });
}

export type { HttpApiGatewayIntegration } from "./routes";

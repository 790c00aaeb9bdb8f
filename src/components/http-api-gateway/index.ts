import { createHash } from "crypto";
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { HttpApiGatewayProperties } from "./properties";
import type { HTTP_API_GATEWAY_CHILDREN } from "./child-ids";
import { accessLogFormat } from "./access-log";
import { createCdn } from "./cdn";
import { createCustomDomains } from "./domains";
import {
  routeKey, routeMethodProblem, routeShape, variableConflictProblem, routePathProblem, routeSlug, type HttpApiGatewayIntegration,
} from "./routes";
import { httpApiGatewayDefinition } from "./definition";
import { authorizerFunctionProblems, createAuthorizers, type AuthorizerFunction, type MadeAuthorizer } from "./authorizers";
import { authorizerKeyNames, effectiveAuthorizer, routeAuthorizationProblems } from "./authorizer-rules";
import { Component, literal } from "../../shared/component/component";
import type { ChildTransforms } from "../../shared/component/children";
import type { DeepInput } from "../../shared/component/inputs";
import type { Problem } from "../../shared/messages/problem";
import { forwardLogs } from "../../shared/logging/log-forwarding";
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
}

export interface HttpApiGatewayArgs extends DeepInput<HttpApiGatewayProperties> {
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

function routeProblems(routes: HttpApiRoute[]): Problem[] {
  const out: Problem[] = [];
  const keys = new Map<string, string>();
  routes.forEach((r, i) => {
    const why = routeMethodProblem(String(r.method)) ?? routePathProblem(String(r.path));
    if (why) out.push({ path: ["routes", i], message: `route ${r.method} ${r.path}: ${why}` });
    const key = routeKey(String(r.method), String(r.path));
    const first = keys.get(routeShape(String(r.method), String(r.path)));
    if (first === key) out.push({ path: ["routes", i], message: `route ${key} is defined twice` });
    else if (first) out.push({ path: ["routes", i], message: variableConflictProblem(key, first) });
    else keys.set(routeShape(String(r.method), String(r.path)), key);
  });
  return out;
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
 * authorizer `authorizer`, and `authorizerPermission` for a Lambda one.
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
  /** Route keys by shape (routeShape): a route of a shape already taken is refused. */
  private readonly routeKeys = new Map<string, string>();
  /** With inferred CORS methods: those the default allows (from `routes` and `routeMethods`). */
  private readonly corsMethods?: ReadonlySet<string>;
  /** The invoke permission of each handler (one per function for this API). */
  private readonly permissions = new Map<unknown, aws.lambda.Permission>();
  /** The plain view of the properties routes are checked against (authorizers, defaultAuthorizer, cors). */
  private readonly authorization: Record<string, unknown>;
  /** Route keys stackfile made for preflights (`OPTIONS /p`) -> the authorized ANY route they serve. */
  private readonly preflightKeys = new Map<string, string>();

  constructor(name: string, args: HttpApiGatewayArgs = {}, opts?: pulumi.ComponentResourceOptions) {
    const { transform, routes = [], routeMethods = [], authorizerFunctions = {}, ...properties } = args;
    const problems = (view: Record<string, unknown>) => [
      ...routeProblems(routes), ...routeMethodsProblems(routeMethods), ...authorizerFunctionProblems(view.authorizers, authorizerFunctions),
    ];
    super(httpApiGatewayDefinition, name, { properties, transform, problems }, opts);
    const p = this.properties;
    const view = this.view;
    this.gatewayName = name;
    this.authorization = { authorizers: view.authorizers, defaultAuthorizer: view.defaultAuthorizer, cors: view.cors };
    this.payloadFormat = p.payloadFormat;
    if (literal(p.cors.enabled) === true && p.cors.allowedMethods === undefined) {
      this.corsMethods = knownCorsMethods([...routes.map((r) => String(r.method)), ...routeMethods.map(String)]);
    }

    this.api = this.makeApi();
    this.stage = this.makeStage(this.accessLogGroup());
    this.domain = this.api.apiEndpoint.apply((e) => e.replace(/^https:\/\//, ""));
    this.url = this.api.apiEndpoint;

    const domains = createCustomDomains(this.children, p.customDomains ?? [], this.api.id, this.stage.name);
    if (domains.length) {
      this.customDomains = pulumi.output(domains.join(","));
      this.customDomainUrls = pulumi.output(domains.map((d) => `https://${d}`).join(","));
    }

    this.authorizers = createAuthorizers(this.children, this.api, p.authorizers ?? {}, authorizerFunctions);

    if (literal(p.cdn.enabled) === true) {
      // The authorizers' identity sources are in the cache key: one caller's answer is never served to another.
      const cdn = createCdn(this.children, p.cdn, this.domain, p.cors.enabled, authorizerKeyNames(view.authorizers));
      this.distribution = cdn.distribution;
      if (cdn.customDomains.length) {
        this.cdnCustomDomains = pulumi.output(cdn.customDomains.join(","));
        this.cdnCustomDomainUrls = pulumi.output(cdn.customDomains.map((d) => `https://${d}`).join(","));
      } else {
        this.cdnDomain = cdn.domain;
        this.cdnUrl = pulumi.interpolate`https://${cdn.domain}`;
      }
    }

    for (const r of routes) this.addRoute(r);

    this.registerOutputs({
      domain: this.domain, url: this.url, customDomains: this.customDomains, customDomainUrls: this.customDomainUrls,
      cdnDomain: this.cdnDomain, cdnUrl: this.cdnUrl, cdnCustomDomains: this.cdnCustomDomains, cdnCustomDomainUrls: this.cdnCustomDomainUrls,
    });
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
   * route, and a permission for this API and route only to invoke it.
   */
  public addRoute(route: HttpApiRoute): HttpApiRouteResources {
    const method = String(route.method).toUpperCase();
    const why = routeMethodProblem(method) ?? routePathProblem(route.path);
    if (why) throw new pulumi.RunError(`HttpApiGateway '${this.gatewayName}': route ${route.method} ${route.path}: ${why}`);
    const key = routeKey(method, route.path);
    const shape = routeShape(method, route.path);
    const first = this.routeKeys.get(shape);
    const served = this.preflightKeys.get(key);
    if (served) throw new pulumi.RunError(`HttpApiGateway '${this.gatewayName}': ${preflightConflict(key, served)}`);
    if (first) throw new pulumi.RunError(`HttpApiGateway '${this.gatewayName}': ${first === key ? `route ${key} is defined twice` : variableConflictProblem(key, first)}`);
    const authProblems = routeAuthorizationProblems(this.authorization, { method, authorizer: route.authorizer, authorizationScopes: route.authorizationScopes }, this.gatewayName);
    if (authProblems.length) {
      throw new pulumi.RunError(`HttpApiGateway '${this.gatewayName}': route ${key}: ${authProblems.map((p) => `${p.path.join(".")}: ${p.message}${p.hint ? ` (${p.hint})` : ""}`).join("; ")}`);
    }
    const authName = effectiveAuthorizer(this.authorization, method, route.authorizer);
    const auth = authName === undefined ? undefined : this.authorizers.get(authName);
    const cors = this.authorization.cors as { enabled?: unknown } | undefined;
    const preflightKey = routeKey("OPTIONS", route.path);
    const needsPreflight = (method === "ANY" || method === "*") && auth !== undefined && cors?.enabled === true;
    if (needsPreflight && this.routeKeys.get(routeShape("OPTIONS", route.path)) !== undefined) {
      throw new pulumi.RunError(`HttpApiGateway '${this.gatewayName}': ${preflightConflict(preflightKey, key)}`);
    }
    if (this.corsMethods && !corsCovers(this.corsMethods, method)) {
      throw new pulumi.RunError(
        `HttpApiGateway '${this.gatewayName}': route ${key}: ${method} is not among the default CORS methods (${[...this.corsMethods].sort().join(", ") || "none"}), ` +
        "which are fixed from `routes` and `routeMethods` when the gateway is made; pass the route in `routes`, name its method in `routeMethods`, or set cors.allowedMethods",
      );
    }
    this.routeKeys.set(shape, key);

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
    let preflightRoute: aws.apigatewayv2.Route | undefined;
    if (needsPreflight) {
      this.routeKeys.set(routeShape("OPTIONS", route.path), preflightKey);
      this.preflightKeys.set(preflightKey, key);
      preflightRoute = ofRoute.make("preflightRoute", aws.apigatewayv2.Route, {
        apiId: this.api.id,
        routeKey: preflightKey,
        target: pulumi.interpolate`integrations/${integration.id}`,
      });
    }
    return { integration, route: apiRoute, permission: this.invokePermission(route.handler, functionArn), preflightRoute };
  }

  /**
   * One permission per function for this API: any stage, method and route
   * (`execute-api:.../<api id>/*\/*`). A statement per route would grow the
   * function's resource-based policy past Lambda's 20 KB after about 55 routes
   * (PolicyLengthExceededException mid-deploy; Lambda quotas, "Function
   * resource-based policy"); only this API's routes reach the function either way.
   */
  private invokePermission(handler: HttpApiRoute["handler"], functionArn: pulumi.Input<string>): aws.lambda.Permission {
    const known = this.permissions.get(handler);
    if (known) return known;
    const label = handler instanceof aws.lambda.Function
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
    this.permissions.set(handler, permission);
    return permission;
  }
}

function preflightConflict(optionsKey: string, anyKey: string): string {
  return `route ${optionsKey} is made by stackfile beside the authorized ${anyKey}, so that CORS preflights reach no authorizer; ` +
    "do not add it yourself (API Gateway answers preflights from the gateway's cors settings)";
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

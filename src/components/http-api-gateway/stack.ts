// A stack file's http-api-gateway as an HttpApiGateway (the program loads this
// the first time the stack has one). Every route the stack's events ask of it
// is given when it is made (so are its default CORS methods): each route's
// function arrives later, through its handler's ARN.
import type * as pulumi from "@pulumi/pulumi";
import { checkedProperties, paramOutputs, type MadeComponent, type StackComponent, type StackEvent } from "../../shared/component/stack-component";
import { HttpApiGateway, type HttpApiGatewayArgs, type HttpApiRoute } from "./index";
import type { AuthorizerFunction, AuthorizerUserPool } from "./authorizers";
import { httpApiGatewayParams } from "./properties";
import { eventRoute } from "./stack-routes";
import { firewallWebAclId } from "../web-app-firewall/use-firewall-stack";

/** The route each event asks for, to its function. */
function routesOf(events: StackEvent[]): HttpApiRoute[] {
  return events.flatMap((e) => {
    const route = eventRoute(e);
    if (!route) return [];
    const { owner: _owner, authorizer, authorizationScopes, ...rest } = route;
    return [{
      ...rest,
      authorizer: typeof authorizer === "string" ? authorizer : undefined,
      authorizationScopes: Array.isArray(authorizationScopes) ? authorizationScopes.map(String) : undefined,
      handler: e.handler.arn,
      handlerName: e.handler.lambdaName,
    }];
  });
}

/** The functions Lambda authorizers name, as the gateway takes them. */
function authorizerFunctions(named: Record<string, MadeComponent> = {}): Record<string, AuthorizerFunction> {
  return Object.fromEntries(Object.entries(named).flatMap(([n, m]) => (m.lambda ? [[n, { function: m.lambda.function }]] : [])));
}

/**
 * The user pools cognito authorizers name, as the gateway takes them: their
 * `issuerUrl` and `clientId` parameters (whatever their type).
 */
function authorizerUserPools(named: Record<string, MadeComponent> = {}): Record<string, AuthorizerUserPool> {
  return Object.fromEntries(Object.entries(named).flatMap(([n, m]) => {
    const { issuerUrl, clientId } = m.outputs;
    return issuerUrl && clientId ? [[n, { issuerUrl: issuerUrl as pulumi.Output<string>, clientId: clientId as pulumi.Output<string> }]] : [];
  }));
}

export const httpApiGatewayStack: StackComponent = {
  make(name, args, opts) {
    const gateway = new HttpApiGateway(name, {
      ...checkedProperties<HttpApiGatewayArgs>(args.properties),
      routes: routesOf(args.events),
      authorizerFunctions: authorizerFunctions(args.named.authorizerFunctions),
      authorizerUserPools: authorizerUserPools(args.named.authorizerUserPools),
      useFirewall: firewallWebAclId(args, args.properties.useFirewall),
      alarmTopic: args.alarmTopic,
      transform: args.transform,
    }, opts);
    return { resource: gateway, outputs: paramOutputs(gateway, httpApiGatewayParams) };
  },
  construct(name, args, opts) {
    // `routes` arrives as a package-only input (package-inputs.ts), each to a function's ARN.
    const gateway = new HttpApiGateway(name, checkedProperties<HttpApiGatewayArgs>(args), opts);
    return { resource: gateway, outputs: paramOutputs(gateway, httpApiGatewayParams) };
  },
};

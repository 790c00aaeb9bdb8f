// The http-api-gateway resource type as data: what the YAML adapter, `dev` and
// the component read (schema name, parameters, child ids, literal-only fields,
// rules, the events that name a gateway: its routes).
import { componentDefinition } from "../../shared/component/component-definition";
import { COGNITO_USER_POOL } from "../../shared/component/named-kinds";
import { httpApiGatewayParams, httpApiGatewayAvailableParams } from "./properties";
import { httpApiGatewayStaticProblems, httpApiGatewayWarnings } from "./rules";
import { HTTP_API_GATEWAY_CHILD_IDS, HTTP_API_GATEWAY_CHILDREN } from "./child-ids";
import { httpApiGatewayPackageInputs } from "./package-inputs";
import { useFirewallField } from "../web-app-firewall/use-firewall";
import { describeRouteEvent, eventRouteProblems, ROUTE_EVENT, routeEventGuard, routeEventKey } from "./stack-routes";

export const httpApiGatewayDefinition = componentDefinition({
  type: "http-api-gateway",
  definition: "HttpApiGatewayProperties",
  propertiesFile: "src/components/http-api-gateway/properties.ts",
  token: "stackfile:index:HttpApiGateway",
  propertiesOptional: true,
  params: httpApiGatewayParams,
  availableParams: httpApiGatewayAvailableParams,
  literalOnly: [
    ["cors", "enabled"], ["logging", "disabled"], ["cdn", "enabled"], ["logging", "logForwarding", "type"],
    ["customDomains", "*", "domainName"], ["customDomains", "*", "disableDnsRecordCreation"],
    ["cdn", "customDomains", "*", "domainName"], ["cdn", "customDomains", "*", "disableDnsRecordCreation"],
    // Authorizers decide which resources are made, and what the CDN's cache key holds.
    ["authorizers", "*", "type"], ["authorizers", "*", "functionName"], ["authorizers", "*", "identitySource"],
    ["authorizers", "*", "identitySource", "*"], ["authorizers", "*", "payloadFormat"], ["authorizers", "*", "enableSimpleResponses"],
    ["authorizers", "*", "userPoolName"], ["defaultAuthorizer"],
    // Which alarms are made.
    ["alarms"], ["alarms", "serverErrors"], ["alarms", "latency"], ["alarms", "cdnServerErrors"],
  ],
  // A Lambda authorizer's function is made before the gateway.
  // A cognito authorizer's user pool too, named by its kind (any type that is a cognito-user-pool): its issuerUrl and clientId.
  // A firewall of the stack is made before the gateway; its ARN is the CDN's web ACL.
  resourceNames: [
    { path: ["authorizers", "*", "functionName"], type: "function", arg: "authorizerFunctions" },
    { path: ["authorizers", "*", "userPoolName"], type: COGNITO_USER_POOL, arg: "authorizerUserPools" },
    useFirewallField(),
  ],
  domainPaths: [["customDomains", "*", "domainName"], ["cdn", "customDomains", "*", "domainName"]],
  // A workload's event of this kind is a route of the gateway it names (the gateway makes it, for the workload's function).
  eventTarget: { ...ROUTE_EVENT, eventProblems: eventRouteProblems, describe: describeRouteEvent, key: routeEventKey, guard: routeEventGuard, guardField: "authorizer" },
  childIds: HTTP_API_GATEWAY_CHILD_IDS,
  children: HTTP_API_GATEWAY_CHILDREN,
  staticRules: httpApiGatewayStaticProblems,
  warnings: httpApiGatewayWarnings,
  packageInputs: httpApiGatewayPackageInputs,
});

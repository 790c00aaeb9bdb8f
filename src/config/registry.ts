// Every resource type the YAML file may hold, one entry each. Nothing here
// loads Pulumi: `validate` stays fast and works without it.
import type { Problem } from "../shared/problem";
import { redisClusterParams } from "../components/redis-cluster/properties";
import { redisStaticProblems, redisUpdateProblems, redisWarnings } from "../components/redis-cluster/rules";
import { REDIS_CHILD_IDS } from "../components/redis-cluster/child-ids";
import { httpApiGatewayParams, httpApiGatewayAvailableParams } from "../components/http-api-gateway/properties";
import { httpApiGatewayStaticProblems } from "../components/http-api-gateway/rules";
import { HTTP_API_GATEWAY_CHILD_IDS } from "../components/http-api-gateway/child-ids";
import { nextjsWebParams } from "../components/nextjs-web/properties";
import { NEXTJS_WEB_CHILD_IDS } from "../components/nextjs-web/child-ids";
import { appDirectoryProblems, nextjsWebStaticProblems } from "../components/nextjs-web/rules";
import { functionAvailableParams, functionParams } from "../components/function/properties";
import { FUNCTION_CHILD_IDS } from "../components/function/child-ids";
import { functionRouteProblems, functionStaticProblems } from "../components/function/rules";

/** A referenceable parameter of a resource type. */
export interface ParamSpec {
  type: "string" | "number" | "boolean";
  secret?: boolean;
}

export interface ResourceTypeEntry {
  /** The `type:` value in YAML. */
  type: string;
  /** The interface in `propertiesFile` the JSON Schema is generated from. */
  definition: string;
  propertiesFile: string;
  /** The Pulumi type token of the component. */
  token: string;
  /** Whether `properties` may be omitted (no property is required). */
  propertiesOptional: boolean;
  params: Record<string, ParamSpec>;
  /** Which parameters a resource with these (plain) properties has. */
  availableParams(props: Record<string, unknown>): string[];
  /** Fields that decide the shape of what is made: no directives or Outputs there (`*`: every list item). */
  literalOnly: string[][];
  /** Fields holding paths, relative to the stack file in YAML. */
  pathProperties?: string[];
  /**
   * Fields whose values name another resource of the stack, of `type` (`*`:
   * every list item): checked like references, made first, and handed to the
   * component as `arg` (a map of those names to the components).
   */
  resourceNames?: { path: string[]; type: string; arg: string }[];
  /** `connectTo` may name resources of this type; `vpcOnly`: only from inside the VPC. */
  connectable?: { vpcOnly: boolean };
  /** Where the type's custom domains are (`*`: every list item): a domain belongs to one resource of the stack. */
  domainPaths?: string[][];
  /** Child ids `overrides` may name. */
  childIds: readonly string[];
  staticRules(props: Record<string, unknown>): Problem[];
  /** Settings that have no effect with the others (the file stays valid); paths within `properties`. */
  warnings?(props: Record<string, unknown>): Problem[];
  /** Rules across the stack's resources of this type; problems by resource name. */
  crossRules?(resources: { name: string; props: Record<string, unknown> }[]): { resource: string; problem: Problem }[];
  updateRules?(old: Record<string, unknown>, next: Record<string, unknown>): Problem[];
}

export const registry: Record<string, ResourceTypeEntry> = {
  "redis-cluster": {
    type: "redis-cluster",
    definition: "RedisClusterProperties",
    propertiesFile: "src/components/redis-cluster/properties.ts",
    token: "stackfile:index:RedisCluster",
    propertiesOptional: false,
    params: redisClusterParams,
    availableParams(props) {
      const sharded = props.enableSharding === true;
      return Object.entries(redisClusterParams)
        .filter(([, spec]) => !(sharded && "unsharded" in spec))
        .map(([name]) => name);
    },
    literalOnly: [["enableSharding"], ["logging", "disabled"], ["accessibility", "accessibilityMode"], ["logging", "logForwarding", "type"]],
    connectable: { vpcOnly: true },
    childIds: REDIS_CHILD_IDS,
    staticRules: redisStaticProblems,
    warnings: redisWarnings,
    updateRules: redisUpdateProblems,
  },
  "http-api-gateway": {
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
    ],
    domainPaths: [["customDomains", "*", "domainName"], ["cdn", "customDomains", "*", "domainName"]],
    childIds: HTTP_API_GATEWAY_CHILD_IDS,
    staticRules: httpApiGatewayStaticProblems,
  },
  "nextjs-web": {
    type: "nextjs-web",
    definition: "NextjsWebProperties",
    propertiesFile: "src/components/nextjs-web/properties.ts",
    token: "stackfile:index:NextjsWeb",
    propertiesOptional: false,
    params: nextjsWebParams,
    availableParams: () => ["url"],
    literalOnly: [
      ["appDirectory"], ["buildCommand"], ["serverFunction", "logging", "disabled"], ["serverFunction", "logging", "logForwarding", "type"],
      ["warmServerInstances"], ["streamingEnabled"], ["useFirewall"], ["joinDefaultVpc"], ["connectTo", "*"], ["useEdgeFunction"],
      ["customDomains", "*", "domainName"], ["customDomains", "*", "disableDnsRecordCreation"],
      ["fileOptions", "*", "includePattern"], ["fileOptions", "*", "excludePattern"],
      ["fileOptions", "*", "headers", "*", "key"], ["fileOptions", "*", "headers", "*", "value"],
    ],
    pathProperties: ["appDirectory"],
    domainPaths: [["customDomains", "*", "domainName"]],
    childIds: NEXTJS_WEB_CHILD_IDS,
    staticRules: nextjsWebStaticProblems,
    crossRules: appDirectoryProblems,
  },
  function: {
    type: "function",
    definition: "FunctionProperties",
    propertiesFile: "src/components/function/properties.ts",
    token: "stackfile:index:Function",
    propertiesOptional: false,
    params: functionParams,
    availableParams: functionAvailableParams,
    literalOnly: [
      ["entryfilePath"], ["handlerFunction"], ["runtime"], ["architecture"], ["logging", "disabled"], ["logging", "logForwarding", "type"],
      ["joinDefaultVpc"], ["connectTo", "*"], ["events", "*", "type"], ["events", "*", "properties", "httpApiGatewayName"],
      ["events", "*", "properties", "path"], ["events", "*", "properties", "method"], ["events", "*", "properties", "payloadFormat"],
    ],
    pathProperties: ["entryfilePath"],
    resourceNames: [{ path: ["events", "*", "properties", "httpApiGatewayName"], type: "http-api-gateway", arg: "httpApiGateways" }],
    connectable: { vpcOnly: false },
    childIds: FUNCTION_CHILD_IDS,
    staticRules: functionStaticProblems,
    crossRules: functionRouteProblems,
  },
};

export const resourceTypes = Object.keys(registry);

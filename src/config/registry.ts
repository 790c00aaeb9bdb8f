// Every resource type the YAML file may hold: the list, nothing more. Each
// type's definition lives with its component. Nothing here loads Pulumi:
// `validate` stays fast and works without it.
import type { ResourceTypeEntry } from "../shared/component/resource-definition";
import { redisClusterDefinition } from "../components/redis-cluster/definition";
import { httpApiGatewayDefinition } from "../components/http-api-gateway/definition";
import { nextjsWebDefinition } from "../components/nextjs-web/definition";
import { functionDefinition } from "../components/function/definition";

export type { ParamSpec, ResourceTypeEntry } from "../shared/component/resource-definition";

export const registry: Record<string, ResourceTypeEntry> = Object.fromEntries(
  [redisClusterDefinition, httpApiGatewayDefinition, nextjsWebDefinition, functionDefinition].map((d) => [d.type, d]),
);

export const resourceTypes = Object.keys(registry);

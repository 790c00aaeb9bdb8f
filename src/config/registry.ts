// Every resource type the YAML file may hold: the list, one line a type,
// nothing more. Each type's definition and maker live in its folder under
// components/ (its entry.ts). Nothing here loads Pulumi: `validate` stays
// fast and works without it.
import type { TypeEntry } from "../shared/component/type-entry";
import { redisClusterEntry } from "../components/redis-cluster/entry";
import { httpApiGatewayEntry } from "../components/http-api-gateway/entry";
import { nextjsWebEntry } from "../components/nextjs-web/entry";
import { functionEntry } from "../components/function/entry";
import { bucketEntry } from "../components/bucket/entry";
import { relationalDatabaseEntry } from "../components/relational-database/entry";
import { webAppFirewallEntry } from "../components/web-app-firewall/entry";
import { sqsQueueEntry } from "../components/sqs-queue/entry";
import { userAuthPoolEntry } from "../components/user-auth-pool/entry";
import { snsTopicEntry } from "../components/sns-topic/entry";
import { eventBusEntry } from "../components/event-bus/entry";
import { dynamoDbTableEntry } from "../components/dynamo-db-table/entry";

export type { ParamSpec, ResourceTypeEntry } from "../shared/component/resource-definition";

const TYPES: TypeEntry[] = [
  redisClusterEntry,
  httpApiGatewayEntry,
  nextjsWebEntry,
  functionEntry,
  bucketEntry,
  relationalDatabaseEntry,
  webAppFirewallEntry,
  sqsQueueEntry,
  userAuthPoolEntry,
  snsTopicEntry,
  eventBusEntry,
  dynamoDbTableEntry,
];

export const registry: Record<string, TypeEntry> = Object.fromEntries(TYPES.map((d) => [d.type, d]));

export const resourceTypes = Object.keys(registry);

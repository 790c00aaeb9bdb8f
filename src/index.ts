// Public API of stackfile.
export { RedisCluster, type RedisClusterArgs } from "./components/redis-cluster";
export type {
  RedisClusterProperties, RedisInstanceSize, RedisEngineVersion, RedisLogging, RedisAccessibility,
} from "./components/redis-cluster/properties";
export type { RedisChildId } from "./components/redis-cluster/child-ids";
export {
  HttpApiGateway, attachHttpApiIntegration,
  type HttpApiGatewayArgs, type HttpApiRoute, type HttpApiRouteResources, type HttpApiGatewayIntegration, type RouteHandler,
} from "./components/http-api-gateway";
export type { HttpApiGatewayProperties } from "./components/http-api-gateway/properties";
export type { HttpApiAuthorizer, JwtAuthorizer, LambdaAuthorizer, CognitoAuthorizer, RouteAuthorization } from "./components/http-api-gateway/authorizer-properties";
export type { AuthorizerFunction, AuthorizerUserPool, MadeAuthorizer } from "./components/http-api-gateway/authorizers";
export type { HttpApiGatewayChildId } from "./components/http-api-gateway/child-ids";
export type { DomainConfiguration } from "./shared/domains/domain-properties";
export { NextjsWeb, type NextjsWebArgs } from "./components/nextjs-web";
export { RelationalDatabase, type RelationalDatabaseArgs } from "./components/relational-database";
export type {
  RelationalDatabaseProperties, RelationalEngine, RelationalEngineType, RelationalEngineProperties, RelationalInstance, AuroraInstance,
  RelationalCredentials, RelationalAccessibility, RelationalLogging,
} from "./components/relational-database/properties";
export type { RelationalDatabaseChildId } from "./components/relational-database/child-ids";
export { AwsProvider } from "./shared/aws-naming/aws-provider-settings";
export type { NextjsWebProperties } from "./components/nextjs-web/properties";
export type { NextjsWebChildId } from "./components/nextjs-web/child-ids";
export { Function, type FunctionArgs } from "./components/function";
export { UserAuthPool, type UserAuthPoolArgs, type UserAuthPoolIdentityProviderArgs } from "./components/user-auth-pool";
export type {
  UserAuthPoolProperties, UserAuthPoolPasswordPolicy, UserAuthPoolMfa, UserAuthPoolIdentityProvider,
} from "./components/user-auth-pool/properties";
export type { UserAuthPoolChildId } from "./components/user-auth-pool/child-ids";
export { DefaultVpcEndpoints, type DefaultVpcEndpointsArgs, type GatewayEndpointKind } from "./shared/workloads/default-vpc";
export { AlarmNotifications, type AlarmNotificationsArgs, type AlarmTopicArns, type NotificationTarget } from "./shared/alarms/alarm-notifications";
export type { FunctionProperties, FunctionHttpApiEvent, FunctionSqsEvent, FunctionSqsEventProperties } from "./components/function/properties";
export { SqsQueue, type SqsQueueArgs, type SqsQueueConsumer } from "./components/sqs-queue";
export type { SqsQueueProperties, SqsQueueRedrivePolicy } from "./components/sqs-queue/properties";
export type { SqsQueueChildId } from "./components/sqs-queue/child-ids";
export type { FunctionChildId } from "./components/function/child-ids";
export { Bucket, type BucketArgs } from "./components/bucket";
export type { BucketProperties, BucketLifecycleRule, BucketCorsRule, BucketAccessibility } from "./components/bucket/properties";
export type { BucketChildId } from "./components/bucket/child-ids";
export { WebAppFirewall, type WebAppFirewallArgs } from "./components/web-app-firewall";
export type {
  WebAppFirewallProperties, WebAppFirewallRule, WebAppFirewallAction, ManagedRuleGroupRule, RateBasedRule, IpSetRule, GeoMatchRule,
} from "./components/web-app-firewall/properties";
export type { WebAppFirewallChildId } from "./components/web-app-firewall/child-ids";
export { DynamoDbTable, type DynamoDbTableArgs } from "./components/dynamo-db-table";
export type {
  DynamoDbTableProperties, DynamoDbAttribute, DynamoDbPrimaryKey, DynamoDbProvisionedThroughput, DynamoDbCapacityScaling, DynamoDbSecondaryIndex,
} from "./components/dynamo-db-table/properties";
export type { DynamoDbTableChildId } from "./components/dynamo-db-table/child-ids";
export type { AwsArgs, ChildArgs, ChildTransforms, Transform } from "./shared/component/children";
export type { RetentionDays } from "./shared/schema/enums";
export type { Problem } from "./shared/messages/problem";
export { deployStackfile } from "./config/deploy";
export { loadStackfile, analyzeStackfile, formatProblem, type StackfileResult } from "./config/stackfile";
export { runProgram, type StackOutputs } from "./config/program";
export { SnsTopic, type SnsTopicArgs } from "./components/sns-topic";
export type { SnsTopicProperties, SnsTopicSubscription } from "./components/sns-topic/properties";
export type { SnsTopicChildId } from "./components/sns-topic/child-ids";
export { EventBus, type EventBusArgs } from "./components/event-bus";
export type { EventBusProperties, EventBusArchivation } from "./components/event-bus/properties";
export type { EventBusChildId } from "./components/event-bus/child-ids";

// The catalog of AWS and provider constraints `plan` checks every registered
// resource against, after the program ran. One entry a rule, each with its
// source and the inputs it passes and refuses.
import type { AwsRule, CatalogContext, Finding, PlannedResource } from "./rule";
import { ELASTICACHE_RULES } from "./elasticache";
import { REGION_RULES } from "./region";
import { NAME_RULES } from "./names";
import { SQS_RULES } from "./sqs";
import { CLOUDFRONT_RULES } from "./cloudfront";
import { APIGATEWAY_RULES } from "./apigateway";
import { APIGATEWAY_AUTHORIZER_RULES } from "./apigateway-authorizers";
import { DNS_RULES } from "./dns";
import { LAMBDA_RULES } from "./lambda";
import { IAM_RULES } from "./iam";
import { LOGS_RULES } from "./logs";
import { STORAGE_RULES } from "./storage";
import { NETWORK_RULES } from "./network";
import { SNS_RULES } from "./sns";
import { EVENTS_RULES } from "./events";
import { EVENT_SOURCE_RULES } from "./event-sources";
import { S3_NOTIFICATION_RULES } from "./s3-notifications";
import { S3_BUCKET_SETTING_RULES } from "./s3-bucket-settings";
import { DYNAMODB_RULES } from "./dynamodb";
import { RDS_RULES } from "./rds";
import { RDS_ENGINE_RULES } from "./rds-engines";
import { COGNITO_RULES } from "./cognito";
import { WAFV2_RULES } from "./wafv2";
import { ALARM_RULES } from "./alarms";

export type { AwsRule, CatalogContext, Finding, PlannedResource } from "./rule";

export const CATALOG: AwsRule[] = [
  ...REGION_RULES,
  ...NAME_RULES,
  ...ELASTICACHE_RULES,
  ...SQS_RULES,
  ...CLOUDFRONT_RULES,
  ...APIGATEWAY_RULES,
  ...APIGATEWAY_AUTHORIZER_RULES,
  ...DNS_RULES,
  ...LAMBDA_RULES,
  ...IAM_RULES,
  ...LOGS_RULES,
  ...STORAGE_RULES,
  ...NETWORK_RULES,
  ...SNS_RULES,
  ...EVENTS_RULES,
  ...EVENT_SOURCE_RULES,
  ...S3_NOTIFICATION_RULES,
  ...S3_BUCKET_SETTING_RULES,
  ...DYNAMODB_RULES,
  ...RDS_RULES,
  ...RDS_ENGINE_RULES,
  ...COGNITO_RULES,
  ...WAFV2_RULES,
  ...ALARM_RULES,
];

export interface CatalogFinding extends Finding {
  rule: AwsRule;
  resource: PlannedResource;
}

/** The limit a rule applies in this account: a raised quota, else AWS's default. */
export function limitOf(rule: AwsRule, quotas: Record<string, number>): number {
  return quotas[rule.id] ?? rule.quota?.default ?? Infinity;
}

/**
 * The rules that judge each resource type, in catalog order: worked out once
 * per type a plan holds, not once per resource for every rule.
 */
function rulesByType(rules: AwsRule[]): (type: string) => AwsRule[] {
  const byType = new Map<string, AwsRule[]>();
  return (type) => {
    let mine = byType.get(type);
    if (!mine) byType.set(type, (mine = rules.filter((rule) => rule.types.includes(type) || rule.types.includes("*"))));
    return mine;
  };
}

/** Every finding of every rule on every resource, in resource order. */
export function checkCatalog(resources: PlannedResource[], opts: { region: string; quotas?: Record<string, number> }, rules: AwsRule[] = CATALOG): CatalogFinding[] {
  const ctx: CatalogContext = { resources, region: opts.region, quotas: opts.quotas ?? {} };
  const rulesOf = rulesByType(rules);
  const out: CatalogFinding[] = [];
  for (const resource of resources) {
    for (const rule of rulesOf(resource.type)) {
      for (const f of rule.check(resource, ctx, limitOf(rule, ctx.quotas))) out.push({ ...f, rule, resource });
    }
  }
  return out;
}

/** Rule ids that have a quota, for `--quota`. */
export function quotaRules(rules: AwsRule[] = CATALOG): AwsRule[] {
  return rules.filter((r) => r.quota);
}

// The one model of AWS's answers: `plan`'s mock engine and the stand-in AWS
// provider of the engine tests both ask it what a created resource's id and
// outputs are. One answer per resource type, in a file per service, each
// with the AWS or provider source of the formats it gives.
import { NAMES, autoName, fifoSuffix } from "../../aws-rules/naming";
import { arn, hex, type Answer, type MockContext, type ModelRequest } from "./model";
import { NETWORK } from "./network";
import { ELASTICACHE } from "./elasticache";
import { APIGATEWAY } from "./apigateway";
import { DNS } from "./dns";
import { CLOUDFRONT } from "./cloudfront";
import { IAM } from "./iam";
import { LAMBDA } from "./lambda";
import { S3 } from "./s3";
import { SQS } from "./sqs";
import { SNS } from "./sns";
import { DYNAMODB } from "./dynamodb";
import { EVENTS } from "./events";
import { CLOUDWATCH } from "./cloudwatch";
import { APPAUTOSCALING } from "./appautoscaling";
import { SECRETSMANAGER } from "./secretsmanager";
import { RDS } from "./rds";
import { COGNITO } from "./cognito";
import { WAFV2 } from "./wafv2";

export { MOCK_ACCOUNT, hex, type MockContext } from "./model";
export { mockCall } from "./calls";

/** Every AWS resource type the model answers as AWS does (others get a generic name and ARN). */
export const ANSWERS: Record<string, Answer> = {
  ...NETWORK, ...ELASTICACHE, ...APIGATEWAY, ...DNS, ...CLOUDFRONT, ...IAM, ...LAMBDA, ...S3, ...SQS, ...SNS,
  ...DYNAMODB, ...EVENTS, ...CLOUDWATCH, ...APPAUTOSCALING, ...SECRETSMANAGER, ...RDS, ...COGNITO, ...WAFV2,
};

/** The provider's unique part of a name from a prefix: 26 digits (terraform-plugin-sdk helper/id, UniqueIDSuffixLength). */
const uniqueDigits = (seed: string) => hex(seed, 26).replace(/[a-f]/g, (c) => String(c.charCodeAt(0) % 10));

/**
 * The physical name of a resource: its name input, what the provider makes of
 * a name prefix (26 unique characters, and .fifo for FIFO queues and topics),
 * pulumi-aws's auto-name, or the provider's own default name. An auto-name
 * that cannot fit is kept whole, never cut: the catalog refuses it with
 * pulumi-aws's own message.
 */
export function physicalName(type: string, name: string, inputs: Record<string, any>): string | undefined {
  const spec = NAMES[type];
  if (!spec) return typeof inputs.name === "string" ? inputs.name : undefined;
  const given = inputs[spec.property];
  if (typeof given === "string") return given;
  const prefix = inputs[`${spec.property}Prefix`];
  if (typeof prefix === "string") return `${prefix}${uniqueDigits(`${type}/${name}/unique`)}${fifoSuffix(spec, inputs)}`;
  const auto = autoName(type, name, inputs);
  if (auto) return "name" in auto ? auto.name : `${spec.autoName!.lowerCase ? name.toLowerCase() : name}${spec.autoName!.separator ?? "-"}${hex(`${type}/${name}`, 7)}`;
  return spec.providerPrefix ? `${spec.providerPrefix}${uniqueDigits(`${type}/${name}/unique`)}` : undefined;
}

/** Where the answer looks for resources the account already holds; none unless the caller knows them. */
export type Existing = ModelRequest["existing"];
const none: Existing = () => [];

/** `{id, state}` for a registered resource (components get no id). */
export function mockState(
  type: string, name: string, inputs: Record<string, any>, custom: boolean, ctx: MockContext, existing: Existing = none,
): { id: string | undefined; state: Record<string, any> } {
  if (!custom) return { id: undefined, state: {} };
  const region = ctx.region;
  const physical = physicalName(type, name, inputs) ?? `${name}-${hex(`${type}/${name}`, 7)}`;
  if (type.startsWith("pulumi-nodejs:")) {
    const { __provider: _p, ...outs } = inputs;
    // A random value made at create (the origin secret): a stable stand-in here.
    if (type.endsWith(":OriginSecret")) outs.value = hex(`secret/${name}`, 43);
    return { id: name, state: outs };
  }
  const answer = ANSWERS[type];
  if (answer) return answer({ type, name, inputs, region, physical, existing });
  const [, mod = ""] = type.split(":");
  const [service, resource = "resource"] = mod.split("/");
  return { id: physical, state: { ...inputs, name: inputs.name ?? physical, arn: arn(region, service, `${resource}/${physical}`) } };
}

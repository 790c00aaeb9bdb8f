// A Lambda function the way every function of stackfile is made: its own role
// with a least-privilege inline policy, its own log group, arm64 and Node 22
// unless told otherwise. Used by nextjs-web (its server and helpers) and by
// the function type.
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { ChildFactory } from "../component/child-factory";
import { CLOUDFRONT_REGION } from "../domains/cloudfront-region";

export interface PolicyStatement {
  Sid?: pulumi.Input<string>;
  Effect?: pulumi.Input<"Allow" | "Deny">;
  Action: pulumi.Input<string>[];
  Resource: pulumi.Input<string>[];
  Condition?: pulumi.Input<Record<string, any>>;
}

export interface FunctionSpec {
  /**
   * Child-id prefix: `server`, `image`, `revalidation`, `seeder` give
   * `serverRole`, `serverFunction`...; the empty prefix gives `role`,
   * `policy`, `logGroup`, `function`.
   */
  id: string;
  description: string;
  /** The folder of the code (used as the package unless `code` is given). */
  bundleDir?: string;
  handler?: string;
  /** Appended to every child's name: several functions of one child id (`-api` for OpenNext's split function api). */
  nameSuffix?: string;
  /** The code package, when it is not the folder (the server's entry in front of OpenNext's handler, an edge package, a function's bundle). */
  code?: { archive: pulumi.Input<pulumi.asset.Archive>; handler: string; s3?: { bucket: pulumi.Input<string>; key: pulumi.Input<string> } };
  /** @default "nodejs22.x" */
  runtime?: pulumi.Input<string>;
  /** @default "arm64" (Lambda@Edge: always x86_64) */
  architecture?: pulumi.Input<string>;
  /** Made only after these (the server after the asset sync, so new code never names files not yet uploaded). */
  dependsOn?: pulumi.Resource[];
  memory: pulumi.Input<number>;
  timeout: pulumi.Input<number>;
  /**
   * Absent: no environment block (an empty one shows as a change on every
   * preview). Give a plain map of values (see shared/workloads/environment.ts): a map
   * lifted into one Output is secret whole when one value is.
   */
  environment?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  statements: PolicyStatement[];
  logRetentionDays: pulumi.Input<number>;
  /** No log group; the role may not write logs (the function's output is dropped). */
  logsDisabled?: boolean;
  /** Runs the function in these subnets with these security groups. */
  vpc?: { subnetIds: pulumi.Input<string[]>; securityGroupIds: pulumi.Input<string>[] };
  /**
   * Lambda@Edge: made in us-east-1, x86_64 (the only CPU it runs on),
   * published as a version; `code` must hold the environment (no variables).
   */
  edge?: boolean;
}

/** How long a delete waits for CloudFront to remove a Lambda@Edge function's replicas (the provider retries until then). */
export const EDGE_DELETE_TIMEOUT = "4h";

export interface SiteFunction {
  fn: aws.lambda.Function;
  role: aws.iam.Role;
  logGroup?: aws.cloudwatch.LogGroup;
  /** Its inline policy, when it needs one: what may use the function waits for it (a Lambda@Edge function's is made after it). */
  policy?: aws.iam.RolePolicy;
}

export function createFunction(factory: ChildFactory, spec: FunctionSpec): SiteFunction {
  const { parent, name } = factory;
  const id = (suffix: string) => (spec.id ? `${spec.id}${suffix}` : `${suffix[0].toLowerCase()}${suffix.slice(1)}`);
  /** Children named `<name>-<child id>`, then the spec's suffix (one of several functions of one child id). */
  const children = factory.suffixed(spec.nameSuffix ?? "");
  const code = spec.code ?? (spec.bundleDir !== undefined && spec.handler !== undefined
    ? { archive: new pulumi.asset.FileArchive(spec.bundleDir), handler: spec.handler } : undefined);
  if (!code) throw new pulumi.RunError(`${name}: function ${spec.id || "function"} has no code (give bundleDir and handler, or code)`);
  const edge = spec.edge;
  const logGroup = (extra: Partial<aws.cloudwatch.LogGroupArgs>) =>
    children.make(id("LogGroup"), aws.cloudwatch.LogGroup, { ...extra, retentionInDays: spec.logRetentionDays });
  const role = children.make(id("Role"), aws.iam.Role, {
    description: `${spec.description} of ${name}`,
    assumeRolePolicy: JSON.stringify({
      Version: "2012-10-17",
      Statement: [{ Effect: "Allow", Principal: { Service: edge ? ["lambda.amazonaws.com", "edgelambda.amazonaws.com"] : "lambda.amazonaws.com" }, Action: "sts:AssumeRole" }],
    }),
  });
  const policy = (...own: PolicyDocumentStatement[]) => children.make(id("Policy"), aws.iam.RolePolicy, {
    role: role.id,
    policy: pulumi.jsonStringify({
      Version: "2012-10-17",
      Statement: [
        ...own,
        ...spec.statements.map((s) => ({
          ...(s.Sid !== undefined ? { Sid: s.Sid } : {}),
          Effect: s.Effect ?? "Allow",
          Action: s.Action,
          Resource: s.Resource,
          ...(s.Condition !== undefined ? { Condition: s.Condition } : {}),
        })),
      ],
    }),
  });

  if (edge) {
    const fn = children.make(id("Function"), aws.lambda.Function, {
      region: CLOUDFRONT_REGION,
      description: `${spec.description} of ${name}`,
      runtime: spec.runtime ?? "nodejs22.x",
      architectures: ["x86_64"],
      handler: code.handler,
      code: code.archive,
      publish: true,
      memorySize: spec.memory,
      timeout: spec.timeout,
      role: role.arn,
    }, { customTimeouts: { delete: EDGE_DELETE_TIMEOUT }, dependsOn: spec.dependsOn });
    if (spec.logsDisabled) {
      return { fn, role, policy: spec.statements.length ? policy() : undefined };
    }
    // Lambda@Edge logs to /aws/lambda/us-east-1.<name> in the region of each
    // edge location that runs it. The us-east-1 group is made here with the
    // retention; Lambda@Edge makes the other regions' groups when it first logs there.
    const groupName = pulumi.interpolate`/aws/lambda/us-east-1.${fn.name}`;
    const partition = aws.getPartitionOutput({}, { parent }).partition;
    const edgeLogGroup = logGroup({ region: CLOUDFRONT_REGION, name: groupName });
    const edgePolicy = policy({
      Effect: "Allow",
      Action: ["logs:CreateLogGroup", "logs:CreateLogStream", "logs:PutLogEvents"],
      Resource: [pulumi.interpolate`arn:${partition}:logs:*:*:log-group:${groupName}`, pulumi.interpolate`arn:${partition}:logs:*:*:log-group:${groupName}:*`],
    });
    return { fn, role, logGroup: edgeLogGroup, policy: edgePolicy };
  }

  const regionalLogGroup = spec.logsDisabled ? undefined : logGroup({});
  const statements: PolicyDocumentStatement[] = [
    ...(regionalLogGroup ? [{ Effect: "Allow", Action: ["logs:CreateLogStream", "logs:PutLogEvents"], Resource: [pulumi.interpolate`${regionalLogGroup.arn}:*`] }] : []),
    ...(spec.vpc ? [VPC_NETWORK_INTERFACES] : []),
  ];
  const permissions = statements.length || spec.statements.length ? policy(...statements) : undefined;
  const fn = children.make(id("Function"), aws.lambda.Function, {
    description: `${spec.description} of ${name}`,
    runtime: spec.runtime ?? "nodejs22.x",
    architectures: [spec.architecture ?? "arm64"],
    handler: code.handler,
    // A package past 50 MB zipped comes from S3 (server.ts); the archive is then the object's.
    ...(code.s3 ? { s3Bucket: code.s3.bucket, s3Key: code.s3.key } : { code: code.archive }),
    memorySize: spec.memory,
    timeout: spec.timeout,
    role: role.arn,
    environment: spec.environment === undefined ? undefined : { variables: spec.environment },
    loggingConfig: regionalLogGroup ? { logFormat: "Text", logGroup: regionalLogGroup.name } : undefined,
    vpcConfig: spec.vpc,
  },
  // Made once its permissions are in place, so a first invocation (the seeder's) has them.
  { dependsOn: [...(permissions ? [permissions] : []), ...(spec.dependsOn ?? [])] });
  return { fn, role, logGroup: regionalLogGroup, policy: permissions };
}

type PolicyDocumentStatement = { Sid?: string; Effect: string; Action: string[]; Resource: pulumi.Input<string>[] };

/**
 * In a VPC, Lambda makes and removes the function's network interfaces with
 * its role. These EC2 actions take no narrower resource: the interfaces do
 * not exist yet, and DescribeNetworkInterfaces works only on "*" (Lambda
 * Developer Guide, "Giving Lambda functions access to resources in an Amazon
 * VPC"). The managed AWSLambdaVPCAccessExecutionRole would also grant log
 * writes on every log group; this grants none.
 */
const VPC_NETWORK_INTERFACES: PolicyDocumentStatement = {
  Sid: "VpcNetworkInterfaces",
  Effect: "Allow",
  Action: ["ec2:CreateNetworkInterface", "ec2:DescribeNetworkInterfaces", "ec2:DescribeSubnets", "ec2:DeleteNetworkInterface", "ec2:AssignPrivateIpAddresses", "ec2:UnassignPrivateIpAddresses"],
  Resource: ["*"],
};

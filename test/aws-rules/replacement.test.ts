// The force-new table, a test per row: a change of an input the provider
// marks force-new replaces the resource, a change of another one updates it
// in place. The expectations are written here from the provider's source
// (the row's file), not read from the table. Dynamic providers' rows are
// held against the provider's own `diff`.
import * as assert from "assert";
import { REPLACEMENT_TABLE, replacementRow } from "../../src/aws-rules/replacement-table";
import { diffResources } from "../../src/cli/resource-diff";
import type { PlannedState } from "../../src/cli/plan";
import { DYNAMIC_PROVIDERS } from "../../src/providers";

type Change = [input: string, old: unknown, next: unknown];

/** Per type: a change that replaces it, and one made in place (null: the type has no update). */
const EXPECTED: Record<string, { replace: Change; inPlace: Change | null }> = {
  "aws:elasticache/replicationGroup:ReplicationGroup": { replace: ["port", 6379, 6380], inPlace: ["nodeType", "cache.t4g.micro", "cache.t4g.small"] },
  "aws:elasticache/subnetGroup:SubnetGroup": { replace: ["name", "a", "b"], inPlace: ["subnetIds", ["subnet-1"], ["subnet-1", "subnet-2"]] },
  "aws:elasticache/parameterGroup:ParameterGroup": { replace: ["family", "redis6.x", "redis7"], inPlace: ["parameters", [], [{ name: "maxmemory-policy", value: "allkeys-lru" }]] },
  "aws:ec2/securityGroup:SecurityGroup": { replace: ["description", "a", "b"], inPlace: ["tags", { Name: "a" }, { Name: "b" }] },
  "aws:vpc/securityGroupIngressRule:SecurityGroupIngressRule": { replace: ["securityGroupId", "sg-1", "sg-2"], inPlace: ["fromPort", 6379, 6380] },
  "aws:ec2/vpcEndpoint:VpcEndpoint": { replace: ["serviceName", "com.amazonaws.us-east-1.s3", "com.amazonaws.us-east-1.dynamodb"], inPlace: ["routeTableIds", ["rtb-1"], ["rtb-1", "rtb-2"]] },
  "aws:cloudwatch/logGroup:LogGroup": { replace: ["name", "/a", "/b"], inPlace: ["retentionInDays", 30, 90] },
  "aws:cloudwatch/logSubscriptionFilter:LogSubscriptionFilter": { replace: ["destinationArn", "arn:1", "arn:2"], inPlace: ["filterPattern", "", "ERROR"] },
  "aws:cloudwatch/eventRule:EventRule": { replace: ["name", "a", "b"], inPlace: ["scheduleExpression", "rate(5 minutes)", "rate(10 minutes)"] },
  "aws:cloudwatch/eventTarget:EventTarget": { replace: ["rule", "a", "b"], inPlace: ["arn", "arn:1", "arn:2"] },
  "aws:kinesis/firehoseDeliveryStream:FirehoseDeliveryStream": { replace: ["destination", "http_endpoint", "extended_s3"], inPlace: ["httpEndpointConfiguration.url", "https://a", "https://b"] },
  "aws:s3/bucket:Bucket": { replace: ["bucket", "a", "b"], inPlace: ["forceDestroy", false, true] },
  "aws:s3/bucketPublicAccessBlock:BucketPublicAccessBlock": { replace: ["bucket", "a", "b"], inPlace: ["blockPublicAcls", false, true] },
  "aws:s3/bucketServerSideEncryptionConfiguration:BucketServerSideEncryptionConfiguration": { replace: ["bucket", "a", "b"], inPlace: ["rules", [{ x: 1 }], [{ x: 2 }]] },
  "aws:s3/bucketPolicy:BucketPolicy": { replace: ["bucket", "a", "b"], inPlace: ["policy", "{}", "{\"Version\":\"2012-10-17\"}"] },
  "aws:dynamodb/table:Table": { replace: ["hashKey", "tag", "path"], inPlace: ["billingMode", "PAY_PER_REQUEST", "PROVISIONED"] },
  "aws:sqs/queue:Queue": { replace: ["fifoQueue", true, false], inPlace: ["visibilityTimeoutSeconds", 30, 180] },
  "aws:iam/role:Role": { replace: ["path", "/", "/app/"], inPlace: ["assumeRolePolicy", "{}", "{\"a\":1}"] },
  "aws:iam/rolePolicy:RolePolicy": { replace: ["role", "a", "b"], inPlace: ["policy", "{}", "{\"a\":1}"] },
  "aws:iam/rolePolicyAttachment:RolePolicyAttachment": { replace: ["policyArn", "arn:1", "arn:2"], inPlace: null },
  "aws:lambda/function:Function": { replace: ["name", "a", "b"], inPlace: ["memorySize", 1024, 2048] },
  "aws:lambda/functionUrl:FunctionUrl": { replace: ["functionName", "a", "b"], inPlace: ["authorizationType", "NONE", "AWS_IAM"] },
  "aws:lambda/permission:Permission": { replace: ["sourceArn", "arn:1", "arn:2"], inPlace: null },
  "aws:lambda/eventSourceMapping:EventSourceMapping": { replace: ["eventSourceArn", "arn:1", "arn:2"], inPlace: ["batchSize", 5, 10] },
  "aws:lambda/invocation:Invocation": { replace: ["triggers.content", "a", "b"], inPlace: ["input", "{}", "{\"a\":1}"] },
  "aws:apigatewayv2/api:Api": { replace: ["protocolType", "HTTP", "WEBSOCKET"], inPlace: ["corsConfiguration.allowOrigins", ["*"], ["https://a.example"]] },
  "aws:apigatewayv2/stage:Stage": { replace: ["name", "$default", "v1"], inPlace: ["accessLogSettings.format", "a", "b"] },
  "aws:apigatewayv2/integration:Integration": { replace: ["integrationType", "AWS_PROXY", "HTTP_PROXY"], inPlace: ["payloadFormatVersion", "1.0", "2.0"] },
  "aws:apigatewayv2/route:Route": { replace: ["apiId", "a", "b"], inPlace: ["routeKey", "GET /a", "GET /b"] },
  "aws:apigatewayv2/domainName:DomainName": { replace: ["domainName", "a.example.com", "b.example.com"], inPlace: ["domainNameConfiguration.certificateArn", "arn:1", "arn:2"] },
  "aws:apigatewayv2/apiMapping:ApiMapping": { replace: ["domainName", "a.example.com", "b.example.com"], inPlace: ["stage", "$default", "v1"] },
  "aws:acm/certificate:Certificate": { replace: ["domainName", "a.example.com", "b.example.com"], inPlace: ["tags", {}, { a: "b" }] },
  "aws:acm/certificateValidation:CertificateValidation": { replace: ["validationRecordFqdns", ["a"], ["b"]], inPlace: null },
  "aws:route53/record:Record": { replace: ["zoneId", "Z1", "Z2"], inPlace: ["records", ["1.2.3.4"], ["5.6.7.8"]] },
  "aws:cloudfront/distribution:Distribution": { replace: ["staging", false, true], inPlace: ["priceClass", "PriceClass_All", "PriceClass_100"] },
  "aws:cloudfront/cachePolicy:CachePolicy": { replace: ["region", "us-east-1", "us-east-1"], inPlace: ["defaultTtl", 0, 60] },
  "aws:cloudfront/originRequestPolicy:OriginRequestPolicy": { replace: ["region", "us-east-1", "us-east-1"], inPlace: ["comment", "a", "b"] },
  "aws:cloudfront/originAccessControl:OriginAccessControl": { replace: ["region", "us-east-1", "us-east-1"], inPlace: ["description", "a", "b"] },
  "aws:cloudfront/function:Function": { replace: ["name", "a", "b"], inPlace: ["code", "a", "b"] },
  "pulumi-nodejs:dynamic/stackfile:RedisUpdateGuard": { replace: ["region", "x", "x"], inPlace: ["numShards", 1, 2] },
  "pulumi-nodejs:dynamic/stackfile:AssetSync": { replace: ["bucket", "a", "b"], inPlace: ["files", [], [{ key: "a" }]] },
  "pulumi-nodejs:dynamic/stackfile:CloudFrontInvalidation": { replace: ["region", "x", "x"], inPlace: ["key", "a", "b"] },
  "pulumi-nodejs:dynamic/stackfile:OriginSecret": { replace: ["rotation", "", "2026"], inPlace: ["version", 1, 2] },
};

/** Sets a dotted path in a fresh object. */
function at(path: string, value: unknown): Record<string, unknown> {
  const keys = path.split(".");
  const root: Record<string, any> = {};
  let o = root;
  for (const k of keys.slice(0, -1)) o = o[k] = {};
  o[keys[keys.length - 1]] = value;
  return root;
}

function state(type: string, inputs: Record<string, unknown>): PlannedState {
  return { type, name: "r", parent: null, custom: true, dependsOn: [], protect: false, retainOnDelete: false, inputs, state: inputs, id: "r-1234567" };
}

function actionOf(type: string, [input, old, next]: Change): string {
  const changes = diffResources([state(type, at(input, old))], [state(type, at(input, next))]);
  return changes.length ? changes[0].action : "none";
}

describe("the force-new table", () => {
  for (const row of REPLACEMENT_TABLE) {
    it(`${row.type} (${row.source})`, async () => {
      const expected = EXPECTED[row.type];
      assert.ok(expected, "the test has an expectation for the row");
      const [input, old, next] = expected.replace;
      // A row without force-new inputs (cloudfront policies, the guard) has none to change.
      if (old !== next) assert.strictEqual(actionOf(row.type, expected.replace), "replace", `a change of ${input} replaces it`);
      else assert.deepStrictEqual(row.forceNew.filter((f) => f !== "region"), [], "no force-new input");
      if (expected.inPlace) assert.strictEqual(actionOf(row.type, expected.inPlace), "update", `a change of ${expected.inPlace[0]} is made in place`);
      else assert.strictEqual(actionOf(row.type, ["anyInput", "a", "b"]), "replace", "the type has no update");
      const provider = DYNAMIC_PROVIDERS[row.type];
      if (provider?.diff) {
        // The provider's own diff agrees.
        for (const [change, replaces] of [[expected.replace, old !== next], ...(expected.inPlace ? [[expected.inPlace, false] as const] : [])] as const) {
          const d = await provider.diff("id", at(change[0], change[1]), at(change[0], change[2]));
          assert.strictEqual((d.replaces ?? []).length > 0, replaces, `${row.type}: provider diff of ${change[0]}`);
        }
      }
    });
  }

  it("the provider's own force-new rules: an elasticache engine version downgrade or engine change replaces; an upgrade, or redis -> valkey, does not", () => {
    const rg = "aws:elasticache/replicationGroup:ReplicationGroup";
    assert.strictEqual(actionOf(rg, ["engineVersion", "7.1", "6.2"]), "replace");
    assert.strictEqual(actionOf(rg, ["engineVersion", "7.1", "7.0"]), "replace");
    assert.strictEqual(actionOf(rg, ["engineVersion", "6.2", "7.1"]), "update");
    assert.strictEqual(actionOf(rg, ["engine", "redis", "valkey"]), "update");
    assert.strictEqual(actionOf(rg, ["engine", "valkey", "redis"]), "replace");
    assert.strictEqual(actionOf(rg, ["nodeGroupConfigurations", [], [{ nodeGroupId: "0001" }]]), "replace");
  });

  it("every regional row lists region (terraform-provider-aws v6: changing region forces replacement); IAM, Route 53 and CloudFront are global", () => {
    const global = /^aws:(iam|route53|cloudfront)\//;
    // (A type without update replaces on any input, region included.)
    for (const row of REPLACEMENT_TABLE.filter((r) => r.type.startsWith("aws:") && !r.everyInputForcesNew)) {
      assert.strictEqual(row.forceNew.includes("region"), !global.test(row.type), row.type);
    }
    assert.ok(replacementRow("aws:s3/bucket:Bucket")?.holds);
  });
});

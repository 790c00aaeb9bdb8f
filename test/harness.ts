// Test helpers over the mock engine the CLI's `plan` uses: run a program,
// get every registered resource, await outputs with real rejections.
import * as assert from "assert";
import { runWithMocks, outputValue, isSecretOutput, type RegisteredResource, type MockRunOptions } from "../src/cli/mock-engine";

export { outputValue, isSecretOutput };
export type { RegisteredResource };

export interface Run<T> {
  result: T;
  resources: RegisteredResource[];
  invokes: { token: string; inputs: Record<string, any> }[];
  /** The one resource of this type (and name suffix, when given). */
  one(type: string, nameSuffix?: string): RegisteredResource;
  all(type: string): RegisteredResource[];
  byName(name: string): RegisteredResource | undefined;
}

export async function run<T>(program: () => T, opts: MockRunOptions = {}): Promise<Run<T>> {
  const r = await runWithMocks(program, opts);
  if (r.errors.length) throw r.errors[0];
  const names = r.resources.map((x) => `${x.type}::${x.name}`);
  // The real engine refuses duplicate names; the mock engine does not.
  assert.deepStrictEqual(names.filter((n, i) => names.indexOf(n) !== i), [], "duplicate resource names");
  return {
    ...r,
    one(type, nameSuffix) {
      const found = r.resources.filter((x) => x.type === type && (!nameSuffix || x.name.endsWith(nameSuffix)));
      assert.strictEqual(found.length, 1, `expected one ${type}${nameSuffix ? ` *${nameSuffix}` : ""}, found ${found.length}`);
      return found[0];
    },
    all(type) {
      return r.resources.filter((x) => x.type === type);
    },
    byName(name) {
      return r.resources.find((x) => x.name === name);
    },
  };
}

/** The plain value of a secret input as registered (asserting it is secret). */
export function secretInput(v: unknown): unknown {
  assert.ok(typeof v === "object" && v !== null && "4dabf18193072939515e22adb298388d" in v, `expected a secret, got ${JSON.stringify(v)}`);
  return (v as unknown as { value: unknown }).value;
}

/** A registered input with every nested secret unwrapped (where the engine keeps them: at the value). */
export function revealed(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(revealed);
  if (typeof v !== "object" || v === null) return v;
  if ("4dabf18193072939515e22adb298388d" in v) return revealed((v as unknown as { value: unknown }).value);
  if (Object.getPrototypeOf(v) !== Object.prototype) return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, revealed(x)]));
}

export const T = {
  replicationGroup: "aws:elasticache/replicationGroup:ReplicationGroup",
  subnetGroup: "aws:elasticache/subnetGroup:SubnetGroup",
  parameterGroup: "aws:elasticache/parameterGroup:ParameterGroup",
  securityGroup: "aws:ec2/securityGroup:SecurityGroup",
  ingress: "aws:vpc/securityGroupIngressRule:SecurityGroupIngressRule",
  logGroup: "aws:cloudwatch/logGroup:LogGroup",
  redisGuard: "pulumi-nodejs:dynamic/stackfile:RedisUpdateGuard",
  redis: "stackfile:index:RedisCluster",
};

export const G = {
  gateway: "stackfile:index:HttpApiGateway",
  api: "aws:apigatewayv2/api:Api",
  stage: "aws:apigatewayv2/stage:Stage",
  integration: "aws:apigatewayv2/integration:Integration",
  route: "aws:apigatewayv2/route:Route",
  permission: "aws:lambda/permission:Permission",
  domainName: "aws:apigatewayv2/domainName:DomainName",
  apiMapping: "aws:apigatewayv2/apiMapping:ApiMapping",
  certificate: "aws:acm/certificate:Certificate",
  validation: "aws:acm/certificateValidation:CertificateValidation",
  record: "aws:route53/record:Record",
  distribution: "aws:cloudfront/distribution:Distribution",
  cachePolicy: "aws:cloudfront/cachePolicy:CachePolicy",
  originRequestPolicy: "aws:cloudfront/originRequestPolicy:OriginRequestPolicy",
  provider: "pulumi:providers:aws",
  logGroup: "aws:cloudwatch/logGroup:LogGroup",
};

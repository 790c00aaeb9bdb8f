// Plausible ids, ARNs and endpoints for `plan`: deterministic (hashes of the
// resource's type and name), never random, so two plans print the same.
import { createHash } from "crypto";
import { partitionOf } from "../aws-rules/partition";
import { NAMES, autoName } from "../aws-rules/naming";

export const MOCK_ACCOUNT = "123456789012";

export function hex(seed: string, length: number): string {
  return createHash("sha256").update(seed).digest("hex").slice(0, length);
}

export interface MockContext {
  region: string;
  /**
   * Public hosted zones of the mock account. Unset: every two-label name
   * (`example.com`) has one, which is what `plan` assumes.
   */
  zones?: string[];
}

/** Availability zones of the mock account's regions (letters after the region's name). */
const MOCK_ZONES = ["a", "b", "c", "d"];

/** Hosted zone id of API Gateway regional endpoints in us-east-1, and of CloudFront. */
const APIGW_ZONE = "Z1UJRXOUMOOFQ8";
const CLOUDFRONT_ZONE = "Z2FDTNDATAQYW2";

/**
 * The physical name of a resource: its name input, what the provider makes of
 * a name prefix (Terraform adds 26 characters, and .fifo for FIFO queues), or
 * pulumi-aws's auto-name. An auto-name that cannot fit is kept whole, never
 * cut: the catalog refuses it with pulumi-aws's own message.
 */
function physicalName(type: string, name: string, inputs: Record<string, any>): string | undefined {
  const spec = NAMES[type];
  if (!spec) return typeof inputs.name === "string" ? inputs.name : undefined;
  const given = inputs[spec.property];
  if (typeof given === "string") return given;
  const prefix = inputs[`${spec.property}Prefix`];
  if (typeof prefix === "string") return `${prefix}${hex(`${type}/${name}/unique`, 26).replace(/[a-f]/g, (c) => String(c.charCodeAt(0) % 10))}${inputs.fifoQueue === true ? ".fifo" : ""}`;
  const auto = autoName(type, name, inputs);
  if (!auto) return undefined;
  return "name" in auto ? auto.name : `${spec.autoName!.lowerCase ? name.toLowerCase() : name}-${hex(`${type}/${name}`, 7)}`;
}

/** `{id, state}` for a registered resource (components get no id). */
export function mockState(
  type: string, name: string, inputs: Record<string, any>, custom: boolean, ctx: MockContext,
): { id: string | undefined; state: Record<string, any> } {
  if (!custom) return { id: undefined, state: {} };
  const region = ctx.region;
  const P = partitionOf(region).partition;
  const h = hex(`${type}/${name}`, 17);
  const physical = physicalName(type, name, inputs) ?? `${name}-${h.slice(0, 7)}`;
  const [pkg, mod] = type.split(":");
  const service = (mod ?? "").split("/")[0];
  if (pkg === "pulumi-nodejs") {
    const { __provider: _p, ...outs } = inputs;
    // A random value made at create (the origin secret): a stable stand-in here.
    if (type.endsWith(":OriginSecret")) outs.value = hex(`secret/${name}`, 43);
    return { id: name, state: outs };
  }
  switch (type) {
    case "aws:ec2/securityGroup:SecurityGroup": {
      const id = `sg-${h}`;
      return { id, state: { ...inputs, name: physical, arn: `arn:${P}:ec2:${region}:${MOCK_ACCOUNT}:security-group/${id}` } };
    }
    case "aws:vpc/securityGroupIngressRule:SecurityGroupIngressRule": {
      const id = `sgr-${h}`;
      return { id, state: { ...inputs, securityGroupRuleId: id } };
    }
    case "aws:elasticache/replicationGroup:ReplicationGroup": {
      // AWS keeps replication group ids in lower case (the provider's state does too).
      const id = physical.toLowerCase();
      const domain = `${hex(region, 6)}.${region.replace(/-(\w)\w+-(\d)$/, "$1$2")}.cache.amazonaws.com`;
      const sharded = inputs.clusterMode === "enabled";
      return {
        id,
        state: {
          ...inputs,
          replicationGroupId: id,
          arn: `arn:${P}:elasticache:${region}:${MOCK_ACCOUNT}:replicationgroup:${id}`,
          primaryEndpointAddress: sharded ? undefined : `master.${id}.${domain}`,
          readerEndpointAddress: sharded ? undefined : `replica.${id}.${domain}`,
          configurationEndpointAddress: sharded ? `clustercfg.${id}.${domain}` : undefined,
          engineVersionActual: inputs.engineVersion,
        },
      };
    }
    case "aws:apigatewayv2/api:Api": {
      const id = hex(`${type}/${name}`, 10);
      return {
        id,
        state: {
          ...inputs,
          name: physical,
          apiEndpoint: `https://${id}.execute-api.${region}.amazonaws.com`,
          executionArn: `arn:${P}:execute-api:${region}:${MOCK_ACCOUNT}:${id}`,
          arn: `arn:${P}:apigateway:${region}::/apis/${id}`,
        },
      };
    }
    case "aws:apigatewayv2/stage:Stage":
      return { id: inputs.name, state: { ...inputs, invokeUrl: `https://${inputs.apiId}.execute-api.${region}.amazonaws.com/` } };
    case "aws:apigatewayv2/domainName:DomainName":
      return {
        id: inputs.domainName,
        state: {
          ...inputs,
          domainNameConfiguration: {
            ...inputs.domainNameConfiguration,
            targetDomainName: `d-${hex(name, 10)}.execute-api.${region}.amazonaws.com`,
            hostedZoneId: APIGW_ZONE,
          },
        },
      };
    case "aws:acm/certificate:Certificate": {
      const names = [inputs.domainName, ...((inputs.subjectAlternativeNames as string[] | undefined) ?? [])];
      const id = `${hex(name, 8)}-${hex(name + "1", 4)}-${hex(name + "2", 4)}-${hex(name + "3", 4)}-${hex(name + "4", 12)}`;
      return {
        id,
        state: {
          ...inputs,
          arn: `arn:${P}:acm:${region}:${MOCK_ACCOUNT}:certificate/${id}`,
          // As ACM answers: a wildcard name's record is its base name's (*.example.com and
          // example.com share one CNAME; ACM User Guide, "DNS validation").
          domainValidationOptions: names.map((d: string) => {
            const base = d.replace(/^\*\./, "");
            return {
              domainName: d,
              resourceRecordName: `_${hex(base, 32)}.${base}.`,
              resourceRecordType: "CNAME",
              resourceRecordValue: `_${hex(base + "v", 32)}.acm-validations.aws.`,
            };
          }),
        },
      };
    }
    case "aws:acm/certificateValidation:CertificateValidation":
      return { id: String(inputs.certificateArn), state: { ...inputs } };
    case "aws:route53/record:Record": {
      const fqdn = String(inputs.name).replace(/\.$/, "");
      return { id: `${inputs.zoneId}_${fqdn}_${inputs.type}`, state: { ...inputs, fqdn } };
    }
    case "aws:cloudfront/distribution:Distribution": {
      const id = `E${hex(name, 13).toUpperCase()}`;
      return {
        id,
        state: {
          ...inputs,
          domainName: `d${hex(name, 13)}.cloudfront.net`,
          hostedZoneId: CLOUDFRONT_ZONE,
          arn: `arn:${P}:cloudfront::${MOCK_ACCOUNT}:distribution/${id}`,
          status: "Deployed",
        },
      };
    }
    case "aws:s3/bucket:Bucket": {
      const bucket = physical;
      return { id: bucket, state: { ...inputs, bucket, arn: `arn:${P}:s3:::${bucket}`, bucketRegionalDomainName: `${bucket}.s3.${region}.amazonaws.com` } };
    }
    case "aws:lambda/function:Function": {
      const version = inputs.publish === true ? "1" : "$LATEST";
      return {
        id: physical,
        state: {
          ...inputs, name: physical, arn: `arn:${P}:lambda:${region}:${MOCK_ACCOUNT}:function:${physical}`,
          version,
          qualifiedArn: `arn:${P}:lambda:${region}:${MOCK_ACCOUNT}:function:${physical}:${version}`,
          invokeArn: `arn:${P}:apigateway:${region}:lambda:path/2015-03-31/functions/arn:${P}:lambda:${region}:${MOCK_ACCOUNT}:function:${physical}/invocations`,
        },
      };
    }
    case "aws:lambda/functionUrl:FunctionUrl":
      return { id: String(inputs.functionName), state: { ...inputs, functionUrl: `https://${hex(name, 32)}.lambda-url.${region}.on.aws/` } };
    case "aws:sqs/queue:Queue": {
      const q = physical;
      return { id: `https://sqs.${region}.amazonaws.com/${MOCK_ACCOUNT}/${q}`, state: { ...inputs, name: q, url: `https://sqs.${region}.amazonaws.com/${MOCK_ACCOUNT}/${q}`, arn: `arn:${P}:sqs:${region}:${MOCK_ACCOUNT}:${q}` } };
    }
    case "aws:kinesis/firehoseDeliveryStream:FirehoseDeliveryStream":
      return { id: `arn:${P}:firehose:${region}:${MOCK_ACCOUNT}:deliverystream/${physical}`, state: { ...inputs, name: physical, arn: `arn:${P}:firehose:${region}:${MOCK_ACCOUNT}:deliverystream/${physical}` } };
    case "aws:dynamodb/table:Table":
      return { id: physical, state: { ...inputs, name: physical, arn: `arn:${P}:dynamodb:${region}:${MOCK_ACCOUNT}:table/${physical}` } };
    case "aws:iam/role:Role":
      return { id: physical, state: { ...inputs, name: physical, arn: `arn:${P}:iam::${MOCK_ACCOUNT}:role/${physical}` } };
    case "aws:cloudfront/function:Function":
      return { id: physical, state: { ...inputs, name: physical, arn: `arn:${P}:cloudfront::${MOCK_ACCOUNT}:function/${physical}` } };
    case "aws:cloudfront/originAccessControl:OriginAccessControl":
    case "aws:cloudfront/cachePolicy:CachePolicy":
    case "aws:cloudfront/originRequestPolicy:OriginRequestPolicy":
      return { id: `E${h.slice(0, 13).toUpperCase()}`, state: { ...inputs, name: physical } };
    case "aws:cloudwatch/logGroup:LogGroup":
      return { id: physical, state: { ...inputs, name: physical, arn: `arn:${P}:logs:${region}:${MOCK_ACCOUNT}:log-group:${physical}` } };
    default:
      return {
        id: physical,
        state: { ...inputs, name: inputs.name ?? physical, arn: `arn:${P}:${service}:${region}:${MOCK_ACCOUNT}:${(mod ?? "").split(":")[1] ?? "resource"}/${physical}` },
      };
  }
}

/** Offline answers to the data-source calls the components make. */
export function mockCall(token: string, inputs: Record<string, any>, ctx: MockContext): Record<string, any> {
  const region = ctx.region;
  const part = partitionOf(region);
  const P = part.partition;
  switch (token) {
    case "aws:ec2/getVpc:getVpc":
      return { id: "vpc-0a1b2c3d4e5f60718", cidrBlock: "172.31.0.0/16", default: true, arn: `arn:${P}:ec2:${region}:${MOCK_ACCOUNT}:vpc/vpc-0a1b2c3d4e5f60718` };
    case "aws:ec2/getSubnets:getSubnets": {
      // The default VPC has a subnet in each zone, and the filters hold.
      const zoneFilter = (inputs.filters as { name: string; values: string[] }[] | undefined)?.find((f) => f.name === "availability-zone");
      const zones = MOCK_ZONES.map((z) => `${region}${z}`).filter((z) => !zoneFilter || zoneFilter.values.includes(z));
      return { id: region, ids: zones.map((z) => `subnet-0${hex(z, 16)}`) };
    }
    case "aws:ec2/getRouteTables:getRouteTables":
      return { id: String(inputs.vpcId), ids: [`rtb-0${hex(String(inputs.vpcId), 16)}`] };
    case "aws:index/getRegion:getRegion":
      return { id: region, region, name: region, endpoint: `ec2.${region}.amazonaws.com` };
    case "aws:index/getCallerIdentity:getCallerIdentity":
      return { id: MOCK_ACCOUNT, accountId: MOCK_ACCOUNT, arn: `arn:${P}:iam::${MOCK_ACCOUNT}:user/plan`, userId: "AIDAPLAN" };
    case "aws:route53/getZone:getZone": {
      const zone = String(inputs.name).replace(/\.$/, "");
      const exists = ctx.zones ? ctx.zones.includes(zone) : zone.split(".").length === 2;
      if (!exists) throw new Error(`no matching Route 53 Hosted Zone found (${zone})`);
      return { id: `Z${hex(zone, 12).toUpperCase()}`, zoneId: `Z${hex(zone, 12).toUpperCase()}`, name: zone, privateZone: false };
    }
    case "aws:index/getPartition:getPartition":
      return { id: P, partition: P, dnsSuffix: part.dnsSuffix, reverseDnsPrefix: part.reverseDnsPrefix };
    case "aws:ec2/getVpcEndpointService:getVpcEndpointService": {
      const serviceName = `${part.reverseDnsPrefix}.${region}.${inputs.service}`;
      // As in real accounts, some zones lack a service: here Lambda is not in the last one.
      const zones = inputs.service === "lambda" ? MOCK_ZONES.slice(0, -1) : MOCK_ZONES;
      return { id: serviceName, serviceName, service: inputs.service, serviceType: inputs.serviceType ?? "Interface", serviceId: `vpce-svc-${hex(serviceName, 17)}`, availabilityZones: zones.map((z) => `${region}${z}`) };
    }
    default:
      throw new Error(`plan has no offline answer for the data source ${token} (inputs ${JSON.stringify(inputs)})`);
  }
}

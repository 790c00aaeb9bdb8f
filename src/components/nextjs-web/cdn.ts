// CloudFront for a Next.js site: origins and behaviors from OpenNext's output,
// the server cache policy with the Next.js request headers, "all viewer
// except Host" for function origins, and a viewer-request function that
// passes the host on as x-forwarded-host.
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { OpenNextOutput } from "./build";
import type { ChildFactory } from "../../shared/component/child-factory";

/** AWS managed policies (no account quota used). */
export const MANAGED = {
  cachingOptimized: "658327ea-f89d-4fab-a63d-7e88639e58f6",
  allViewerExceptHostHeader: "b689b0a8-53d0-40ab-baf2-68738e2966ac",
};

/**
 * Headers the server's responses vary by (without the RSC ones a cached RSC
 * payload can be served as HTML), and `authorization`: with caching on,
 * CloudFront passes the viewer's Authorization to the origin only as part of
 * the cache key (and never serves one caller's response to another).
 */
export const NEXT_CACHE_KEY_HEADERS = [
  "accept", "authorization", "rsc", "next-router-prefetch", "next-router-state-tree", "next-url", "next-router-segment-prefetch", "x-prerender-revalidate",
];

const ALL_METHODS = ["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"];

export const VIEWER_REQUEST_CODE = `function handler(event) {
  var request = event.request;
  request.headers["x-forwarded-host"] = request.headers.host;
  return request;
}`;

export interface SiteOrigins {
  aliases: string[];
  viewerCertificate: aws.types.input.cloudfront.DistributionViewerCertificate;
  /** ARN of a WAFv2 web ACL (CLOUDFRONT scope). */
  webAclId?: pulumi.Input<string>;
  bucketDomain: pulumi.Input<string>;
  s3OriginPath: string;
  s3AccessControlId: pulumi.Input<string>;
  /** Function URL origins by OpenNext origin name (`default`, `imageOptimizer`). */
  functionOrigins: Record<string, FunctionOrigin>;
  /**
   * The server as Lambda@Edge (a published version's ARN): what OpenNext routes
   * to `default` is answered by it on origin-request, in front of the S3 origin.
   */
  edgeServerArn?: pulumi.Input<string>;
  /** What must exist before the distribution sends requests (the edge server's permissions). */
  dependsOn?: pulumi.Resource[];
}

/** A function URL behind the distribution: signed by an origin access control, or sent a secret header. */
export interface FunctionOrigin {
  host: pulumi.Input<string>;
  accessControlId?: pulumi.Input<string>;
  headers?: { name: string; value: pulumi.Input<string> }[];
}

/** `https://abc.lambda-url.us-east-1.on.aws/` -> `abc.lambda-url.us-east-1.on.aws`. */
export function urlHost(url: pulumi.Input<string>): pulumi.Output<string> {
  return pulumi.output(url).apply((u) => u.replace(/^https:\/\//, "").replace(/\/$/, ""));
}

/** OpenNext's output asks for something this component does not make. */
export class OpenNextOutputError extends Error {}

/**
 * The names of OpenNext's split functions in its output (origins of type
 * `function` besides the server and the image optimizer; @opennextjs/aws
 * build/generateOutput.js). Functions OpenNext places at the edge
 * (`placement: "global"`) or in a container (`type: "ecs"`) are refused.
 */
export function splitFunctionNames(output: OpenNextOutput): string[] {
  const names: string[] = [];
  for (const [key, origin] of Object.entries(output.origins)) {
    if (["s3", "default", "imageOptimizer"].includes(key)) continue;
    const type = (origin as { type?: unknown } | undefined)?.type;
    if (type !== "function") throw new OpenNextOutputError(`OpenNext's function '${key}' is of type ${String(type)}; nextjs-web deploys split functions as Lambda functions only (remove its generateDockerfile override)`);
    names.push(key);
  }
  const atEdge = output.behaviors.filter((b) => !b.origin || (b as { edgeFunction?: string }).edgeFunction);
  if (atEdge.length) throw new OpenNextOutputError(`OpenNext's output runs ${atEdge.map((b) => b.pattern).join(", ")} at the edge (placement: "global" or an external middleware), which nextjs-web does not deploy; use regional functions`);
  return names;
}

export function createSiteCdn(children: ChildFactory, output: OpenNextOutput, origins: SiteOrigins): aws.cloudfront.Distribution {
  const { name } = children;
  // How many behaviors a distribution may have is the account's quota: the catalog checks it at plan.
  const behaviors = output.behaviors;
  const serverCachePolicy = children.make("serverCachePolicy", aws.cloudfront.CachePolicy, {
    comment: `Next.js server responses of ${name}`,
    minTtl: 0,
    defaultTtl: 0,
    maxTtl: 31536000,
    parametersInCacheKeyAndForwardedToOrigin: {
      cookiesConfig: { cookieBehavior: "none" },
      headersConfig: { headerBehavior: "whitelist", headers: { items: NEXT_CACHE_KEY_HEADERS } },
      queryStringsConfig: { queryStringBehavior: "all" },
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    },
  });
  const viewerRequest = children.make("viewerRequestFunction", aws.cloudfront.Function, {
    runtime: "cloudfront-js-2.0",
    comment: `x-forwarded-host for ${name}`,
    code: VIEWER_REQUEST_CODE,
    publish: true,
  });

  // The image optimizer serves GET (and HEAD) only: OpenNext's image handler reads the query
  // string, never a body, and its IAM-auth URL would refuse an unsigned POST body anyway
  // (CloudFront Developer Guide, "Restrict access to an AWS Lambda function URL origin").
  const IMAGE_METHODS = ["GET", "HEAD"];
  const edge = origins.edgeServerArn !== undefined;
  const behaviorFor = (origin: string) => {
    const isFunction = origin !== "s3";
    const atEdge = edge && origin === "default";
    return {
      targetOriginId: atEdge ? "s3" : origin,
      viewerProtocolPolicy: "redirect-to-https",
      allowedMethods: origin === "imageOptimizer" ? IMAGE_METHODS : isFunction ? ALL_METHODS : ["GET", "HEAD", "OPTIONS"],
      cachedMethods: ["GET", "HEAD"],
      compress: true,
      cachePolicyId: isFunction ? serverCachePolicy.id : MANAGED.cachingOptimized,
      ...(isFunction
        ? {
          originRequestPolicyId: MANAGED.allViewerExceptHostHeader,
          functionAssociations: [{ eventType: "viewer-request", functionArn: viewerRequest.arn }],
        }
        : {}),
      ...(atEdge ? { lambdaFunctionAssociations: [{ eventType: "origin-request", lambdaArn: origins.edgeServerArn!, includeBody: true }] } : {}),
    };
  };
  const used = [...new Set(behaviors.map((b) => (edge && b.origin === "default" ? "s3" : b.origin)))].sort();
  const unknown = used.filter((o) => o !== "s3" && !(o in origins.functionOrigins));
  if (unknown.length) throw new OpenNextOutputError(`OpenNext's output routes to origins this component does not make: ${unknown.join(", ")}`);
  const defaultBehavior = behaviors.find((b) => b.pattern === "*") ?? { pattern: "*", origin: "default" };

  return children.make("distribution", aws.cloudfront.Distribution, {
    enabled: true,
    comment: `Next.js site ${name}`,
    isIpv6Enabled: true,
    httpVersion: "http2and3",
    priceClass: "PriceClass_All",
    origins: used.map((origin) =>
      origin === "s3"
        ? { originId: "s3", domainName: origins.bucketDomain, originPath: `/${origins.s3OriginPath}`, originAccessControlId: origins.s3AccessControlId }
        : {
          originId: origin,
          domainName: origins.functionOrigins[origin].host,
          originAccessControlId: origins.functionOrigins[origin].accessControlId,
          customHeaders: origins.functionOrigins[origin].headers,
          customOriginConfig: { httpPort: 80, httpsPort: 443, originProtocolPolicy: "https-only", originSslProtocols: ["TLSv1.2"] },
        }),
    defaultCacheBehavior: behaviorFor(defaultBehavior.origin),
    orderedCacheBehaviors: behaviors
      .filter((b) => b.pattern !== "*")
      .map((b) => ({ pathPattern: b.pattern.startsWith("/") ? b.pattern : `/${b.pattern}`, ...behaviorFor(b.origin) })),
    restrictions: { geoRestriction: { restrictionType: "none" } },
    aliases: origins.aliases,
    viewerCertificate: origins.viewerCertificate,
    webAclId: origins.webAclId,
  }, { dependsOn: origins.dependsOn });
}

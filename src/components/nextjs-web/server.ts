// The site's server function: regional behind a public function URL that
// admits only the distribution (a secret origin header, checked by the
// package's entry), or Lambda@Edge. Made after the asset sync, so new code
// never names static files that are not uploaded yet.
import { createHash } from "crypto";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { BuildResult } from "./build";
import { createFunction, functionUrl, publicUrlPermissions, type FunctionSpec } from "./functions";
import { urlHost, type FunctionOrigin } from "./cdn";
import { OriginSecret } from "./dynamic-resources";
import { ORIGIN_SECRET_ENV, ORIGIN_SECRET_HEADER, SERVER_HANDLER, SERVER_WRAPPER_DIGEST, measureServerPackage, serverPackage } from "./server-package";
import { EDGE_HANDLER, edgePackage } from "./edge-package";
import type { ChildFactory } from "../../shared/component/child-factory";
import { mergeEnvironments, type EnvironmentMap } from "../../shared/workloads/environment";

export interface ServerSpec extends Pick<FunctionSpec, "memory" | "timeout" | "statements" | "logRetentionDays" | "logsDisabled" | "vpc" | "dependsOn"> {
  build: BuildResult;
  edge: boolean;
  /** The server's variables: the site's, connectTo's and OpenNext's. */
  environment: EnvironmentMap | pulumi.Output<Record<string, string>>;
  /** Where a package past Lambda's 50 MB direct upload goes (the site's bucket). */
  codeBucket: pulumi.Input<string>;
}

export interface SiteServer {
  fn: aws.lambda.Function;
  logGroup?: aws.cloudwatch.LogGroup;
  /** Its inline policy, if any. */
  policy?: aws.iam.RolePolicy;
  /** The regional server's origin for the distribution. */
  origin?: FunctionOrigin;
  /** The edge server's published version. */
  edgeArn?: pulumi.Output<string>;
}

/**
 * The server function, or (`split`) one of OpenNext's split functions: the
 * origin of that name in OpenNext's output, with child ids `split*` and names
 * ending in `-<function>`, its own URL, origin secret and permissions.
 */
/** The suffix of a split function's children's names (`-api` for the split `api`); none for the server. */
export function splitSuffix(split: string | undefined): string {
  return split === undefined ? "" : `-${split.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
}

export function createServer(children: ChildFactory, spec: ServerSpec, split?: string): SiteServer {
  const d = split === undefined ? spec.build.output.origins.default : spec.build.output.origins[split] as typeof spec.build.output.origins.default;
  const bundleDir = path.join(spec.build.appDir, d.bundle);
  const id = split === undefined ? "server" : "split";
  const suffix = splitSuffix(split);
  const common = {
    id, nameSuffix: suffix, description: split === undefined ? "Next.js server" : `Next.js split function ${split}`, bundleDir, handler: d.handler,
    memory: spec.memory, timeout: spec.timeout,
    logRetentionDays: spec.logRetentionDays, logsDisabled: spec.logsDisabled, statements: spec.statements, dependsOn: spec.dependsOn,
  };
  if (spec.edge) {
    const server = createFunction(children, {
      ...common, edge: true, environment: spec.environment,
      code: { archive: edgePackage(bundleDir, d.handler, spec.environment), handler: EDGE_HANDLER },
    });
    return { ...server, edgeArn: server.fn.qualifiedArn };
  }
  const streaming = d.streaming === true;
  const secret = pulumi.secret(children.suffixed(suffix).make(split === undefined ? "originSecret" : "splitOriginSecret", OriginSecret, {}).value);
  // A digest of 256 random bits gives nothing away: the function's settings stay readable.
  const digest = pulumi.unsecret(secret.apply((s) => createHash("sha256").update(s).digest("hex")));
  const archive = serverPackage(bundleDir, d.handler, streaming);
  const size = measureServerPackage(bundleDir, d.bundle);
  // Past 50 MB zipped Lambda takes the package only from S3 ("Lambda quotas", Deployment package size):
  // the archive goes to the site's bucket under a key of its content, so new code is a new key.
  const s3 = size.viaS3 ? serverCodeObject(children, spec.codeBucket, archive, `${size.sha256}-${SERVER_WRAPPER_DIGEST.slice(0, 16)}-${streaming ? "s" : "b"}`, split, suffix) : undefined;
  const server = createFunction(children, {
    ...common,
    vpc: spec.vpc,
    code: { archive, handler: SERVER_HANDLER, s3 },
    environment: mergeEnvironments(spec.environment, { [ORIGIN_SECRET_ENV]: digest }),
  });
  const url = functionUrl(children, id, server.fn, streaming, "NONE", suffix);
  publicUrlPermissions(children, id, server.fn, suffix);
  return { ...server, origin: { host: urlHost(url.functionUrl), headers: [{ name: ORIGIN_SECRET_HEADER, value: secret }] } };
}

/** The server's package as an object of the site's bucket (outside the prefixes CloudFront serves). */
function serverCodeObject(children: ChildFactory, bucket: pulumi.Input<string>, archive: pulumi.asset.AssetArchive, digest: string, split: string | undefined, suffix: string) {
  const id = split === undefined ? "serverCode" : "splitCode";
  const object = children.suffixed(suffix).make(id, aws.s3.BucketObjectv2, {
    bucket,
    key: `_code/${split === undefined ? "server" : `split${suffix}`}-${createHash("sha256").update(digest).digest("hex").slice(0, 32)}.zip`,
    source: archive,
    contentType: "application/zip",
  });
  return { bucket: object.bucket, key: object.key };
}

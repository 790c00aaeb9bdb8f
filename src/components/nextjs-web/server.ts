// The site's server function: regional behind a public function URL that
// admits only the distribution (a secret origin header, checked by the
// package's entry), or Lambda@Edge. Made after the asset sync, so new code
// never names static files that are not uploaded yet.
import { createHash } from "crypto";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import type * as aws from "@pulumi/aws";
import type { BuildResult } from "./build";
import { createFunction, functionUrl, publicUrlPermissions, type FunctionSpec, type SiteScope } from "./functions";
import { urlHost, type FunctionOrigin } from "./cdn";
import { OriginSecret } from "./dynamic-resources";
import { ORIGIN_SECRET_ENV, ORIGIN_SECRET_HEADER, SERVER_HANDLER, serverPackage } from "./server-package";
import { EDGE_HANDLER, edgePackage } from "./edge-package";
import { childName } from "../../shared/children";
import { mergeEnvironments, type EnvironmentMap } from "../../shared/environment";

export interface ServerSpec extends Pick<FunctionSpec, "memory" | "timeout" | "statements" | "logRetentionDays" | "logsDisabled" | "vpc" | "dependsOn"> {
  build: BuildResult;
  edge: boolean;
  /** The server's variables: the site's, connectTo's and OpenNext's. */
  environment: EnvironmentMap | pulumi.Output<Record<string, string>>;
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

export function createServer(scope: SiteScope, spec: ServerSpec): SiteServer {
  const d = spec.build.output.origins.default;
  const bundleDir = path.join(spec.build.appDir, d.bundle);
  const common = {
    id: "server", description: "Next.js server", bundleDir, handler: d.handler, memory: spec.memory, timeout: spec.timeout,
    logRetentionDays: spec.logRetentionDays, logsDisabled: spec.logsDisabled, statements: spec.statements, dependsOn: spec.dependsOn,
  };
  if (spec.edge) {
    const server = createFunction(scope, {
      ...common, edge: true, environment: spec.environment,
      code: { archive: edgePackage(bundleDir, d.handler, spec.environment), handler: EDGE_HANDLER },
    });
    return { ...server, edgeArn: server.fn.qualifiedArn };
  }
  const streaming = d.streaming === true;
  const secret = pulumi.secret(new OriginSecret(childName(scope.name, "originSecret"), {}, { parent: scope.parent }).value);
  // A digest of 256 random bits gives nothing away: the function's settings stay readable.
  const digest = pulumi.unsecret(secret.apply((s) => createHash("sha256").update(s).digest("hex")));
  const server = createFunction(scope, {
    ...common,
    vpc: spec.vpc,
    code: { archive: serverPackage(bundleDir, d.handler, streaming), handler: SERVER_HANDLER },
    environment: mergeEnvironments(spec.environment, { [ORIGIN_SECRET_ENV]: digest }),
  });
  const url = functionUrl(scope, "server", server.fn, streaming, "NONE");
  publicUrlPermissions(scope, "server", server.fn);
  return { ...server, origin: { host: urlHost(url.functionUrl), headers: [{ name: ORIGIN_SECRET_HEADER, value: secret }] } };
}

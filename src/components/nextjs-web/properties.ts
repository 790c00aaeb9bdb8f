import type { DomainConfiguration } from "../../shared/domains/domain-properties";
import type { EnvironmentVariable, FunctionLogging, IamRoleStatement } from "../../shared/workloads/workload-properties";
import type { FunctionAlarms } from "../function/properties";

/** Settings of the server function. */
export interface NextjsServerFunction {
  logging?: FunctionLogging;
  /**
   * Memory in MB; CPU grows with it (1797 MB is one vCPU, 10240 MB six).
   * @default 1024
   * @minimum 128
   * @maximum 10240
   * @multipleOf 1
   */
  memory?: number;
  /**
   * Maximum run time of a request, in seconds.
   * @default 30
   * @minimum 1
   * @maximum 30
   * @multipleOf 1
   */
  timeout?: number;
}

/** A header set on the uploaded static files that match a pattern. */
export interface NextjsFileHeader {
  /** @example "cache-control" */
  key: string;
  value: string;
}

/** Headers for the static files matching `includePattern` (and not `excludePattern`). */
export interface NextjsFileOption {
  /**
   * Glob relative to the app's static assets (`public/` files and `_next/...`).
   * @example "fonts/**"
   */
  includePattern: string;
  /** Glob of files to leave out. */
  excludePattern?: string;
  /** Headers of the matching files, such as `cache-control` or `content-type`. */
  headers?: NextjsFileHeader[];
}

/**
 * A Next.js app, built with OpenNext, served by Lambda behind CloudFront with
 * its static files in a private S3 bucket.
 */
export interface NextjsWebProperties {
  /**
   * Root of the Next.js project (where next.config.* is), relative to the stack
   * file (in a TypeScript program: to the working directory, the project
   * folder where Pulumi.yaml is, as `pulumi up` runs it). The build runs inside it.
   * @example "./"
   */
  appDirectory: string;
  serverFunction?: NextjsServerFunction;
  /**
   * The server function's CloudWatch alarms (a function's: `errors`,
   * `throttles`, `duration`; each split function gets its own), each on
   * unless `false`: new thresholds and periods over the defaults. None with
   * `useEdgeFunction` (docs/nextjs-web.md#alarms).
   */
  alarms?: FunctionAlarms;
  /** Build command run in appDirectory instead of `open-next build`; it must leave `.open-next/` behind. */
  buildCommand?: string;
  /** Headers of uploaded static files. */
  fileOptions?: NextjsFileOption[];
  /** Environment variables of the server function; values may be `$ResourceParam` directives. */
  environment?: EnvironmentVariable[];
  /** Raw IAM statements appended to the server function's role. */
  iamRoleStatements?: IamRoleStatement[];
  /**
   * Runs the server at CloudFront's regional edge caches (Lambda@Edge, made in
   * us-east-1, x86_64, on origin-request). `environment` values are resolved at
   * deploy and baked into the function's package (Lambda@Edge has no
   * variables). Responses up to 1 MB. Not with warmServerInstances,
   * streamingEnabled, joinDefaultVpc, a VPC-only connectTo or log forwarding.
   * @default false
   */
  useEdgeFunction?: boolean;
  /**
   * Server instances kept warm by a warmer function invoked every 5 minutes.
   * Not with useEdgeFunction.
   * @minimum 1
   * @maximum 100
   * @multipleOf 1
   */
  warmServerInstances?: number;
  /**
   * Streams responses (lower time to first byte, responses up to 20 MB, a soft
   * limit; 6 MB otherwise). Experimental; not with useEdgeFunction.
   * @default false
   */
  streamingEnabled?: boolean;
  /**
   * Runs the server function in the default VPC's subnets with its own
   * security group, so it reaches VPC-only resources (redis clusters,
   * databases). Its outbound internet requests then fail (no NAT is made).
   * @default false
   */
  joinDefaultVpc?: boolean;
  /**
   * Resources of this stack the server uses (or the macro `aws:ses`): it gets
   * their permissions, their variables as STP_<NAME>_<VAR>, and network access.
   */
  connectTo?: string[];
  /** Domains of the site (certificate in us-east-1); `url` is then the first one's. */
  customDomains?: DomainConfiguration[];
  /**
   * The firewall in front of the CDN: the name of a `web-app-firewall` resource
   * of this stack, or the ARN of an existing WAFv2 web ACL with CLOUDFRONT scope.
   */
  useFirewall?: string;
}

/** Parameters other resources can read with `$ResourceParam(name, param)`. */
export const nextjsWebParams = {
  /** The site's URL: the first custom domain's, else the CDN's. */
  url: { type: "string" },
} as const;

import type { RetentionDays } from "../../shared/enums";

/** Logs of the server function: invocations and stdout/stderr, into its own log group. */
export interface NextjsServerLogging {
  /**
   * Turns off collection of application logs.
   * @default false
   */
  disabled?: boolean;
  /**
   * Days the log group keeps entries.
   * @default 180
   */
  retentionDays?: RetentionDays;
}

/** Settings of the server function. */
export interface NextjsServerFunction {
  logging?: NextjsServerLogging;
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

/** A raw IAM statement appended to the server function's role. */
export interface NextjsIamRoleStatement {
  Sid?: string;
  /** @default "Allow" */
  Effect?: "Allow" | "Deny";
  Action: string[];
  Resource: string[];
  /** IAM condition operators and their keys, as in a policy document. */
  Condition?: Record<string, Record<string, string | string[]>>;
}

/** An environment variable of the server function. */
export interface NextjsEnvironmentVariable {
  name: string;
  value: string;
}

/**
 * A Next.js app, built with OpenNext, served by Lambda behind CloudFront with
 * its static files in a private S3 bucket.
 */
export interface NextjsWebProperties {
  /**
   * Root of the Next.js project (where next.config.* is), relative to the stack
   * file. The build runs inside it.
   * @example "./"
   */
  appDirectory: string;
  serverFunction?: NextjsServerFunction;
  /** Build command run in appDirectory instead of `open-next build`; it must leave `.open-next/` behind. */
  buildCommand?: string;
  /** Headers of uploaded static files. */
  fileOptions?: NextjsFileOption[];
  /** Environment variables of the server function; values may be `$ResourceParam` directives. */
  environment?: NextjsEnvironmentVariable[];
  /** Raw IAM statements appended to the server function's role. */
  iamRoleStatements?: NextjsIamRoleStatement[];
}

/** Parameters other resources can read with `$ResourceParam(name, param)`. */
export const nextjsWebParams = {
  /** The site's URL: the CDN's (the first custom domain's, once domains exist). */
  url: { type: "string" },
} as const;

// Property shapes every workload type shares (nextjs-web's server, function):
// one definition each, so the schema and the docs say the same for both.
import type { RetentionDays } from "../schema/enums";
import type { LogForwarding } from "../logging/log-forwarding-properties";

/** Logs of a function: invocations and stdout/stderr, into its own log group. */
export interface FunctionLogging {
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
  /** Forwards the function's logs to an HTTP endpoint or a logs vendor. */
  logForwarding?: LogForwarding;
}

/** A raw IAM statement appended to a function's role. */
export interface IamRoleStatement {
  Sid?: string;
  /** @default "Allow" */
  Effect?: "Allow" | "Deny";
  Action: string[];
  Resource: string[];
  /** IAM condition operators and their keys, as in a policy document. */
  Condition?: Record<string, Record<string, string | string[]>>;
}

/** An environment variable of a function. */
export interface EnvironmentVariable {
  name: string;
  value: string;
}

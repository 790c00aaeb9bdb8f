// The example function's code package, unpacked, and API Gateway events of
// both payload formats, to run it as Lambda and API Gateway would.
import { execFile, execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { promisify } from "util";
import { readStoredZip } from "../src/shared/files/zip";

export const EXAMPLE_FUNCTION = path.join(__dirname, "..", "examples", "yaml-stack", "functions", "api.ts");

function hasUnzip(): boolean {
  try {
    execFileSync("unzip", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** The zip's files in a fresh folder: with Info-ZIP's unzip when installed (a reader that is not ours), else ours. */
export function unpack(zipFile: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "function-package-"));
  if (hasUnzip()) execFileSync("unzip", ["-q", zipFile, "-d", dir]);
  else for (const e of readStoredZip(fs.readFileSync(zipFile))) fs.writeFileSync(path.join(dir, e.name), e.data);
  return dir;
}

/** An API Gateway HTTP API event of payload format 1.0 or 2.0 for `GET path?query`. */
export function gatewayEvent(format: "1.0" | "2.0", method: string, rawPath: string, query: Record<string, string> = {}): Record<string, unknown> {
  const rawQueryString = new URLSearchParams(query).toString();
  const queryStringParameters = Object.keys(query).length ? query : null;
  if (format === "1.0") {
    return {
      version: "1.0", resource: rawPath, path: rawPath, httpMethod: method, headers: { host: "abc.execute-api.us-east-1.amazonaws.com" },
      multiValueHeaders: {}, queryStringParameters, multiValueQueryStringParameters: null, pathParameters: null, stageVariables: null,
      requestContext: { httpMethod: method, path: rawPath, stage: "$default", requestId: "id", resourcePath: rawPath, identity: { sourceIp: "127.0.0.1" } },
      body: null, isBase64Encoded: false,
    };
  }
  return {
    version: "2.0", routeKey: `${method} ${rawPath}`, rawPath, rawQueryString, headers: { host: "abc.execute-api.us-east-1.amazonaws.com" },
    queryStringParameters: queryStringParameters ?? undefined,
    requestContext: { http: { method, path: rawPath, protocol: "HTTP/1.1", sourceIp: "127.0.0.1", userAgent: "test" }, stage: "$default", requestId: "id", routeKey: `${method} ${rawPath}` },
    isBase64Encoded: false,
  };
}

export interface GatewayAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * What API Gateway makes of a Lambda result: with payload 1.0 it must be
 * `{statusCode, headers?, body?}` (else 502); with 2.0 such an object is
 * used as is, anything else is a 200 JSON body
 * (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-develop-integrations-lambda.html).
 */
export function gatewayAnswer(format: "1.0" | "2.0", result: unknown): GatewayAnswer {
  const r = result as { statusCode?: unknown; headers?: Record<string, string>; body?: unknown } | null;
  if (r && typeof r === "object" && typeof r.statusCode === "number") {
    return { status: r.statusCode, headers: r.headers ?? {}, body: typeof r.body === "string" ? r.body : "" };
  }
  if (format === "1.0") return { status: 502, headers: {}, body: "{\"message\":\"Internal Server Error\"}" };
  return { status: 200, headers: { "content-type": "application/json" }, body: JSON.stringify(result) };
}

/** Invokes the package in a fresh Node process, one event after another; the results as Lambda returns them. */
export async function invoke(dir: string, handler: string, events: unknown[], env: Record<string, string> = {}): Promise<unknown[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(__dirname, "fixtures", "invoke-function.mjs"), dir, handler, JSON.stringify(events)], {
    cwd: dir, encoding: "utf8", env: { PATH: process.env.PATH ?? "", ...env },
  });
  return stdout.trim().split("\n").map((l) => JSON.parse(l));
}

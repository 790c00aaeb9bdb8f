// Lambda functions (regional and at the edge), their URLs, permissions and invocations.
import { asArray, isObject, type AwsRule, type Finding } from "./rule";
import { LAMBDA_RESERVED_ENV } from "./lambda-env";

const FN = "aws:lambda/function:Function";
const URL_ = "aws:lambda/functionUrl:FunctionUrl";
const PERMISSION = "aws:lambda/permission:Permission";
const INVOCATION = "aws:lambda/invocation:Invocation";

// The names live in their own file so that validate's rules read them without loading the catalog.
export { LAMBDA_RESERVED_ENV };

const fn = (inputs: Record<string, any>) => ({ inputs: { runtime: "nodejs22.x", handler: "index.handler", architectures: ["arm64"], memorySize: 1024, timeout: 30, role: "arn:aws:iam::123456789012:role/r", ...inputs } });

const DIST = "aws:cloudfront/distribution:Distribution";
/** A distribution that associates `name` as Lambda@Edge. */
const edgeOf = (name: string) => ({ type: DIST, name: "site", dependsOn: [name], inputs: { defaultCacheBehavior: { lambdaFunctionAssociations: [{ eventType: "origin-request", lambdaArn: "arn:aws:lambda:us-east-1:123456789012:function:f:1" }] } } });

export const LAMBDA_RULES: AwsRule[] = [
  {
    id: "lambda/function-limits",
    types: [FN],
    summary: "A function has 128 to 10,240 MB, 1 to 900 seconds, a handler of at most 128 characters, a description of at most 256, and one architecture",
    source: "https://docs.aws.amazon.com/lambda/latest/api/API_CreateFunction.html; https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html",
    check(r) {
      const i = r.inputs;
      const out: Finding[] = [];
      if (typeof i.memorySize === "number" && (i.memorySize < 128 || i.memorySize > 10240 || !Number.isInteger(i.memorySize))) out.push({ input: "memorySize", message: `memory is 128 to 10,240 MB in 1-MB steps, not ${i.memorySize}` });
      if (typeof i.timeout === "number" && (i.timeout < 1 || i.timeout > 900)) out.push({ input: "timeout", message: `a function runs 1 to 900 seconds, not ${i.timeout}` });
      if (typeof i.handler === "string" && (i.handler.length > 128 || /\s/.test(i.handler))) out.push({ input: "handler", message: "a handler is at most 128 characters, without spaces" });
      if (typeof i.description === "string" && i.description.length > 256) out.push({ input: "description", message: `the description has ${i.description.length} characters; Lambda takes 256` });
      const arch = asArray(i.architectures);
      if (arch.length > 1 || arch.some((a) => a !== "arm64" && a !== "x86_64")) out.push({ input: "architectures", message: "one architecture: arm64 or x86_64" });
      return out;
    },
    examples: { pass: [fn({})], fail: [fn({ memorySize: 10241 })] },
  },
  {
    id: "lambda/environment",
    types: [FN],
    summary: "A function's environment is at most 4 KB, names letters, digits and _ starting with a letter, none of Lambda's reserved names",
    source: "https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html (Function environment variables: 4 KB); https://docs.aws.amazon.com/lambda/latest/dg/configuration-envvars.html#configuration-envvars-runtime",
    check(r) {
      const vars = isObject(r.inputs.environment) && isObject(r.inputs.environment.variables) ? r.inputs.environment.variables : {};
      const out: Finding[] = [];
      let size = 0;
      for (const [k, v] of Object.entries(vars)) {
        size += Buffer.byteLength(k) + Buffer.byteLength(String(v ?? ""));
        if (!/^[a-zA-Z][a-zA-Z0-9_]*$/.test(k)) out.push({ input: `environment.variables.${k}`, message: `'${k}' is not a variable name Lambda takes (letters, digits and _, starting with a letter)` });
        else if (LAMBDA_RESERVED_ENV.includes(k)) out.push({ input: `environment.variables.${k}`, message: `${k} is reserved by Lambda` });
      }
      if (size > 4096) out.push({ input: "environment.variables", message: `the variables come to ${size} bytes; Lambda takes 4 KB (names and values)` });
      return out;
    },
    examples: { pass: [fn({ environment: { variables: { GREETING: "hi" } } })], fail: [fn({ environment: { variables: { BIG: "x".repeat(4100) } } })] },
  },
  {
    id: "lambda/edge-function",
    types: [FN],
    summary: "A Lambda@Edge function is published in us-east-1 on x86_64, without environment variables or a VPC, and runs at most 30 seconds",
    source: "https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/lambda-at-edge-function-restrictions.html; https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/cloudfront-limits.html#limits-lambda-at-edge",
    check(r, ctx) {
      // Judged as Lambda@Edge when a distribution of the plan associates it.
      const associated = ctx.resources.some((d) => d.type === DIST && d.dependsOn.includes(r.name) && JSON.stringify(d.inputs).includes("\"lambdaArn\""));
      if (!associated) return [];
      const i = r.inputs;
      const out: Finding[] = [];
      if (r.region !== "us-east-1") out.push({ input: "region", message: "Lambda@Edge functions are made in us-east-1" });
      if (!asArray(i.architectures).every((a) => a === "x86_64") || asArray(i.architectures).length === 0) out.push({ input: "architectures", message: "Lambda@Edge runs x86_64 only" });
      if (i.environment !== undefined) out.push({ input: "environment", message: "Lambda@Edge functions have no environment variables" });
      if (i.vpcConfig !== undefined) out.push({ input: "vpcConfig", message: "Lambda@Edge functions cannot join a VPC" });
      if (i.publish !== true) out.push({ input: "publish", message: "CloudFront associates a published version" });
      if (typeof i.timeout === "number" && i.timeout > 30) out.push({ input: "timeout", message: `an origin-request function runs at most 30 seconds, not ${i.timeout}` });
      return out;
    },
    examples: {
      pass: [{ ...fn({ region: "us-east-1", publish: true, architectures: ["x86_64"], timeout: 30 }), region: "us-east-1" }, edgeOf("judged")],
      fail: [{ ...fn({ region: "us-east-1", publish: true, architectures: ["arm64"], timeout: 60 }), region: "us-east-1" }, edgeOf("judged")],
    },
  },
  {
    id: "lambda/function-url",
    types: [URL_],
    summary: "A function URL is AWS_IAM or NONE, BUFFERED or RESPONSE_STREAM",
    source: "https://docs.aws.amazon.com/lambda/latest/api/API_CreateFunctionUrlConfig.html",
    check(r) {
      const out: Finding[] = [];
      if (!["AWS_IAM", "NONE"].includes(r.inputs.authorizationType)) out.push({ input: "authorizationType", message: `authorization type ${JSON.stringify(r.inputs.authorizationType)} is not AWS_IAM or NONE` });
      if (r.inputs.invokeMode !== undefined && !["BUFFERED", "RESPONSE_STREAM"].includes(r.inputs.invokeMode)) out.push({ input: "invokeMode", message: `invoke mode ${JSON.stringify(r.inputs.invokeMode)} is not BUFFERED or RESPONSE_STREAM` });
      return out;
    },
    examples: { pass: [{ inputs: { functionName: "f", authorizationType: "AWS_IAM", invokeMode: "BUFFERED" } }], fail: [{ inputs: { functionName: "f", authorizationType: "IAM" } }] },
  },
  {
    id: "lambda/permission",
    types: [PERMISSION],
    summary: "A permission names a lambda: action, and a function URL auth type only with lambda:InvokeFunctionUrl",
    source: "terraform-provider-aws internal/service/lambda/validate.go (validPermissionAction); https://docs.aws.amazon.com/lambda/latest/api/API_AddPermission.html (FunctionUrlAuthType); https://docs.aws.amazon.com/lambda/latest/dg/urls-auth.html",
    check(r) {
      const i = r.inputs;
      const out: Finding[] = [];
      if (typeof i.action !== "string" || !/^(lambda:[*]|lambda:[A-Za-z]+|[*])$/.test(i.action)) out.push({ input: "action", message: `${JSON.stringify(i.action)} is not a lambda: action` });
      if (i.functionUrlAuthType !== undefined && i.action !== "lambda:InvokeFunctionUrl") out.push({ input: "functionUrlAuthType", message: "a function URL auth type goes with lambda:InvokeFunctionUrl only" });
      if (typeof i.principal !== "string" || i.principal === "") out.push({ input: "principal", message: "a principal is required" });
      return out;
    },
    examples: {
      pass: [{ inputs: { action: "lambda:InvokeFunctionUrl", function: "f", principal: "cloudfront.amazonaws.com", functionUrlAuthType: "AWS_IAM" } }],
      fail: [{ inputs: { action: "lambda:InvokeFunction", function: "f", principal: "cloudfront.amazonaws.com", functionUrlAuthType: "AWS_IAM" } }],
    },
  },
  {
    id: "lambda/public-invoke",
    types: [PERMISSION],
    summary: "An invoke permission for everyone (*) holds only for calls through the function URL; otherwise any AWS account may invoke the function",
    source: "https://docs.aws.amazon.com/lambda/latest/dg/urls-auth.html (lambda:InvokedViaFunctionUrl)",
    check(r) {
      const i = r.inputs;
      return i.principal === "*" && i.action === "lambda:InvokeFunction" && i.invokedViaFunctionUrl !== true
        ? [{ input: "invokedViaFunctionUrl", message: "an invoke permission for everyone must set invokedViaFunctionUrl: true (calls through the function URL only)" }] : [];
    },
    examples: {
      pass: [{ inputs: { action: "lambda:InvokeFunction", function: "f", principal: "*", invokedViaFunctionUrl: true } }],
      fail: [{ inputs: { action: "lambda:InvokeFunction", function: "f", principal: "*" } }],
    },
  },
  {
    id: "lambda/url-permissions",
    types: [URL_],
    summary: "A function URL answers only callers granted both lambda:InvokeFunctionUrl (with the URL's auth type) and lambda:InvokeFunction (since October 2025); a URL without IAM auth needs them for everyone",
    source: "https://docs.aws.amazon.com/lambda/latest/dg/urls-auth.html",
    check(r, ctx) {
      const perms = ctx.resources.filter((x) => x.type === PERMISSION && x.inputs.function === r.inputs.functionName).map((x) => x.inputs);
      const auth = r.inputs.authorizationType;
      const url = perms.filter((p) => p.action === "lambda:InvokeFunctionUrl" && (p.functionUrlAuthType ?? auth) === auth && (auth !== "NONE" || p.principal === "*"));
      const invoke = perms.filter((p) => p.action === "lambda:InvokeFunction" && (auth !== "NONE" || p.principal === "*"));
      if (!url.length || !invoke.length) {
        const missing = [!url.length ? "lambda:InvokeFunctionUrl" : "", !invoke.length ? "lambda:InvokeFunction" : ""].filter(Boolean).join(" and ");
        return [{ input: "functionName", message: `nobody${auth === "NONE" ? " (everyone, for a URL without IAM auth)" : ""} is granted ${missing} on ${r.inputs.functionName}: the URL would answer 403` }];
      }
      return [];
    },
    examples: {
      pass: [
        { inputs: { functionName: "f", authorizationType: "NONE" } },
        { type: PERMISSION, name: "p1", inputs: { function: "f", action: "lambda:InvokeFunctionUrl", principal: "*", functionUrlAuthType: "NONE" } },
        { type: PERMISSION, name: "p2", inputs: { function: "f", action: "lambda:InvokeFunction", principal: "*", invokedViaFunctionUrl: true } },
      ],
      fail: [
        { inputs: { functionName: "f", authorizationType: "NONE" } },
        { type: PERMISSION, name: "p1", inputs: { function: "f", action: "lambda:InvokeFunctionUrl", principal: "*", functionUrlAuthType: "NONE" } },
      ],
    },
  },
  {
    id: "lambda/policy-size",
    types: [PERMISSION],
    summary: "A function's resource-based policy (every permission's statement) is at most 20 KB; past it AddPermission fails with PolicyLengthExceededException",
    source: "https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html (Function resource-based policy: 20 KB); https://docs.aws.amazon.com/lambda/latest/api/API_AddPermission.html (PolicyLengthExceededException)",
    check(r, ctx) {
      const mine = ctx.resources.filter((x) => x.type === PERMISSION && x.inputs.function === r.inputs.function && (x.inputs.qualifier ?? null) === (r.inputs.qualifier ?? null));
      if (mine[0] !== r) return [];
      const bytes = lambdaPolicyBytes(mine);
      return bytes > 20480
        ? [{ input: "function", message: `the ${mine.length} permissions of ${r.inputs.function} make a resource-based policy of about ${bytes} bytes; Lambda takes 20 KB (PolicyLengthExceededException mid-deploy): grant with fewer statements, such as one per caller with a wildcard source ARN` }]
        : [];
    },
    examples: {
      pass: [{ inputs: { action: "lambda:InvokeFunction", function: "f", principal: "apigateway.amazonaws.com", sourceArn: "arn:aws:execute-api:us-east-1:123456789012:abcdef1234/*/*" } }],
      fail: Array.from({ length: 70 }, (_, i) => ({
        name: `route-${i}`,
        inputs: { action: "lambda:InvokeFunction", function: "f", principal: "apigateway.amazonaws.com", sourceArn: `arn:aws:execute-api:us-east-1:123456789012:abcdef1234/*/GET/items/${i}/details/*` },
      })),
    },
  },
  {
    id: "lambda/invocation",
    types: [INVOCATION],
    summary: "An invocation's input is a JSON document",
    source: "terraform-provider-aws internal/service/lambda/invocation.go (input: validation.StringIsJSON)",
    check(r) {
      try {
        JSON.parse(String(r.inputs.input));
        return [];
      } catch {
        return [{ input: "input", message: "the input is not JSON" }];
      }
    },
    examples: { pass: [{ inputs: { functionName: "f", input: "{\"RequestType\":\"Create\"}" } }], fail: [{ inputs: { functionName: "f", input: "RequestType=Create" } }] },
  },
];

/**
 * The size of the resource-based policy Lambda keeps for these permissions:
 * each statement as AddPermission writes it (Sid, Effect, Principal, Action,
 * Resource, and the source conditions), in one policy document. The function
 * ARN is estimated from a name when a name is given; auto-named statement ids
 * are the resource name plus 8 characters (pulumi-aws AutoName).
 */
export function lambdaPolicyBytes(perms: { name: string; region?: string; inputs: Record<string, any> }[]): number {
  const statements = perms.map((p) => {
    const i = p.inputs;
    const fnArn = typeof i.function === "string" && i.function.startsWith("arn:") ? i.function : `arn:aws:lambda:${p.region ?? "us-east-1"}:123456789012:function:${String(i.function)}`;
    const condition: Record<string, unknown> = {};
    if (typeof i.sourceArn === "string") condition.ArnLike = { "AWS:SourceArn": i.sourceArn };
    if (typeof i.sourceAccount === "string") condition.StringEquals = { "AWS:SourceAccount": i.sourceAccount };
    if (typeof i.functionUrlAuthType === "string") condition.StringEquals = { ...(condition.StringEquals as object), "lambda:FunctionUrlAuthType": i.functionUrlAuthType };
    return {
      Sid: typeof i.statementId === "string" ? i.statementId : `${p.name}-xxxxxxx`,
      Effect: "Allow",
      Principal: { Service: String(i.principal) },
      Action: String(i.action),
      Resource: fnArn,
      ...(Object.keys(condition).length ? { Condition: condition } : {}),
    };
  });
  return Buffer.byteLength(JSON.stringify({ Version: "2012-10-17", Id: "default", Statement: statements }));
}


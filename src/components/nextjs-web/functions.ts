// The URLs and invoke permissions of the site's functions (made with the
// shared createFunction).
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import { childInputs, childName } from "../../shared/component/children";
import type { SiteScope } from "../../shared/workloads/lambda-function";

export { createFunction, EDGE_DELETE_TIMEOUT, type FunctionSpec, type PolicyStatement, type SiteFunction, type SiteScope } from "../../shared/workloads/lambda-function";

/**
 * A function URL. `AWS_IAM`: only callers its permissions allow (CloudFront,
 * signing with an origin access control) get in. `NONE`: anyone may call it,
 * and the function itself admits only its distribution (the server's entry).
 */
export function functionUrl(scope: SiteScope, id: string, fn: aws.lambda.Function, streaming: boolean, auth: "AWS_IAM" | "NONE" = "AWS_IAM", suffix = ""): aws.lambda.FunctionUrl {
  const { parent, name, transforms } = scope;
  return new aws.lambda.FunctionUrl(...childInputs(transforms, `${id}Url`,
    `${childName(name, `${id}Url`)}${suffix}`, {
      functionName: fn.name,
      authorizationType: auth,
      invokeMode: streaming ? "RESPONSE_STREAM" : "BUFFERED",
    },
    { parent },));
}

/**
 * Lets anyone call the function through its public URL (and only through the
 * URL: the invoke permission holds only for calls made via a function URL),
 * the two permissions Lambda wants since October 2025.
 */
export function publicUrlPermissions(scope: SiteScope, id: string, fn: aws.lambda.Function, suffix = ""): void {
  const { parent, name, transforms } = scope;
  new aws.lambda.Permission(...childInputs(transforms, `${id}UrlPermission`, `${childName(name, `${id}UrlPermission`)}${suffix}`, {
    function: fn.name, action: "lambda:InvokeFunctionUrl", principal: "*", functionUrlAuthType: "NONE",
  }, { parent }));
  new aws.lambda.Permission(...childInputs(transforms, `${id}InvokePermission`, `${childName(name, `${id}InvokePermission`)}${suffix}`, {
    function: fn.name, action: "lambda:InvokeFunction", principal: "*", invokedViaFunctionUrl: true,
  }, { parent }));
}

/** Lets this distribution (only) call the function's URL: both permissions CloudFront needs since October 2025. */
export function cloudFrontInvokePermissions(
  scope: SiteScope, id: string, fn: aws.lambda.Function, distributionArn: pulumi.Input<string>,
): void {
  const { parent, name, transforms } = scope;
  for (const [suffix, action] of [["UrlPermission", "lambda:InvokeFunctionUrl"], ["InvokePermission", "lambda:InvokeFunction"]] as const) {
    new aws.lambda.Permission(...childInputs(transforms, `${id}${suffix}`,
      childName(name, `${id}${suffix}`), {
        function: fn.name,
        action,
        principal: "cloudfront.amazonaws.com",
        sourceArn: distributionArn,
        // Through the URL only: not a direct invoke from any distribution's own code.
        ...(action === "lambda:InvokeFunctionUrl" ? { functionUrlAuthType: "AWS_IAM" } : { invokedViaFunctionUrl: true }),
      },
      { parent },));
  }
}

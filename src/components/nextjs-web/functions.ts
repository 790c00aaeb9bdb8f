// The URLs and invoke permissions of the site's functions (made with the
// shared createFunction).
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { ChildFactory } from "../../shared/component/child-factory";

export { createFunction, EDGE_DELETE_TIMEOUT, type FunctionSpec, type PolicyStatement, type SiteFunction } from "../../shared/workloads/lambda-function";

/**
 * A function URL. `AWS_IAM`: only callers its permissions allow (CloudFront,
 * signing with an origin access control) get in. `NONE`: anyone may call it,
 * and the function itself admits only its distribution (the server's entry).
 */
export function functionUrl(children: ChildFactory, id: string, fn: aws.lambda.Function, streaming: boolean, auth: "AWS_IAM" | "NONE" = "AWS_IAM", suffix = ""): aws.lambda.FunctionUrl {
  return children.suffixed(suffix).make(`${id}Url`, aws.lambda.FunctionUrl, {
    functionName: fn.name,
    authorizationType: auth,
    invokeMode: streaming ? "RESPONSE_STREAM" : "BUFFERED",
  });
}

/**
 * Lets anyone call the function through its public URL (and only through the
 * URL: the invoke permission holds only for calls made via a function URL),
 * the two permissions Lambda wants since October 2025.
 */
export function publicUrlPermissions(children: ChildFactory, id: string, fn: aws.lambda.Function, suffix = ""): void {
  const ofFunction = children.suffixed(suffix);
  ofFunction.make(`${id}UrlPermission`, aws.lambda.Permission, {
    function: fn.name, action: "lambda:InvokeFunctionUrl", principal: "*", functionUrlAuthType: "NONE",
  });
  ofFunction.make(`${id}InvokePermission`, aws.lambda.Permission, {
    function: fn.name, action: "lambda:InvokeFunction", principal: "*", invokedViaFunctionUrl: true,
  });
}

/** Lets this distribution (only) call the function's URL: both permissions CloudFront needs since October 2025. */
export function cloudFrontInvokePermissions(
  children: ChildFactory, id: string, fn: aws.lambda.Function, distributionArn: pulumi.Input<string>,
): void {
  for (const [suffix, action] of [["UrlPermission", "lambda:InvokeFunctionUrl"], ["InvokePermission", "lambda:InvokeFunction"]] as const) {
    children.make(`${id}${suffix}`, aws.lambda.Permission, {
      function: fn.name,
      action,
      principal: "cloudfront.amazonaws.com",
      sourceArn: distributionArn,
      // Through the URL only: not a direct invoke from any distribution's own code.
      ...(action === "lambda:InvokeFunctionUrl" ? { functionUrlAuthType: "AWS_IAM" } : { invokedViaFunctionUrl: true }),
    });
  }
}

// The gateway's authorizers: one aws.apigatewayv2.Authorizer each and, for a
// Lambda authorizer, the permission for API Gateway to invoke its function
// from this authorizer only.
// - Inputs: https://www.pulumi.com/registry/packages/aws/api-docs/apigatewayv2/authorizer/
//   (authorizerType JWT | REQUEST, jwtConfiguration, authorizerUri = the function's invoke ARN,
//   authorizerPayloadFormatVersion required for REQUEST on HTTP APIs). Without a result TTL, the
//   provider creates a REQUEST authorizer with identity sources with 300 s
//   (terraform-provider-aws internal/service/apigatewayv2/authorizer.go, resourceAuthorizerCreate),
//   so stackfile always sends its own (0 unless set).
// - Permission source ARN: arn:{partition}:execute-api:{region}:{account}:{apiId}/authorizers/{authorizerId}
//   (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-lambda-authorizer.html,
//   "Grant API Gateway permission to invoke the Lambda function"); the API's executionArn carries the partition.
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { HttpApiAuthorizer, JwtAuthorizer, LambdaAuthorizer } from "./authorizer-properties";
import { JWT_DEFAULT_IDENTITY_SOURCE } from "./authorizer-rules";
import type { ChildFactory } from "../../shared/component/child-factory";
import type { DeepInput } from "../../shared/component/inputs";
import type { Problem } from "../../shared/messages/problem";

/** What a Lambda authorizer's `functionName` may name: a stackfile Function or an aws.lambda.Function. */
export type AuthorizerFunction = aws.lambda.Function | { function: aws.lambda.Function };

/** A made authorizer: how routes name it. */
export interface MadeAuthorizer {
  type: "jwt" | "lambda";
  authorizer: aws.apigatewayv2.Authorizer;
  /** Lambda authorizers: API Gateway's permission to invoke the function. */
  permission?: aws.lambda.Permission;
}

const lambdaOf = (f: AuthorizerFunction): aws.lambda.Function => (f instanceof aws.lambda.Function ? f : f.function);

/** Lambda authorizers whose function was not given (TypeScript: `authorizerFunctions`). */
export function authorizerFunctionProblems(authorizers: unknown, functions: Record<string, AuthorizerFunction>): Problem[] {
  const out: Problem[] = [];
  const map = typeof authorizers === "object" && authorizers !== null ? (authorizers as Record<string, { type?: unknown; functionName?: unknown }>) : {};
  for (const [name, a] of Object.entries(map)) {
    if (a?.type !== "lambda" || typeof a.functionName !== "string" || functions[a.functionName]) continue;
    const known = Object.keys(functions);
    out.push({
      path: ["authorizers", name, "functionName"],
      message: `no function named '${a.functionName}' was given (${known.length ? `authorizerFunctions: ${known.join(", ")}` : "authorizerFunctions is empty"})`,
      hint: "pass the function in authorizerFunctions under that name",
    });
  }
  return out;
}

export function createAuthorizers(
  children: ChildFactory,
  api: aws.apigatewayv2.Api,
  authorizers: Record<string, DeepInput<HttpApiAuthorizer>>,
  functions: Record<string, AuthorizerFunction>,
): Map<string, MadeAuthorizer> {
  const made = new Map<string, MadeAuthorizer>();
  for (const [authName, given] of Object.entries(authorizers).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) {
    const ofAuthorizer = children.suffixed(`-${authName}`);
    // `type` is a plain value (literal-only): it picks the shape.
    if (given.type === "jwt") {
      const a = given as DeepInput<JwtAuthorizer>;
      const authorizer = ofAuthorizer.make("authorizer", aws.apigatewayv2.Authorizer, {
        apiId: api.id,
        name: authName,
        authorizerType: "JWT",
        identitySources: [a.identitySource ?? JWT_DEFAULT_IDENTITY_SOURCE] as pulumi.Input<string>[],
        jwtConfiguration: { issuer: a.issuerUrl, audiences: a.audience },
      });
      made.set(authName, { type: "jwt", authorizer });
      continue;
    }
    const a = given as DeepInput<LambdaAuthorizer>;
    const fn = lambdaOf(functions[a.functionName as string]);
    const payloadFormat = (a.payloadFormat ?? "2.0") as pulumi.Input<string>;
    const authorizer = ofAuthorizer.make("authorizer", aws.apigatewayv2.Authorizer, {
      apiId: api.id,
      name: authName,
      authorizerType: "REQUEST",
      authorizerUri: fn.invokeArn,
      identitySources: a.identitySource as pulumi.Input<string>[] | undefined,
      authorizerPayloadFormatVersion: payloadFormat,
      // On by default with 2.0; API Gateway refuses it with 1.0.
      enableSimpleResponses: pulumi.all([payloadFormat, a.enableSimpleResponses]).apply(([f, s]) => (f === "2.0" ? s ?? true : undefined)),
      authorizerResultTtlInSeconds: a.resultTtl ?? 0,
    }, { dependsOn: [fn] });
    const permission = ofAuthorizer.make("authorizerPermission", aws.lambda.Permission, {
      action: "lambda:InvokeFunction",
      function: fn.name,
      principal: "apigateway.amazonaws.com",
      sourceArn: pulumi.interpolate`${api.executionArn}/authorizers/${authorizer.id}`,
    });
    made.set(authName, { type: "lambda", authorizer, permission });
  }
  return made;
}

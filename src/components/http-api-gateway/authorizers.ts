// The gateway's authorizers: one aws.apigatewayv2.Authorizer each (a cognito
// one is a JWT authorizer for a user pool's tokens) and, for a Lambda
// authorizer, the permission for API Gateway to invoke its function from this
// authorizer only.
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
import type { CognitoAuthorizer, HttpApiAuthorizer, JwtAuthorizer, LambdaAuthorizer } from "./authorizer-properties";
import { JWT_DEFAULT_IDENTITY_SOURCE } from "./authorizer-rules";
import type { ChildFactory } from "../../shared/component/child-factory";
import type { DeepInput } from "../../shared/component/inputs";
import type { Problem } from "../../shared/messages/problem";

/** What a Lambda authorizer's `functionName` may name: a stackfile Function or an aws.lambda.Function. */
export type AuthorizerFunction = aws.lambda.Function | { function: aws.lambda.Function };

/**
 * What a `cognito` authorizer's `userPoolName` may name: anything with the
 * issuer of its tokens and its app client's id (a stackfile UserAuthPool).
 */
export interface AuthorizerUserPool {
  issuerUrl: pulumi.Input<string>;
  clientId: pulumi.Input<string>;
}

/** Cognito authorizers whose user pool was not given (TypeScript: `authorizerUserPools`). */
export function authorizerUserPoolProblems(authorizers: unknown, pools: Record<string, AuthorizerUserPool>): Problem[] {
  const out: Problem[] = [];
  const map = typeof authorizers === "object" && authorizers !== null ? (authorizers as Record<string, { type?: unknown; userPoolName?: unknown }>) : {};
  for (const [name, a] of Object.entries(map)) {
    if (a?.type !== "cognito" || typeof a.userPoolName !== "string" || pools[a.userPoolName]) continue;
    const known = Object.keys(pools);
    out.push({
      path: ["authorizers", name, "userPoolName"],
      message: `no user pool named '${a.userPoolName}' was given (${known.length ? `authorizerUserPools: ${known.join(", ")}` : "authorizerUserPools is empty"})`,
      hint: "pass the pool (a UserAuthPool) in authorizerUserPools under that name",
    });
  }
  return out;
}

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
  pools: Record<string, AuthorizerUserPool> = {},
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
    // A user pool's tokens: its issuer, its app client as the audience
    // (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-jwt-authorizer.html, Amazon Cognito as the issuer).
    if (given.type === "cognito") {
      const a = given as DeepInput<CognitoAuthorizer>;
      const pool = pools[a.userPoolName as string];
      const authorizer = ofAuthorizer.make("authorizer", aws.apigatewayv2.Authorizer, {
        apiId: api.id,
        name: authName,
        authorizerType: "JWT",
        identitySources: [a.identitySource ?? JWT_DEFAULT_IDENTITY_SOURCE] as pulumi.Input<string>[],
        jwtConfiguration: { issuer: pool.issuerUrl, audiences: [pool.clientId] },
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

// The integration of stackfile's OPTIONS routes (beside an authorized ANY
// route, with CORS on: routes.ts). API Gateway answers a real CORS preflight
// (OPTIONS with Origin and Access-Control-Request-Method) itself, from the
// gateway's CORS settings; any other OPTIONS request (`curl -X OPTIONS
// .../admin`) goes to the route's integration. That must not be the
// authorized route's function: it would run with no authorizer, and a handler
// that ignores the method would serve the request. AWS's guide asks for an
// OPTIONS route without authorization with an integration of its own
// ("Configure CORS for HTTP APIs", "Configuring CORS for an HTTP API with a
// $default route and an authorizer",
// https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-cors.html).
// HTTP APIs have no mock integration: the `MOCK` integration type is
// "Supported only for WebSocket APIs" (API Gateway V2 API reference,
// CreateIntegration, IntegrationType:
// https://docs.aws.amazon.com/apigatewayv2/latest/api-reference/apis-apiid-integrations.html).
// So the integration is a function of stackfile's that answers 204 with no
// body; API Gateway adds the gateway's CORS headers to a CORS request's
// response ("For a CORS request, API Gateway adds the configured CORS headers
// to the response from an integration", the same guide). Its role grants
// nothing (it calls nothing and writes no logs).
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { ChildFactory } from "../../shared/component/child-factory";

/** The whole of the function: no content, whatever the request. */
export const CORS_ONLY_HANDLER = `// stackfile's answer to an OPTIONS request of an authorized route's path: no content.
export const handler = async () => ({ statusCode: 204 });
`;

/** The role, the function, API Gateway's permission to invoke it (from this API only), and the integration. */
export function createCorsOnlyIntegration(children: ChildFactory, api: aws.apigatewayv2.Api): aws.apigatewayv2.Integration {
  const role = children.make("preflightRole", aws.iam.Role, {
    description: `HTTP API ${children.name}: the CORS-only function of its OPTIONS routes (no permissions)`,
    assumeRolePolicy: JSON.stringify({
      Version: "2012-10-17",
      Statement: [{ Effect: "Allow", Principal: { Service: "lambda.amazonaws.com" }, Action: "sts:AssumeRole" }],
    }),
  });
  const fn = children.make("preflightFunction", aws.lambda.Function, {
    description: `HTTP API ${children.name}: answers OPTIONS requests of its authorized routes' paths with 204 (CORS only)`,
    role: role.arn,
    runtime: "nodejs22.x",
    architectures: ["arm64"],
    handler: "index.handler",
    memorySize: 128,
    timeout: 3,
    code: new pulumi.asset.AssetArchive({ "index.mjs": new pulumi.asset.StringAsset(CORS_ONLY_HANDLER) }),
  });
  children.make("preflightPermission", aws.lambda.Permission, {
    action: "lambda:InvokeFunction",
    function: fn.arn,
    principal: "apigateway.amazonaws.com",
    sourceArn: pulumi.interpolate`${api.executionArn}/*/*`,
  });
  return children.make("preflightIntegration", aws.apigatewayv2.Integration, {
    apiId: api.id,
    integrationType: "AWS_PROXY",
    integrationMethod: "POST",
    integrationUri: fn.arn,
    payloadFormatVersion: "2.0",
  });
}

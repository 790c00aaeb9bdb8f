// The gateway's inputs in the Pulumi package (src/pulumi-package/) beside its
// properties: its routes. A stack file routes a gateway to a function from
// the function's `events`, by the gateway's name; a program in another
// language has no names to look up, so it gives the gateway its routes, each
// to a function's ARN (`${hello.arn}` in Pulumi YAML), as `routes` of
// HttpApiGatewayArgs does in TypeScript (HttpApiRoute in index.ts).
import type { PackageInputs } from "../../shared/component/package-inputs";

export const httpApiGatewayPackageInputs: PackageInputs = {
  inputs: {
    routes: {
      type: "array",
      items: { $ref: "#/types/stackfile:index:HttpApiRoute" },
      description: "Routes to Lambda functions, made with the gateway (their methods count for the default CORS methods).",
    },
  },
  types: {
    HttpApiRoute: {
      type: "object",
      description: "A route of the gateway to a Lambda function: an integration, the route, and a permission for this API to invoke the function.",
      properties: {
        path: { type: "string", description: "`/items/{id}`, `/files/{proxy+}` (a greedy parameter only last)." },
        method: { type: "string", description: "An HTTP method, or `*` for any." },
        handler: { type: "string", description: "ARN of the function that receives the requests (a stackfile Function's `arn`)." },
        payloadFormat: { type: "string", description: "Overrides the gateway's payloadFormat for this route: `1.0` or `2.0`." },
        authorizer: { type: "string", description: "The gateway authorizer that guards the route, or `none` to opt out of the gateway's defaultAuthorizer." },
        authorizationScopes: { type: "array", items: { type: "string" }, description: "Scopes a JWT must hold (any one of them); JWT authorizers only." },
      },
      required: ["path", "method", "handler"],
    },
  },
};

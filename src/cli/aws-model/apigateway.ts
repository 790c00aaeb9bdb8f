// API Gateway v2 (HTTP APIs), their stages and custom domains.
import { arn, hex, type Answer } from "./model";

/** Hosted zone id of API Gateway regional endpoints in us-east-1. */
const APIGW_ZONE = "Z1UJRXOUMOOFQ8";

export const APIGATEWAY: Record<string, Answer> = {
  "aws:apigatewayv2/api:Api": (r) => {
    const id = hex(`${r.type}/${r.name}`, 10);
    return {
      id,
      state: {
        ...r.inputs,
        name: r.physical,
        apiEndpoint: `https://${id}.execute-api.${r.region}.amazonaws.com`,
        executionArn: arn(r.region, "execute-api", id),
        arn: arn(r.region, "apigateway", `/apis/${id}`, { accountless: true }),
      },
    };
  },
  "aws:apigatewayv2/stage:Stage": (r) => ({ id: r.inputs.name, state: { ...r.inputs, invokeUrl: `https://${r.inputs.apiId}.execute-api.${r.region}.amazonaws.com/` } }),
  "aws:apigatewayv2/domainName:DomainName": (r) => ({
    id: r.inputs.domainName,
    state: {
      ...r.inputs,
      domainNameConfiguration: { ...r.inputs.domainNameConfiguration, targetDomainName: `d-${hex(r.name, 10)}.execute-api.${r.region}.amazonaws.com`, hostedZoneId: APIGW_ZONE },
    },
  }),
};

// API Gateway HTTP APIs: the API's CORS, stages, custom domains, routes and integrations.
import { asArray, isObject, type AwsRule, type Finding } from "./rule";

const API = "aws:apigatewayv2/api:Api";
const STAGE = "aws:apigatewayv2/stage:Stage";
const DOMAIN = "aws:apigatewayv2/domainName:DomainName";
const MAPPING = "aws:apigatewayv2/apiMapping:ApiMapping";
const ROUTE = "aws:apigatewayv2/route:Route";
const INTEGRATION = "aws:apigatewayv2/integration:Integration";

/** `arn:aws:acm:eu-west-1:...` -> `eu-west-1`. */
const arnRegion = (arn: unknown) => (typeof arn === "string" ? arn.split(":")[3] : undefined);

export const APIGATEWAY_RULES: AwsRule[] = [
  {
    id: "apigateway/cors",
    types: [API],
    summary: "An HTTP API's CORS allows no credentials with the origin *, no wildcard methods or headers with credentials, a max age of -1 to 86400 seconds, and methods by name",
    source: "https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-cors.html; https://docs.aws.amazon.com/apigatewayv2/latest/api-reference/apis-apiid.html#apis-apiid-model-cors (maxAge -1 to 86400); aws/aws-cdk#9076 ('allow-credentials is not supported if allow-origin is *'); " +
      "https://developer.mozilla.org/en-US/docs/Web/HTTP/Reference/Headers/Access-Control-Allow-Methods and the Fetch standard's CORS protocol ('*' counts as a wildcard only for requests without credentials: API Gateway accepts it, browsers then fail the preflight)",
    check(r) {
      const c = r.inputs.corsConfiguration;
      if (!isObject(c)) return [];
      const out: Finding[] = [];
      if (c.allowCredentials === true && asArray(c.allowOrigins).includes("*")) out.push({ input: "corsConfiguration.allowCredentials", message: "API Gateway refuses credentials with the origin * (BadRequestException)" });
      if (c.allowCredentials === true) {
        for (const k of ["allowMethods", "allowHeaders", "exposeHeaders"]) {
          const at = asArray<string>(c[k]).indexOf("*");
          if (at >= 0) out.push({ input: `corsConfiguration.${k}.${at}`, message: `with allowCredentials, browsers read '*' in ${k} as a name, not a wildcard: credentialed preflights fail; list them by name` });
        }
      }
      if (typeof c.maxAge === "number" && (c.maxAge < -1 || c.maxAge > 86400)) out.push({ input: "corsConfiguration.maxAge", message: `maxAge must be -1 to 86400 seconds, not ${c.maxAge}` });
      asArray<string>(c.allowMethods).forEach((m, i) => {
        if (!/^(\*|GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)$/i.test(m)) out.push({ input: `corsConfiguration.allowMethods.${i}`, message: `'${m}' is not an HTTP method or *` });
      });
      return out;
    },
    examples: {
      pass: [
        { inputs: { protocolType: "HTTP", corsConfiguration: { allowOrigins: ["https://app.example.com"], allowCredentials: true, maxAge: 600 } } },
        { inputs: { protocolType: "HTTP", corsConfiguration: { allowOrigins: ["*"], allowMethods: ["*"] } } },
      ],
      fail: [
        { inputs: { protocolType: "HTTP", corsConfiguration: { allowOrigins: ["*"], allowCredentials: true } } },
        { inputs: { protocolType: "HTTP", corsConfiguration: { allowOrigins: ["https://app.example.com"], allowCredentials: true, allowMethods: ["*"] } } },
      ],
    },
  },
  {
    id: "apigateway/access-log-format",
    types: [STAGE],
    summary: "A stage's access log format holds $context.requestId and is at most 3 KB",
    source: "https://docs.aws.amazon.com/apigatewayv2/latest/api-reference/apis-apiid-stages.html (AccessLogSettings.format: must include at least $context.requestId); https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-quotas.html (Access log template size: 3 KB)",
    check(r) {
      const f = isObject(r.inputs.accessLogSettings) ? r.inputs.accessLogSettings.format : undefined;
      if (typeof f !== "string") return [];
      const out: Finding[] = [];
      if (!f.includes("$context.requestId")) out.push({ input: "accessLogSettings.format", message: "the access log format must include $context.requestId" });
      if (Buffer.byteLength(f) > 3072) out.push({ input: "accessLogSettings.format", message: `the access log format is ${Buffer.byteLength(f)} bytes; API Gateway takes 3 KB` });
      return out;
    },
    examples: {
      pass: [{ inputs: { name: "$default", accessLogSettings: { destinationArn: "arn:aws:logs:us-east-1:123456789012:log-group:g", format: "$context.requestId $context.status" } } }],
      fail: [{ inputs: { name: "$default", accessLogSettings: { destinationArn: "arn:aws:logs:us-east-1:123456789012:log-group:g", format: "$context.status" } } }],
    },
  },
  {
    id: "apigateway/regional-domain",
    types: [DOMAIN],
    summary: "A regional custom domain's certificate is in the API's region, with the TLS 1.2 policy, for a lower-case name without a final dot",
    source: "https://docs.aws.amazon.com/apigateway/latest/developerguide/how-to-custom-domains-prerequisites.html ('For an API Gateway Regional custom domain name, you must request or import the certificate in the same Region as your API'); https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-custom-domain-names.html",
    check(r) {
      const c = isObject(r.inputs.domainNameConfiguration) ? r.inputs.domainNameConfiguration : {};
      const out: Finding[] = [];
      const certRegion = arnRegion(c.certificateArn);
      if ((c.endpointType ?? "REGIONAL") === "REGIONAL" && certRegion && certRegion !== r.region) {
        out.push({ input: "domainNameConfiguration.certificateArn", message: `the certificate is in ${certRegion}, but a regional domain of an API in ${r.region} needs one from ${r.region}` });
      }
      if (c.securityPolicy !== undefined && c.securityPolicy !== "TLS_1_2") out.push({ input: "domainNameConfiguration.securityPolicy", message: "HTTP APIs support only the TLS_1_2 security policy" });
      const d = r.inputs.domainName;
      if (typeof d === "string" && (d !== d.toLowerCase() || d.endsWith("."))) out.push({ input: "domainName", message: `'${d}' must be lower case without a final dot` });
      return out;
    },
    examples: {
      pass: [{ inputs: { domainName: "api.example.com", domainNameConfiguration: { certificateArn: "arn:aws:acm:us-east-1:123456789012:certificate/abc", endpointType: "REGIONAL", securityPolicy: "TLS_1_2" } } }],
      fail: [{ inputs: { domainName: "api.example.com", domainNameConfiguration: { certificateArn: "arn:aws:acm:eu-west-1:123456789012:certificate/abc", endpointType: "REGIONAL", securityPolicy: "TLS_1_2" } } }],
    },
  },
  {
    id: "apigateway/api-mapping",
    types: [MAPPING],
    summary: "An API mapping names an API, a domain and a stage; its key, if any, has no leading or trailing slash; a domain maps one key once",
    source: "https://docs.aws.amazon.com/apigatewayv2/latest/api-reference/domainnames-domainname-apimappings.html (ApiMappingKey); https://docs.aws.amazon.com/apigateway/latest/developerguide/rest-api-mappings.html",
    check(r, ctx) {
      const i = r.inputs;
      const out: Finding[] = [];
      for (const k of ["apiId", "domainName", "stage"]) if (typeof i[k] !== "string" || i[k] === "") out.push({ input: k, message: `${k} is required` });
      if (typeof i.apiMappingKey === "string" && /^\/|\/$/.test(i.apiMappingKey)) out.push({ input: "apiMappingKey", message: "the mapping key has no leading or trailing slash" });
      const twin = ctx.resources.find((x) => x !== r && x.type === MAPPING && x.inputs.domainName === i.domainName && (x.inputs.apiMappingKey ?? "") === (i.apiMappingKey ?? ""));
      if (twin) out.push({ input: "apiMappingKey", message: `domain ${i.domainName} maps the same key in ${twin.name}` });
      return out;
    },
    examples: { pass: [{ inputs: { apiId: "a1", domainName: "api.example.com", stage: "$default" } }], fail: [{ inputs: { apiId: "a1", domainName: "api.example.com", stage: "$default", apiMappingKey: "/v1" } }] },
  },
  {
    id: "apigateway/route-key",
    types: [ROUTE],
    summary: "A route key is `METHOD /path` (ANY for any method) or $default; a greedy {name+} is last; each key once per API",
    source: "https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-develop-routes.html",
    check(r, ctx) {
      const k = r.inputs.routeKey;
      const out: Finding[] = [];
      if (typeof k === "string" && k !== "$default") {
        const m = /^(ANY|GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) (\/\S*)$/.exec(k);
        if (!m) out.push({ input: "routeKey", message: `'${k}' is not METHOD /path or $default` });
        else if (/\{[^}]+\+\}./.test(m[2])) out.push({ input: "routeKey", message: `in '${k}' the greedy parameter must be last` });
      }
      const twin = ctx.resources.find((x) => x !== r && x.type === ROUTE && x.inputs.apiId === r.inputs.apiId && x.inputs.routeKey === k);
      if (twin) out.push({ input: "routeKey", message: `route ${k} is also ${twin.name} of the same API` });
      return out;
    },
    examples: { pass: [{ inputs: { apiId: "a1", routeKey: "GET /items/{id}" } }], fail: [{ inputs: { apiId: "a1", routeKey: "GET /files/{path+}/meta" } }] },
  },
  {
    id: "apigateway/lambda-integration",
    types: [INTEGRATION],
    summary: "A Lambda proxy integration of an HTTP API is called with POST, payload format 1.0 or 2.0, within 50 to 30,000 ms",
    source: "https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-develop-integrations-lambda.html; https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-quotas.html (integration timeout 30 s)",
    check(r) {
      const i = r.inputs;
      if (i.integrationType !== "AWS_PROXY") return [];
      const out: Finding[] = [];
      if (i.integrationMethod !== undefined && i.integrationMethod !== "POST") out.push({ input: "integrationMethod", message: "Lambda is invoked with POST" });
      if (!["1.0", "2.0"].includes(i.payloadFormatVersion ?? "1.0")) out.push({ input: "payloadFormatVersion", message: `payload format ${i.payloadFormatVersion} is not 1.0 or 2.0` });
      if (typeof i.timeoutMilliseconds === "number" && (i.timeoutMilliseconds < 50 || i.timeoutMilliseconds > 30000)) out.push({ input: "timeoutMilliseconds", message: "an HTTP API integration waits 50 to 30,000 ms" });
      return out;
    },
    examples: { pass: [{ inputs: { integrationType: "AWS_PROXY", integrationMethod: "POST", payloadFormatVersion: "2.0" } }], fail: [{ inputs: { integrationType: "AWS_PROXY", integrationMethod: "GET", payloadFormatVersion: "3.0" } }] },
  },
];

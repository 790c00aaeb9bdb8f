import * as assert from "assert";
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import { HttpApiGateway, attachHttpApiIntegration, type HttpApiGatewayArgs } from "../../../src/components/http-api-gateway";
import { run, outputValue, G } from "../../harness";
import { plannedResources } from "../../../src/cli/plan-checks";
import { checkCatalog } from "../../../src/aws-rules";

const FN = "arn:aws:lambda:us-east-1:123456789012:function:items";
const make = (args: HttpApiGatewayArgs = {}, opts = {}) => run(() => new HttpApiGateway("api", args), opts);

const ALARM = "aws:cloudwatch/metricAlarm:MetricAlarm";

describe("HttpApiGateway: API, stage and access logs", () => {
  it("with no properties: an HTTP API, an auto-deployed $default stage, JSON access logs kept 30 days and its alarms", async () => {
    const r = await make();
    assert.deepStrictEqual(
      r.resources.filter((x) => x.parent === "api").map((x) => `${x.type} ${x.name}`).sort(),
      [`${G.api} api-api`, `${G.stage} api-stage`, `${G.logGroup} api-log-group`, `${ALARM} api-latency-alarm`, `${ALARM} api-server-errors-alarm`],
    );
    const api = r.one(G.api);
    assert.strictEqual(api.inputs.protocolType, "HTTP");
    assert.strictEqual(api.inputs.corsConfiguration, undefined);
    const stage = r.one(G.stage).inputs;
    assert.deepStrictEqual({ apiId: stage.apiId, name: stage.name, autoDeploy: stage.autoDeploy }, { apiId: api.id, name: "$default", autoDeploy: true });
    assert.strictEqual(r.one(G.logGroup).inputs.retentionInDays, 30);
    assert.strictEqual(stage.accessLogSettings.destinationArn, r.one(G.logGroup).state.arn);
    assert.deepStrictEqual(Object.keys(JSON.parse(stage.accessLogSettings.format)), [
      "requestId", "ip", "requestTime", "httpMethod", "routeKey", "status", "protocol", "responseLength",
    ]);
  });

  for (const format of ["CLF", "CSV", "JSON", "XML"] as const) {
    it(`logging.format ${format} carries all eight fields`, async () => {
      const f = (await make({ logging: { format } })).one(G.stage).inputs.accessLogSettings.format as string;
      for (const v of ["requestId", "identity.sourceIp", "requestTime", "httpMethod", "routeKey", "status", "protocol", "responseLength"]) {
        assert.ok(f.includes(`$context.${v}`), `${format} lacks ${v}: ${f}`);
      }
    });
  }

  it("logging.format CSV and XML have their shapes", async () => {
    assert.strictEqual((await make({ logging: { format: "CSV" } })).one(G.stage).inputs.accessLogSettings.format.split(",").length, 8);
    assert.match((await make({ logging: { format: "XML" } })).one(G.stage).inputs.accessLogSettings.format, /^<request id="\$context.requestId">.*<\/request>$/);
  });

  it("logging.retentionDays and disabled", async () => {
    assert.strictEqual((await make({ logging: { retentionDays: 365 } })).one(G.logGroup).inputs.retentionInDays, 365);
    const off = await make({ logging: { disabled: true } });
    assert.strictEqual(off.all(G.logGroup).length, 0);
    assert.strictEqual(off.one(G.stage).inputs.accessLogSettings, undefined);
  });

  it("domain and url are the API's default endpoint", async () => {
    let gw: HttpApiGateway | undefined;
    const r = await run(() => { gw = new HttpApiGateway("api", {}); });
    const endpoint = r.one(G.api).state.apiEndpoint as string;
    assert.strictEqual(await outputValue(gw!.url), endpoint);
    assert.strictEqual(await outputValue(gw!.domain), endpoint.replace("https://", ""));
    assert.strictEqual(gw!.customDomains, undefined);
    assert.strictEqual(gw!.cdnUrl, undefined);
  });
});

describe("HttpApiGateway: CORS", () => {
  it("enabled with nothing else: origins *, the default headers, the routes' methods", async () => {
    const r = await make({
      cors: { enabled: true },
      routes: [{ path: "/items", method: "POST", handler: FN }, { path: "/items/{id}", method: "GET", handler: FN }],
    });
    assert.deepStrictEqual(r.one(G.api).inputs.corsConfiguration, {
      allowOrigins: ["*"],
      allowHeaders: ["Content-Type", "X-Amz-Date", "Authorization", "X-Api-Key", "X-Amz-Security-Token", "X-Amz-User-Agent"],
      allowMethods: ["GET", "POST"],
    });
  });

  it("counts the methods named in routeMethods for routes added later, and * means every method", async () => {
    const r = await run(() => {
      const gw = new HttpApiGateway("api", { cors: { enabled: true }, routeMethods: ["delete", "ANY"] });
      gw.addRoute({ path: "/a", method: "DELETE", handler: FN });
      gw.addRoute({ path: "/{proxy+}", method: "*", handler: FN });
    });
    assert.deepStrictEqual(r.one(G.api).inputs.corsConfiguration.allowMethods, ["*"]);
  });

  it("with credentials, a * route allows every method by name", async () => {
    const r = await make({ cors: { enabled: true, allowedOrigins: ["https://a.example.com"], allowCredentials: true }, routeMethods: ["*"] });
    assert.deepStrictEqual(r.one(G.api).inputs.corsConfiguration.allowMethods, ["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"]);
  });

  it("maps every CORS field", async () => {
    const r = await make({
      cors: {
        enabled: true, allowedOrigins: ["https://app.example.com"], allowedHeaders: ["x-custom"], allowedMethods: ["GET", "PUT"],
        allowCredentials: true, exposedResponseHeaders: ["x-request-id"], maxAge: 600,
      },
    });
    assert.deepStrictEqual(r.one(G.api).inputs.corsConfiguration, {
      allowOrigins: ["https://app.example.com"], allowHeaders: ["x-custom"], allowMethods: ["GET", "PUT"],
      allowCredentials: true, exposeHeaders: ["x-request-id"], maxAge: 600,
    });
  });

  it("refuses a later route of a method the default CORS methods do not name, at once, in the same step or any later one", async () => {
    const refused = /route POST \/b: POST is not among the default CORS methods \(GET\), which are fixed from `routes` and `routeMethods` when the gateway is made/;
    let gw: HttpApiGateway | undefined;
    await assert.rejects(run(() => {
      gw = new HttpApiGateway("api", { cors: { enabled: true }, routes: [{ path: "/a", method: "GET", handler: FN }] });
      gw.addRoute({ path: "/b", method: "POST", handler: FN });
    }), refused);
    await run(() => { gw = new HttpApiGateway("api", { cors: { enabled: true }, routes: [{ path: "/a", method: "GET", handler: FN }] }); });
    assert.throws(() => gw!.addRoute({ path: "/b", method: "POST", handler: FN }), refused);
  });

  it("takes later routes of any method when cors.allowedMethods is set, or CORS is off", async () => {
    const r = await run(() => {
      const listed = new HttpApiGateway("listed", { cors: { enabled: true, allowedMethods: ["GET"] } });
      listed.addRoute({ path: "/b", method: "POST", handler: FN });
      const off = new HttpApiGateway("off", {});
      off.addRoute({ path: "/b", method: "POST", handler: FN });
    });
    assert.strictEqual(r.all(G.route).length, 2);
  });

  it("refuses an unknown method in routeMethods", () => {
    assert.throws(() => new HttpApiGateway("api", { cors: { enabled: true }, routeMethods: ["FETCH"] }), /routeMethods\[?\.?0\]?.*method must be one of/);
  });

  it("refuses allowCredentials with origin *", () => {
    assert.throws(() => new HttpApiGateway("api", { cors: { enabled: true, allowCredentials: true } }), /allowCredentials cannot be used with the origin '\*'/);
  });
});

describe("HttpApiGateway: routes", () => {
  it("makes an AWS_PROXY integration, the route and a permission scoped to this API", async () => {
    const r = await make({ routes: [{ path: "/items/{id}", method: "get", handler: FN }] });
    const integration = r.one(G.integration);
    assert.deepStrictEqual(
      { type: integration.inputs.integrationType, uri: integration.inputs.integrationUri, method: integration.inputs.integrationMethod, format: integration.inputs.payloadFormatVersion },
      { type: "AWS_PROXY", uri: FN, method: "POST", format: "1.0" },
    );
    const route = r.one(G.route).inputs;
    assert.strictEqual(route.routeKey, "GET /items/{id}");
    assert.strictEqual(route.target, `integrations/${integration.id}`);
    const permission = r.one(G.permission).inputs;
    assert.deepStrictEqual(
      { action: permission.action, fn: permission.function, principal: permission.principal, arn: permission.sourceArn },
      { action: "lambda:InvokeFunction", fn: FN, principal: "apigateway.amazonaws.com", arn: `${r.one(G.api).state.executionArn}/*/*` },
    );
  });

  it("takes a @pulumi/aws Function as the handler, using its ARN", async () => {
    const r = await run(() => {
      const fn = new aws.lambda.Function("items", { role: "arn:aws:iam::123456789012:role/items", runtime: "nodejs22.x", handler: "index.handler", code: new pulumi.asset.AssetArchive({}) });
      new HttpApiGateway("api", { routes: [{ path: "/items", method: "GET", handler: fn }] });
    });
    const fnArn = r.one("aws:lambda/function:Function").state.arn;
    assert.strictEqual(r.one(G.integration).inputs.integrationUri, fnArn);
    assert.strictEqual(r.one(G.permission).inputs.function, fnArn);
  });

  it("* becomes ANY and a greedy path; exact and greedy routes for the same path coexist (the most specific wins at AWS)", async () => {
    const r = await make({ routes: [{ path: "/{proxy+}", method: "*", handler: FN }, { path: "/items", method: "GET", handler: FN }, { path: "/items", method: "*", handler: FN }] });
    assert.deepStrictEqual(r.all(G.route).map((x) => x.inputs.routeKey).sort(), ["ANY /items", "ANY /{proxy+}", "GET /items"]);
    assert.deepStrictEqual(r.all(G.permission).map((x) => x.inputs.sourceArn), [`${r.one(G.api).state.executionArn}/*/*`], "any method and path of this API");
  });

  it("one invoke permission per function and API, however many routes: the function's policy stays far under Lambda's 20 KB", async () => {
    const OTHER = "arn:aws:lambda:us-east-1:123456789012:function:other";
    const routes = Array.from({ length: 80 }, (_, i) => ({ path: `/items/${i}/{id}`, method: "GET", handler: FN }));
    const r = await make({ routes: [...routes, { path: "/other", method: "POST", handler: OTHER }] });
    assert.strictEqual(r.all(G.route).length, 81);
    const perms = r.all(G.permission);
    assert.deepStrictEqual(perms.map((p) => p.inputs.function).sort(), [FN, OTHER].sort());
    const names = perms.map((p) => p.name).sort();
    assert.match(names[0], /^api-route-permission-items-[0-9a-f]{6}$/);
    assert.match(names[1], /^api-route-permission-other-[0-9a-f]{6}$/);
    const found = checkCatalog(await plannedResources(r.resources, "us-east-1"), { region: "us-east-1" }).filter((f) => f.rule.id === "lambda/policy-size");
    assert.deepStrictEqual(found, []);
  });

  it("payloadFormat: route > gateway > 1.0", async () => {
    const r = await make({ payloadFormat: "2.0", routes: [{ path: "/a", method: "GET", handler: FN }, { path: "/b", method: "GET", handler: FN, payloadFormat: "1.0" }] });
    const byRoute = Object.fromEntries(r.all(G.integration).map((i) => [i.name.includes("get-a-") ? "a" : "b", i.inputs.payloadFormatVersion]));
    assert.deepStrictEqual(byRoute, { a: "2.0", b: "1.0" });
  });

  it("refuses bad paths and methods, at the route's field", () => {
    const bad: [string, string, RegExp][] = [
      ["items", "GET", /routes\[0\]\.path: path must start with '\/' \(got 'items'\)/],
      ["/{proxy+}/x", "GET", /greedy parameter '\{proxy\+\}' must be the last segment/],
      ["/a//b", "GET", /empty segment/],
      ["/a/{b", "GET", /is not a parameter/],
      ["/a", "FETCH", /method must be one of/],
    ];
    for (const [path, method, re] of bad) {
      assert.throws(() => new HttpApiGateway("api", { routes: [{ path, method, handler: FN }] }), re, `${method} ${path}`);
    }
    assert.throws(() => new HttpApiGateway("api", { routes: [{ path: "/a", method: "GET", handler: FN }, { path: "/a", method: "get", handler: FN }] }), /routes\[1\]\.path: route GET \/a of 'api' is listed twice/);
    assert.throws(() => new HttpApiGateway("api", { routes: [{ path: "/a/{x}", method: "GET", handler: FN }, { path: "/a/{y}", method: "GET", handler: FN }] }), /route GET \/a\/\{y\} of 'api' has a variable named otherwise at the same level as GET \/a\/\{x\}/);
    // The same name twice in one path is no rule AWS documents: left alone.
    assert.doesNotThrow(() => new HttpApiGateway("api2", { routes: [{ path: "/f/{x}/{x}", method: "GET", handler: FN }] }));
  });

  it("gives each route's children stable, distinct names", async () => {
    const r = await make({ routes: [{ path: "/a-b", method: "GET", handler: FN }, { path: "/a/b", method: "GET", handler: FN }] });
    const names = r.all(G.route).map((x) => x.name);
    assert.strictEqual(new Set(names).size, 2);
    assert.ok(names.every((n) => /^api-route-get-a-b-[0-9a-f]{6}$/.test(n)), names.join(" "));
  });
});

describe("attachHttpApiIntegration (a workload's events entry)", () => {
  it("routes the integration to the named gateway", async () => {
    const r = await run(() => {
      const gateways = { api: new HttpApiGateway("api", {}) };
      attachHttpApiIntegration(gateways, { type: "http-api-gateway", properties: { httpApiGatewayName: "api", path: "/jobs/{id}", method: "POST" } }, FN, "2.0");
    });
    assert.strictEqual(r.one(G.route).inputs.routeKey, "POST /jobs/{id}");
    assert.strictEqual(r.one(G.integration).inputs.payloadFormatVersion, "2.0");
  });

  it("refuses an unknown gateway, another type, and containerPort for a function", async () => {
    let gateways: Record<string, HttpApiGateway> = {};
    await run(() => { gateways = { api: new HttpApiGateway("api", {}) }; });
    const base = { httpApiGatewayName: "api", path: "/a", method: "GET" };
    assert.throws(() => attachHttpApiIntegration(gateways, { type: "http-api-gateway", properties: { ...base, httpApiGatewayName: "apii" } }, FN), /no http-api-gateway named 'apii'; gateways: api/);
    assert.throws(() => attachHttpApiIntegration(gateways, { type: "queue" as any, properties: base }, FN), /integration type must be 'http-api-gateway'/);
    assert.throws(() => attachHttpApiIntegration(gateways, { type: "http-api-gateway", properties: { ...base, containerPort: 8080 } }, FN), /containerPort is for container workloads/);
  });
});

describe("HttpApiGateway: overrides and preview", () => {
  it("transform adjusts the named child", async () => {
    const r = await make({ transform: { stage: (a) => ({ ...a, defaultRouteSettings: { throttlingBurstLimit: 100, throttlingRateLimit: 50 } }) } });
    assert.deepStrictEqual(r.one(G.stage).inputs.defaultRouteSettings, { throttlingBurstLimit: 100, throttlingRateLimit: 50 });
  });

  it("registers the same resources in preview", async () => {
    const args: HttpApiGatewayArgs = { cors: { enabled: true }, customDomains: [{ domainName: "api.example.com" }], cdn: { enabled: true }, routes: [{ path: "/a", method: "GET", handler: FN }] };
    const up = await make(args);
    const preview = await make(args, { preview: true });
    assert.deepStrictEqual(preview.resources.map((x) => x.name).sort(), up.resources.map((x) => x.name).sort());
  });

  it("accepts Outputs where values do not decide what is made", async () => {
    const r = await make({ cors: { enabled: true, allowedOrigins: [pulumi.output("https://a.example.com")], allowedMethods: ["GET"] } });
    assert.deepStrictEqual(r.one(G.api).inputs.corsConfiguration.allowOrigins, ["https://a.example.com"]);
    assert.throws(() => new HttpApiGateway("x", { cdn: { enabled: pulumi.output(true) as any } }), /cdn.enabled decides which AWS resources are made/);
  });
});

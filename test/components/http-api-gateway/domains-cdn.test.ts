import * as assert from "assert";
import { HttpApiGateway, type HttpApiGatewayArgs } from "../../../src/components/http-api-gateway";
import { run, outputValue, G } from "../../harness";
import { plannedResources } from "../../../src/cli/plan-checks";
import { checkCatalog } from "../../../src/aws-rules";

const ZONES = { zones: ["example.com", "team.example.org", "example.org"] };
const CERT = "arn:aws:acm:us-east-1:123456789012:certificate/0f0e0d0c-1234-5678-9abc-def012345678";
let gw: HttpApiGateway | undefined;
const make = (args: HttpApiGatewayArgs, opts: object = ZONES) => run(() => { gw = new HttpApiGateway("api", args); }, opts);

describe("HttpApiGateway: custom domains", () => {
  it("issues a DNS-validated certificate in the stack's region and maps a regional TLS 1.2 domain to the stage", async () => {
    const r = await make({ customDomains: [{ domainName: "api.example.com" }] });
    const cert = r.one(G.certificate);
    assert.deepStrictEqual({ d: cert.inputs.domainName, m: cert.inputs.validationMethod, p: cert.provider }, { d: "api.example.com", m: "DNS", p: null });
    const validationRecord = r.byName("api-domain-validation-record-api-example-com")!;
    assert.deepStrictEqual(
      { name: validationRecord.inputs.name, type: validationRecord.inputs.type, records: validationRecord.inputs.records },
      { name: cert.state.domainValidationOptions[0].resourceRecordName, type: "CNAME", records: [cert.state.domainValidationOptions[0].resourceRecordValue] },
    );
    const zone = r.invokes.filter((i) => i.token === "aws:route53/getZone:getZone").map((i) => i.inputs.name);
    assert.deepStrictEqual(zone, ["api.example.com", "example.com"], "longest matching zone first");
    assert.strictEqual(validationRecord.inputs.zoneId, r.byName("api-domain-record-a-api-example-com")!.inputs.zoneId);
    assert.deepStrictEqual(r.one(G.validation).inputs.validationRecordFqdns, [validationRecord.state.fqdn]);
    const domain = r.one(G.domainName).inputs;
    assert.deepStrictEqual(domain.domainNameConfiguration, {
      certificateArn: cert.state.arn, endpointType: "REGIONAL", securityPolicy: "TLS_1_2", ipAddressType: "dualstack",
    });
    const mapping = r.one(G.apiMapping).inputs;
    assert.deepStrictEqual(mapping, { apiId: r.one(G.api).id, domainName: "api.example.com", stage: "$default" });
  });

  it("points A and AAAA alias records at the API Gateway domain", async () => {
    const r = await make({ customDomains: [{ domainName: "api.example.com" }] });
    const target = r.one(G.domainName).state.domainNameConfiguration;
    for (const type of ["A", "AAAA"]) {
      const rec = r.all(G.record).find((x) => x.inputs.type === type)!;
      assert.strictEqual(rec.inputs.name, "api.example.com");
      assert.deepStrictEqual(rec.inputs.aliases, [{ name: target.targetDomainName, zoneId: target.hostedZoneId, evaluateTargetHealth: false }]);
    }
  });

  it("finds the longest matching parent zone", async () => {
    const r = await make({ customDomains: [{ domainName: "api.team.example.org" }] });
    const zoneIds = new Set(r.all(G.record).map((x) => x.inputs.zoneId));
    assert.strictEqual(zoneIds.size, 1);
    const tried = r.invokes.filter((i) => i.token === "aws:route53/getZone:getZone").map((i) => i.inputs.name);
    assert.deepStrictEqual(tried, ["api.team.example.org", "team.example.org"], "team.example.org wins over example.org");
  });

  it("customCertificateArn: no certificate is issued, the given one is attached", async () => {
    const r = await make({ customDomains: [{ domainName: "api.example.com", customCertificateArn: CERT }] });
    assert.strictEqual(r.all(G.certificate).length, 0);
    assert.strictEqual(r.one(G.domainName).inputs.domainNameConfiguration.certificateArn, CERT);
    assert.strictEqual(r.all(G.record).length, 2);
  });

  it("disableDnsRecordCreation: the certificate is still issued, only the alias records are skipped", async () => {
    const r = await make({ customDomains: [{ domainName: "api.example.com", disableDnsRecordCreation: true }] });
    assert.strictEqual(r.all(G.certificate).length, 1);
    assert.deepStrictEqual(r.all(G.record).map((x) => x.inputs.type), ["CNAME"]);
    const none = await make({ customDomains: [{ domainName: "api.example.com", disableDnsRecordCreation: true, customCertificateArn: CERT }] });
    assert.strictEqual(none.all(G.record).length, 0);
    assert.strictEqual(none.invokes.length, 0, "no zone lookup is needed");
  });

  it("outputs customDomains and customDomainUrls comma-separated", async () => {
    await make({ customDomains: [{ domainName: "api.example.com" }, { domainName: "v2.example.com" }] });
    assert.strictEqual(await outputValue(gw!.customDomains!), "api.example.com,v2.example.com");
    assert.strictEqual(await outputValue(gw!.customDomainUrls!), "https://api.example.com,https://v2.example.com");
  });

  it("fails with what to do when no hosted zone matches", async () => {
    await assert.rejects(make({ customDomains: [{ domainName: "api.nowhere.net" }] }),
      /no Route 53 hosted zone for api.nowhere.net in this account \(looked for api.nowhere.net, nowhere.net\); add a hosted zone for the domain or a parent domain, and point the registrar's name servers at it/);
  });

  it("refuses domain names with a protocol, and other malformed ones", () => {
    assert.throws(() => new HttpApiGateway("x", { customDomains: [{ domainName: "https://api.example.com/" }] }), /domainName must not include a protocol: write 'api.example.com'/);
    assert.throws(() => new HttpApiGateway("x", { customDomains: [{ domainName: "localhost" }] }), /must be fully qualified/);
    assert.throws(() => new HttpApiGateway("x", { customDomains: [{ domainName: "a_b.example.com" }] }), /invalid label 'a_b'/);
    assert.throws(() => new HttpApiGateway("x", { customDomains: [{ domainName: "a.example.com" }, { domainName: "A.example.com" }] }), /used twice/);
    assert.throws(() => new HttpApiGateway("x", { customDomains: [{ domainName: "a.example.com", customCertificateArn: "cert-123" }] }), /must be an ACM certificate ARN/);
  });
});

describe("HttpApiGateway: CDN", () => {
  it("puts CloudFront in front: HTTPS-only origin, Host never forwarded, all methods, default certificate", async () => {
    const r = await make({ cdn: { enabled: true } });
    const d = r.one(G.distribution).inputs;
    const origin = d.origins[0];
    assert.strictEqual(origin.domainName, r.one(G.api).state.apiEndpoint.replace("https://", ""));
    assert.deepStrictEqual(origin.customOriginConfig, { httpPort: 80, httpsPort: 443, originProtocolPolicy: "https-only", originSslProtocols: ["TLSv1.2"] });
    assert.strictEqual(d.defaultCacheBehavior.viewerProtocolPolicy, "redirect-to-https");
    assert.deepStrictEqual(d.defaultCacheBehavior.allowedMethods, ["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"]);
    assert.deepStrictEqual(d.defaultCacheBehavior.cachedMethods, ["GET", "HEAD"]);
    assert.strictEqual(d.defaultCacheBehavior.cachePolicyId, r.one(G.cachePolicy).id);
    assert.strictEqual(d.defaultCacheBehavior.originRequestPolicyId, r.one(G.originRequestPolicy).id);
    assert.strictEqual(d.defaultCacheBehavior.compress, true);
    assert.strictEqual(d.priceClass, "PriceClass_All");
    assert.deepStrictEqual(d.viewerCertificate, { cloudfrontDefaultCertificate: true });
    assert.deepStrictEqual(r.one(G.originRequestPolicy).inputs.headersConfig, { headerBehavior: "allExcept", headers: { items: ["host"] } });
    assert.strictEqual(await outputValue(gw!.cdnUrl!), `https://${r.one(G.distribution).state.domainName}`);
    assert.strictEqual(await outputValue(gw!.cdnDomain!), r.one(G.distribution).state.domainName);
    assert.strictEqual(gw!.cdnCustomDomains, undefined);
  });

  it("cachingOptions make the cache policy", async () => {
    const r = await make({
      cdn: {
        enabled: true,
        cachingOptions: {
          minTTL: 1, defaultTTL: 60, maxTTL: 3600, cacheMethods: ["GET", "HEAD", "OPTIONS"], disableCompression: true,
          cacheKeyParameters: { cookies: { behavior: "whitelist", items: ["session"] }, headers: { behavior: "whitelist", items: ["accept-language"] }, queryString: { behavior: "allExcept", items: ["utm_source"] } },
        },
      },
    });
    const p = r.one(G.cachePolicy).inputs;
    assert.deepStrictEqual({ min: p.minTtl, def: p.defaultTtl, max: p.maxTtl }, { min: 1, def: 60, max: 3600 });
    assert.deepStrictEqual(p.parametersInCacheKeyAndForwardedToOrigin, {
      cookiesConfig: { cookieBehavior: "whitelist", cookies: { items: ["session"] } },
      headersConfig: { headerBehavior: "whitelist", headers: { items: ["accept-language", "authorization"] } },
      queryStringsConfig: { queryStringBehavior: "allExcept", queryStrings: { items: ["utm_source"] } },
      enableAcceptEncodingGzip: false,
      enableAcceptEncodingBrotli: false,
    });
    const d = r.one(G.distribution).inputs.defaultCacheBehavior;
    assert.deepStrictEqual(d.cachedMethods, ["GET", "HEAD", "OPTIONS"]);
    assert.strictEqual(d.compress, false);
  });

  it("maxTTL 0 turns caching off and leaves the cache key empty", async () => {
    const r = await make({ cdn: { enabled: true, cachingOptions: { maxTTL: 0 } } });
    const p = r.one(G.cachePolicy).inputs.parametersInCacheKeyAndForwardedToOrigin;
    assert.deepStrictEqual([p.cookiesConfig, p.headersConfig, p.queryStringsConfig], [{ cookieBehavior: "none" }, { headerBehavior: "none" }, { queryStringBehavior: "none" }]);
    assert.strictEqual(p.enableAcceptEncodingGzip, false);
  });

  it("forwardingOptions make the origin request policy and origin headers; allExcept always keeps Host out", async () => {
    const r = await make({
      cdn: {
        enabled: true,
        forwardingOptions: {
          customRequestHeaders: [{ headerName: "x-origin-verify", value: "s3cr3t" }],
          allowedMethods: ["GET", "HEAD", "OPTIONS"],
          cookies: { behavior: "none" },
          headers: { behavior: "allExcept", items: ["x-forwarded-for"] },
          queryString: { behavior: "whitelist", items: ["page"] },
        },
      },
    });
    const o = r.one(G.originRequestPolicy).inputs;
    assert.deepStrictEqual(o.cookiesConfig, { cookieBehavior: "none" });
    assert.deepStrictEqual(o.headersConfig, { headerBehavior: "allExcept", headers: { items: ["x-forwarded-for", "host"] } });
    assert.deepStrictEqual(o.queryStringsConfig, { queryStringBehavior: "whitelist", queryStrings: { items: ["page"] } });
    const d = r.one(G.distribution).inputs;
    assert.deepStrictEqual(d.origins[0].customHeaders, [{ name: "x-origin-verify", value: "s3cr3t" }]);
    assert.deepStrictEqual(d.defaultCacheBehavior.allowedMethods, ["GET", "HEAD", "OPTIONS"]);
  });

  it("a custom origin header CloudFront allows: Authorization may be added (it is not on CloudFront's list)", async () => {
    const r = await make({ cdn: { enabled: true, forwardingOptions: { customRequestHeaders: [{ headerName: "Authorization", value: "Basic abc" }] } } });
    assert.deepStrictEqual(r.one(G.distribution).inputs.origins[0].customHeaders, [{ name: "Authorization", value: "Basic abc" }]);
  });

  it("with caching on, the viewer's Authorization reaches the gateway: it is in the cache key (an origin request policy cannot carry it)", async () => {
    const on = (await make({ cdn: { enabled: true } })).one(G.cachePolicy).inputs.parametersInCacheKeyAndForwardedToOrigin;
    assert.deepStrictEqual(on.headersConfig, { headerBehavior: "whitelist", headers: { items: ["authorization"] } });
    const mine = (await make({ cdn: { enabled: true, cachingOptions: { cacheKeyParameters: { headers: { behavior: "whitelist", items: ["accept-language"] } } } } }))
      .one(G.cachePolicy).inputs.parametersInCacheKeyAndForwardedToOrigin;
    assert.deepStrictEqual(mine.headersConfig, { headerBehavior: "whitelist", headers: { items: ["accept-language", "authorization"] } });
    // Not when the forwarding leaves it out, and not with caching off (then allExcept forwards it).
    const left = (await make({ cdn: { enabled: true, forwardingOptions: { headers: { behavior: "whitelist", items: ["x-api-key"] } } } }))
      .one(G.cachePolicy).inputs.parametersInCacheKeyAndForwardedToOrigin;
    assert.deepStrictEqual(left.headersConfig, { headerBehavior: "none" });
    const off = (await make({ cdn: { enabled: true, cachingOptions: { maxTTL: 0 } } })).one(G.cachePolicy).inputs.parametersInCacheKeyAndForwardedToOrigin;
    assert.deepStrictEqual(off.headersConfig, { headerBehavior: "none" });
  });

  it("with CORS and caching on, Origin is in the cache key (and the preflight headers when OPTIONS is cached)", async () => {
    const get = (await make({ cors: { enabled: true, allowedMethods: ["GET"] }, cdn: { enabled: true } })).one(G.cachePolicy).inputs.parametersInCacheKeyAndForwardedToOrigin;
    assert.deepStrictEqual(get.headersConfig, { headerBehavior: "whitelist", headers: { items: ["authorization", "origin"] } });
    const options = (await make({ cors: { enabled: true, allowedMethods: ["GET"] }, cdn: { enabled: true, cachingOptions: { cacheMethods: ["GET", "HEAD", "OPTIONS"] } } }))
      .one(G.cachePolicy).inputs.parametersInCacheKeyAndForwardedToOrigin;
    assert.deepStrictEqual(options.headersConfig.headers.items, ["access-control-request-headers", "access-control-request-method", "authorization", "origin"]);
  });

  it("cloudfrontPriceClass", async () => {
    assert.strictEqual((await make({ cdn: { enabled: true, cloudfrontPriceClass: "PriceClass_100" } })).one(G.distribution).inputs.priceClass, "PriceClass_100");
  });

  it("custom domains: one us-east-1 certificate for all names, TLS 1.2+ for viewers, alias records to the distribution", async () => {
    const r = await make({ cdn: { enabled: true, customDomains: [{ domainName: "cdn.example.com" }, { domainName: "static.example.org" }] } });
    // In us-east-1 by the default provider (its credentials and default tags hold), not a provider of its own.
    assert.deepStrictEqual(r.all(G.provider), []);
    const cert = r.one(G.certificate);
    assert.deepStrictEqual({ d: cert.inputs.domainName, san: cert.inputs.subjectAlternativeNames, region: cert.inputs.region, p: cert.provider }, { d: "cdn.example.com", san: ["static.example.org"], region: "us-east-1", p: null });
    assert.match(cert.state.arn, /^arn:aws:acm:us-east-1:/);
    assert.strictEqual(r.one(G.validation).inputs.region, "us-east-1");
    assert.strictEqual(r.one(G.validation).inputs.validationRecordFqdns.length, 2);
    const d = r.one(G.distribution).inputs;
    assert.deepStrictEqual(d.aliases, ["cdn.example.com", "static.example.org"]);
    assert.deepStrictEqual(d.viewerCertificate, { acmCertificateArn: cert.state.arn, sslSupportMethod: "sni-only", minimumProtocolVersion: "TLSv1.2_2021" });
    const aliases = r.all(G.record).filter((x) => x.inputs.aliases);
    assert.deepStrictEqual(aliases.map((x) => `${x.inputs.type} ${x.inputs.name}`).sort(), ["A cdn.example.com", "A static.example.org", "AAAA cdn.example.com", "AAAA static.example.org"]);
    assert.ok(aliases.every((x) => x.inputs.aliases[0].name === r.one(G.distribution).state.domainName && x.inputs.aliases[0].zoneId === "Z2FDTNDATAQYW2"));
    assert.strictEqual(await outputValue(gw!.cdnCustomDomains!), "cdn.example.com,static.example.org");
    assert.strictEqual(await outputValue(gw!.cdnCustomDomainUrls!), "https://cdn.example.com,https://static.example.org");
    assert.strictEqual(gw!.cdnUrl, undefined);
  });

  it("an apex and its wildcard share one ACM validation record: one Route 53 record, listed once, and the plan passes the catalog", async () => {
    const r = await make({ cdn: { enabled: true, customDomains: [{ domainName: "example.com" }, { domainName: "*.example.com" }, { domainName: "static.example.org" }] } });
    const cert = r.one(G.certificate);
    const options = cert.state.domainValidationOptions as { domainName: string; resourceRecordName: string }[];
    const nameOf = (d: string) => options.find((o) => o.domainName === d)!.resourceRecordName;
    assert.strictEqual(nameOf("*.example.com"), nameOf("example.com"), "ACM answers one record for a name and its wildcard");
    const validation = r.all(G.record).filter((x) => x.inputs.type === "CNAME");
    assert.deepStrictEqual(validation.map((x) => x.name).sort(), ["api-cdn-validation-record-example-com", "api-cdn-validation-record-static-example-org"]);
    assert.deepStrictEqual(r.one(G.validation).inputs.validationRecordFqdns.length, 2);
    const found = checkCatalog(await plannedResources(r.resources, "us-east-1"), { region: "us-east-1" }).map((f) => `${f.rule.id}: ${f.message}`);
    assert.deepStrictEqual(found, []);
  });

  it("a lone wildcard's validation record keeps its earlier name as an alias (no replacement on upgrade)", async () => {
    const r = await make({ cdn: { enabled: true, customDomains: [{ domainName: "*.example.com" }] } });
    const record = r.all(G.record).find((x) => x.inputs.type === "CNAME")!;
    assert.strictEqual(record.name, "api-cdn-validation-record-example-com");
    assert.strictEqual(record.aliases.length, 1);
    assert.match(record.aliases[0], /::api-cdn-validation-record-wildcard-example-com$/);
  });

  it("refuses CDN settings CloudFront refuses", () => {
    const bad: [HttpApiGatewayArgs, RegExp][] = [
      [{ cdn: { enabled: true, cachingOptions: { minTTL: 100, defaultTTL: 10 } } }, /minTTL <= defaultTTL <= maxTTL/],
      [{ cdn: { enabled: true, cachingOptions: { cacheMethods: ["GET"] } } }, /cacheMethods must be \[GET, HEAD\] or \[GET, HEAD, OPTIONS\]/],
      [{ cdn: { enabled: true, forwardingOptions: { allowedMethods: ["GET", "POST"] } } }, /CloudFront's sets/],
      [{ cdn: { enabled: true, forwardingOptions: { headers: { behavior: "whitelist", items: ["Host"] } } } }, /Host header is never forwarded/],
      [{ cdn: { enabled: true, forwardingOptions: { cookies: { behavior: "whitelist" } } } }, /needs items/],
      [{ cdn: { enabled: true, customDomains: [{ domainName: "a.example.com", customCertificateArn: CERT.replace("us-east-1", "eu-west-1") }] } }, /must be in us-east-1/],
      [{ cdn: { enabled: true, customDomains: [{ domainName: "a.example.com", customCertificateArn: CERT }, { domainName: "b.example.com" }] } }, /share one certificate/],
      [{ cdn: { enabled: false, customDomains: [{ domainName: "a.example.com" }] } }, /needs cdn.enabled: true/],
      [{ cdn: { enabled: true, cachingOptions: { maxTTL: 0, cacheKeyParameters: { queryString: { behavior: "all" } } } } }, /with maxTTL 0 nothing is cached/],
      [{ cdn: { enabled: true, cachingOptions: { cacheMethods: ["GET", "HEAD", "HEAD"] } } }, /cacheMethods lists HEAD twice/],
      [{ cdn: { enabled: true, forwardingOptions: { allowedMethods: ["GET", "HEAD", "HEAD"] } } }, /allowedMethods lists HEAD twice/],
      [{ cdn: { enabled: true, forwardingOptions: { customRequestHeaders: [{ headerName: "X-Amz-Meta-Team", value: "web" }] } } }, /CloudFront cannot add the header 'X-Amz-Meta-Team' to origin requests \(no X-Amz-\*/],
      [{ cdn: { enabled: true, forwardingOptions: { customRequestHeaders: [{ headerName: "If-None-Match", value: "x" }] } } }, /cannot add the header 'If-None-Match'/],
      [{ cdn: { enabled: true, forwardingOptions: { customRequestHeaders: [{ headerName: "x-real-ip", value: "x" }] } } }, /cannot add the header 'x-real-ip'/],
      [{ cdn: { enabled: true, forwardingOptions: { customRequestHeaders: [{ headerName: "x-edge-location", value: "x" }] } } }, /no X-Edge-\*/],
      [{ cdn: { enabled: true, forwardingOptions: { headers: { behavior: "whitelist", items: ["Authorization"] } } } }, /an origin request policy cannot forward Authorization \(CloudFront answers 400\)/],
    ];
    for (const [args, re] of bad) assert.throws(() => new HttpApiGateway("x", args), re, JSON.stringify(args));
  });
});

describe("HttpApiGateway: useFirewall", () => {
  const ACL = "arn:aws:wafv2:us-east-1:123456789012:global/webacl/api/0a1b2c3d-0000-1111-2222-333344445555";

  it("the CDN's distribution takes the web ACL; without useFirewall it takes none", async () => {
    assert.strictEqual((await make({ cdn: { enabled: true }, useFirewall: ACL })).one(G.distribution).inputs.webAclId, ACL);
    assert.strictEqual((await make({ cdn: { enabled: true } })).one(G.distribution).inputs.webAclId, undefined);
  });

  it("is refused without a CDN (AWS WAF protects REST APIs, not HTTP APIs), as a name in a program, and as a REGIONAL web ACL", () => {
    assert.throws(() => new HttpApiGateway("x", { useFirewall: ACL }), /useFirewall needs cdn\.enabled: true: AWS WAF protects API Gateway REST APIs, not HTTP APIs/);
    assert.throws(() => new HttpApiGateway("x", { cdn: { enabled: true }, useFirewall: "edge" }), /useFirewall names 'edge': only a stack file's resources are looked up by name/);
    assert.throws(() => new HttpApiGateway("x", { cdn: { enabled: true }, useFirewall: ACL.replace(":global/", ":regional/") }), /CLOUDFRONT scope.*REGIONAL/);
  });
});

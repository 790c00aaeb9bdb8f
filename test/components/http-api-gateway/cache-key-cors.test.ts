// Issue 23, items 1 and 2: the gateway CDN never forwards a cookie or query
// string its cache key leaves out; CORS with credentials never answers `*`.
import * as assert from "assert";
import { HttpApiGateway, type HttpApiGatewayArgs } from "../../../src/components/http-api-gateway";
import { keyCovers } from "../../../src/components/http-api-gateway/cache-key";
import { analyzeStackfile, formatProblem } from "../../../src/config/stackfile";
import { run, G } from "../../harness";

const FN = "arn:aws:lambda:us-east-1:123456789012:function:items";
const make = (args: HttpApiGatewayArgs) => run(() => new HttpApiGateway("api", args));
const problems = (text: string) => analyzeStackfile("s.yaml", text).problems.map(formatProblem);

describe("HttpApiGateway CDN: the gateway sees only cookies and query strings the cache key holds", () => {
  it("the example stack's key (query strings page and limit, no cookies) forwards no other query string and no cookie", async () => {
    const r = await make({ cdn: { enabled: true, cachingOptions: { defaultTTL: 60, cacheKeyParameters: { queryString: { behavior: "whitelist", items: ["page", "limit"] } } } } });
    const key = r.one(G.cachePolicy).inputs.parametersInCacheKeyAndForwardedToOrigin;
    const fwd = r.one(G.originRequestPolicy).inputs;
    assert.deepStrictEqual(key.queryStringsConfig, { queryStringBehavior: "whitelist", queryStrings: { items: ["page", "limit"] } });
    assert.deepStrictEqual(key.cookiesConfig, { cookieBehavior: "none" });
    // ?format=yaml would have reached the function and not the key: now it reaches neither.
    assert.deepStrictEqual(fwd.queryStringsConfig, { queryStringBehavior: "none" });
    assert.deepStrictEqual(fwd.cookiesConfig, { cookieBehavior: "none" });
  });

  it("cookies in the key reach the gateway through the key; a forwarding the key covers is kept", async () => {
    const r = await make({
      cdn: {
        enabled: true,
        cachingOptions: { cacheKeyParameters: { cookies: { behavior: "all" } } },
        forwardingOptions: { queryString: { behavior: "whitelist", items: ["page"] } },
      },
    });
    assert.deepStrictEqual(r.one(G.cachePolicy).inputs.parametersInCacheKeyAndForwardedToOrigin.cookiesConfig, { cookieBehavior: "all" });
    const fwd = r.one(G.originRequestPolicy).inputs;
    assert.deepStrictEqual(fwd.cookiesConfig, { cookieBehavior: "all" });
    assert.deepStrictEqual(fwd.queryStringsConfig, { queryStringBehavior: "whitelist", queryStrings: { items: ["page"] } });
  });

  it("with caching off (maxTTL 0) everything is forwarded, as before", async () => {
    const fwd = (await make({ cdn: { enabled: true, cachingOptions: { maxTTL: 0 } } })).one(G.originRequestPolicy).inputs;
    assert.deepStrictEqual([fwd.cookiesConfig, fwd.queryStringsConfig], [{ cookieBehavior: "all" }, { queryStringBehavior: "all" }]);
  });

  it("refuses an explicit forwarding wider than the key, with the fix", () => {
    assert.throws(() => new HttpApiGateway("x", { cdn: { enabled: true, forwardingOptions: { cookies: { behavior: "all" } } } }),
      /forwardingOptions.cookies sends cookies to the gateway that the cache key \(cachingOptions.cacheKeyParameters.cookies: none\) leaves out/);
    assert.throws(() => new HttpApiGateway("x", {
      cdn: { enabled: true, cachingOptions: { cacheKeyParameters: { queryString: { behavior: "whitelist", items: ["page"] } } }, forwardingOptions: { queryString: { behavior: "whitelist", items: ["page", "format"] } } },
    }), /put them in cachingOptions.cacheKeyParameters.queryString/);
    // Not with caching off.
    assert.doesNotThrow(() => new HttpApiGateway("y", { cdn: { enabled: true, cachingOptions: { maxTTL: 0 }, forwardingOptions: { cookies: { behavior: "all" } } } }));
  });

  it("validate points at the forwarding line", () => {
    const text = `resources:
  api:
    type: http-api-gateway
    properties:
      cdn:
        enabled: true
        forwardingOptions:
          cookies:
            behavior: all
`;
    const out = problems(text);
    assert.strictEqual(out.length, 1, out.join("\n"));
    assert.match(out[0], /^s\.yaml:9:13: forwardingOptions\.cookies sends cookies .* turn caching off with cachingOptions\.maxTTL: 0/);
  });

  it("keyCovers reads CloudFront's four behaviors", () => {
    const cases: [string, string, boolean][] = [
      ["all", "all", true], ["none", "none", true], ["none", "all", false], ["whitelist a,b", "whitelist a", true], ["whitelist a", "whitelist a,b", false],
      ["whitelist a", "all", false], ["allExcept a", "whitelist b", true], ["allExcept a", "whitelist A", false], ["allExcept a", "allExcept a,b", true],
      ["allExcept a,b", "allExcept a", false], ["whitelist a", "allExcept b", false],
    ];
    const sel = (s: string) => { const [behavior, items] = s.split(" "); return { behavior, items: items?.split(",") }; };
    for (const [key, fwd, want] of cases) assert.strictEqual(keyCovers(sel(key), sel(fwd)), want, `${key} covers ${fwd}`);
  });
});

describe("HttpApiGateway CORS with credentials: methods by name, never *", () => {
  it("an ANY route with allowCredentials lists every method instead of *", async () => {
    const r = await make({ cors: { enabled: true, allowedOrigins: ["https://app.example.com"], allowCredentials: true }, routes: [{ path: "/{proxy+}", method: "*", handler: FN }] });
    assert.deepStrictEqual(r.one(G.api).inputs.corsConfiguration.allowMethods, ["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"]);
    const open = await make({ cors: { enabled: true }, routes: [{ path: "/{proxy+}", method: "*", handler: FN }] });
    assert.deepStrictEqual(open.one(G.api).inputs.corsConfiguration.allowMethods, ["*"]);
  });

  it("validate refuses an explicit * method or header with allowCredentials, at the item", () => {
    const text = `resources:
  api:
    type: http-api-gateway
    properties:
      cors:
        enabled: true
        allowedOrigins: [https://app.example.com]
        allowCredentials: true
        allowedMethods: ["*"]
        allowedHeaders: [x-a, "*"]
`;
    const out = problems(text);
    assert.strictEqual(out.length, 2, out.join("\n"));
    assert.match(out[0], /^s\.yaml:9:26: with allowCredentials, browsers read '\*' in cors\.allowedMethods as a method named '\*'.*list the methods by name/);
    assert.match(out[1], /^s\.yaml:10:31: .*cors\.allowedHeaders/);
  });
});

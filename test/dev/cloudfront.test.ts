// The pieces of `dev --prod` that stand for CloudFront in front of a
// nextjs-web: the behaviour a path goes to, and the function URL event the
// server would get for it.
import * as assert from "assert";
import { behaviourFor, pathPatternRegExp } from "../../src/dev/cloudfront";
import { functionUrlEvent, functionUrlHost } from "../../src/dev/function-url";
import type { GatewayRequest } from "../../src/dev/events";

// The example app's behaviours, in the order OpenNext writes them (open-next.output.json) and plan registers
// them: `*` is the default behaviour, which CloudFront tries last wherever it is listed.
const BEHAVIOURS = [
  { pattern: "_next/image*", origin: "imageOptimizer" },
  { pattern: "_next/data/*", origin: "default" },
  { pattern: "*", origin: "default" },
  { pattern: "BUILD_ID", origin: "s3" },
  { pattern: "_next/*", origin: "s3" },
  { pattern: "favicon.ico", origin: "s3" },
  { pattern: "gradient.png", origin: "s3" },
];

describe("dev --prod: CloudFront's behaviours", () => {
  it("sends a path to the first behaviour whose pattern matches, the default one last", () => {
    const origin = (p: string) => behaviourFor(BEHAVIOURS, p).origin;
    assert.strictEqual(origin("/_next/image?url=%2Fa.png&w=64&q=75".split("?")[0]), "imageOptimizer");
    assert.strictEqual(origin("/_next/data/build/page.json"), "default");
    assert.strictEqual(origin("/_next/static/chunks/main.js"), "s3");
    assert.strictEqual(origin("/favicon.ico"), "s3");
    assert.strictEqual(origin("/gradient.png"), "s3");
    assert.strictEqual(origin("/BUILD_ID"), "s3");
    assert.strictEqual(origin("/api/health"), "default");
    assert.strictEqual(origin("/hello"), "default");
  });

  it("matches path patterns as CloudFront does: case sensitive, * any run, ? one character, leading / optional", () => {
    assert.ok(pathPatternRegExp("images/*.jpg").test("/images/a/b.jpg"));
    assert.ok(!pathPatternRegExp("images/*.jpg").test("/Images/a.jpg"));
    assert.ok(pathPatternRegExp("/a?c").test("/abc"));
    assert.ok(!pathPatternRegExp("/a?c").test("/ac"));
    assert.ok(pathPatternRegExp("api*").test("/api"));
    assert.ok(!pathPatternRegExp("a.c").test("/abc"));
  });
});

describe("dev --prod: the function URL event", () => {
  const req: GatewayRequest = {
    method: "POST", rawPath: "/form", rawQueryString: "a=1",
    headers: [["Host", "127.0.0.1:3001"], ["Cookie", "a=1; b=2"], ["Content-Type", "multipart/form-data; boundary=x"], ["Next-Action", "abc"]],
    body: Buffer.from([0, 1, 2]), sourceIp: "127.0.0.1", protocol: "HTTP/1.1", requestId: "r1", time: new Date(0), apiId: "web", domainName: "127.0.0.1:3001",
  };

  it("is payload 2.0 on $default with the function URL's host and the viewer's host as x-forwarded-host", () => {
    const e = functionUrlEvent(req, "default", [["x-stackfile-origin", "s3cret"]]) as Record<string, any>;
    assert.strictEqual(e.version, "2.0");
    assert.strictEqual(e.routeKey, "$default");
    assert.strictEqual(e.requestContext.stage, "$default");
    assert.strictEqual(e.headers.host, functionUrlHost("default"));
    assert.match(e.headers.host, /\.lambda-url\.us-east-1\.on\.aws$/);
    assert.strictEqual(e.requestContext.domainName, e.headers.host);
    assert.strictEqual(e.headers["x-forwarded-host"], "127.0.0.1:3001");
    assert.strictEqual(e.headers["x-forwarded-proto"], "https");
    assert.strictEqual(e.headers["x-stackfile-origin"], "s3cret");
    assert.strictEqual(e.headers["next-action"], "abc");
    assert.deepStrictEqual(e.cookies, ["a=1", "b=2"]);
    assert.strictEqual(e.rawQueryString, "a=1");
    assert.deepStrictEqual([e.isBase64Encoded, e.body], [true, Buffer.from([0, 1, 2]).toString("base64")]);
  });
});

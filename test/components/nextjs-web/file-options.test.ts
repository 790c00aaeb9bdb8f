// fileOptions: header names S3 can serve, patterns that behave like
// .gitignore's, and a pattern that matches nothing is an error, not a no-op.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { nextjsWebStaticProblems } from "../../../src/components/nextjs-web/rules";
import { assetManifest, fileOptionMatcher } from "../../../src/components/nextjs-web/assets";
import type { OpenNextOutput } from "../../../src/components/nextjs-web/build";
import { cli } from "../../cli/cli-helpers";
import { EXAMPLE_APP, exampleBuild } from "../../nextjs-fixture";

const OUTPUT = {
  origins: { s3: { type: "s3", originPath: "_assets", copy: [{ from: ".open-next/assets", to: "_assets", cached: true }] } },
  behaviors: [],
} as unknown as OpenNextOutput;

const rules = (headers: { key: string; value: string }[]) =>
  nextjsWebStaticProblems({ appDirectory: ".", fileOptions: [{ includePattern: "*", headers }] }).map((p) => `${p.path.join(".")}: ${p.message}${p.hint ? `; ${p.hint}` : ""}`);

describe("nextjs-web fileOptions", function () {
  this.timeout(300000);

  it("accepts the six headers S3 serves, in any case, and x-amz-meta-* metadata", () => {
    assert.deepStrictEqual(rules([
      { key: "Cache-Control", value: "no-cache" }, { key: "content-type", value: "text/plain" }, { key: "Content-Encoding", value: "gzip" },
      { key: "content-disposition", value: "inline" }, { key: "Content-Language", value: "en" }, { key: "Expires", value: "Wed, 21 Oct 2026 07:28:00 GMT" },
      { key: "x-amz-meta-team", value: "web" },
    ]), []);
  });

  it("refuses a header S3 would keep as metadata instead of serving it, saying so", () => {
    assert.deepStrictEqual(rules([{ key: "x-frame-options", value: "DENY" }]), [
      "fileOptions.0.headers.0.key: S3 serves only Cache-Control, Content-Type, Content-Encoding, Content-Disposition, Content-Language and Expires as headers of a file; 'x-frame-options' would be stored as the metadata x-amz-meta-x-frame-options; set response headers on the CDN instead, or write x-amz-meta-x-frame-options to store metadata",
    ]);
  });

  it("refuses a header name that is not a token, and an Expires that is not a date", () => {
    assert.deepStrictEqual(rules([{ key: "bad header", value: "x" }, { key: "expires", value: "tomorrow" }]), [
      "fileOptions.0.headers.0.key: 'bad header' is not a header name (letters, digits and !#$%&'*+.^_`|~-)",
      "fileOptions.0.headers.1.value: Expires must be an HTTP date, like Wed, 21 Oct 2026 07:28:00 GMT",
    ]);
  });

  it("matches like .gitignore: a pattern without a slash at any depth, one with a slash from the root of the static files", () => {
    const m = (p: string) => fileOptionMatcher({ includePattern: p });
    assert.ok(m("*.js")("app.js") && m("*.js")("_next/static/chunks/app.js"), "*.js matches at any depth");
    assert.ok(!m("*.js")("app.json"));
    assert.ok(m("fonts/*.woff2")("fonts/a.woff2") && !m("fonts/*.woff2")("x/fonts/a.woff2"), "a slash anchors at the root");
    assert.ok(m("/favicon.ico")("favicon.ico") && !m("/favicon.ico")("img/favicon.ico"), "a leading slash anchors too");
    assert.ok(m("**/*.css")("a/b/c.css") && m("**/*.css")("c.css"));
    assert.ok(m("_next/**")("_next/static/x.js"));
    const ex = fileOptionMatcher({ includePattern: "*.js", excludePattern: "_next/**" });
    assert.ok(ex("app.js") && !ex("_next/static/x.js"));
  });

  it("reports a pattern that matches no file of the build", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "app-"));
    fs.mkdirSync(path.join(dir, ".open-next/assets"), { recursive: true });
    fs.writeFileSync(path.join(dir, ".open-next/assets/favicon.ico"), "x");
    const m = assetManifest(dir, OUTPUT, [{ includePattern: "*.ico", headers: [] }, { includePattern: "*.icoo", headers: [] }]);
    assert.deepStrictEqual(m.unmatched, [1]);
  });

  it("plan refuses a pattern that matches nothing, at the pattern's line", async () => {
    exampleBuild();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stack-"));
    const f = path.join(dir, "stack.yaml");
    fs.writeFileSync(f, `resources:
  web:
    type: nextjs-web
    properties:
      appDirectory: ${EXAMPLE_APP}
      fileOptions:
        - includePattern: "*.icoo"
          headers:
            - key: cache-control
              value: no-cache
`);
    const r = await cli("plan", f);
    assert.strictEqual(r.code, 1);
    assert.match(r.err, new RegExp(`^${f}:7:27: fileOptions\\[0\\].includePattern '\\*.icoo' matches no static file of the build \\(\\d+ files; for example `));
  });
});

// A bucket's directory and CDN in YAML: the directory relative to the stack
// file (a missing one refused at its line by plan), the CDN's rules at their
// lines, `useFirewall` naming a web-app-firewall of the file, a domain of a
// bucket's CDN owned by one resource, and $ResourceParam of cdnDomain/cdnUrl
// answered from the model of AWS.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { analyzeStackfile, formatProblem } from "../../src/config/stackfile";
import { cli } from "../cli/cli-helpers";

const problems = (text: string) => analyzeStackfile("s.yaml", text).problems.map(formatProblem);

/** A stack file in a new folder with a function's entry and a `public` directory beside it. */
function stack(text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bucket-cdn-yaml-"));
  fs.writeFileSync(path.join(dir, "fn.ts"), "export async function handler() {\n  return 'ok';\n}\n");
  fs.mkdirSync(path.join(dir, "public", "img"), { recursive: true });
  fs.writeFileSync(path.join(dir, "public", "index.html"), "<h1>site</h1>");
  fs.writeFileSync(path.join(dir, "public", "img", "logo.svg"), "<svg/>");
  fs.writeFileSync(path.join(dir, "stack.yaml"), text);
  return path.join(dir, "stack.yaml");
}

const FIREWALL = `  edge:
    type: web-app-firewall
    properties:
      rules:
        - type: rate-based
          properties: { limit: 1000 }
`;

describe("bucket with a directory and a CDN in YAML: validate", () => {
  it("accepts a directory, a CDN with domains, a firewall of the file and the CDN's alarm", () => {
    assert.deepStrictEqual(problems(`resources:
${FIREWALL}  site:
    type: bucket
    properties:
      directoryUpload: { directoryPath: ./public }
      cdn: { enabled: true, customDomains: [{ domainName: www.example.com }], defaultRootObject: index.html }
      useFirewall: edge
      alarms: { cdnServerErrors: { threshold: 2 } }
`), []);
  });

  it("places the CDN's refusals at their lines: the firewall and domains without the CDN, a certificate outside us-east-1, a firewall that is not a web-app-firewall or is regional", () => {
    assert.deepStrictEqual(problems(`resources:
  site:
    type: bucket
    properties:
      cdn: { enabled: false, customDomains: [{ domainName: www.example.com }] }
      useFirewall: arn:aws:wafv2:us-east-1:123456789012:global/webacl/edge/0f0e0d0c-1234-5678-9abc-def012345678
  other:
    type: bucket
    properties:
      cdn: { enabled: true, customDomains: [{ domainName: a.example.com, customCertificateArn: "arn:aws:acm:eu-west-1:123456789012:certificate/0f0e0d0c" }] }
      useFirewall: site
`), [
      "s.yaml:5:45: cdn.customDomains needs cdn.enabled: true; set cdn.enabled: true",
      "s.yaml:6:20: useFirewall needs cdn.enabled: true: the web ACL goes on the bucket's CDN (S3 itself takes none); set cdn: { enabled: true }",
      "s.yaml:10:96: a CDN (CloudFront) certificate must be in us-east-1; import or issue the certificate in us-east-1",
      "s.yaml:11:20: useFirewall names 'site', a bucket; it must name a web-app-firewall",
    ]);
    const regional = problems(`resources:\n${FIREWALL.replace("    properties:\n", "    properties:\n      scope: regional\n")}  site:\n    type: bucket\n    properties:\n      cdn: { enabled: true }\n      useFirewall: edge\n`);
    assert.strictEqual(regional.length, 1, regional.join("\n"));
    assert.match(regional[0], /^s\.yaml:13:20: useFirewall names web-app-firewall 'edge', of scope regional; a CloudFront distribution takes only a web ACL of scope cdn/);
  });

  it("a domain belongs to one resource: a bucket's CDN and a gateway cannot both have it", () => {
    const found = problems(`resources:
  site:
    type: bucket
    properties:
      cdn: { enabled: true, customDomains: [{ domainName: www.example.com }] }
  api:
    type: http-api-gateway
    properties:
      customDomains: [{ domainName: www.example.com }]
`);
    assert.strictEqual(found.length, 1, found.join("\n"));
    assert.match(found[0], /^s\.yaml:9:\d+: .*www\.example\.com.*site/);
  });

  it("cdnDomain and cdnUrl are parameters of a bucket with a CDN only", () => {
    const text = (cdn: string) => `resources:
  site:
    type: bucket
${cdn}  f:
    type: function
    properties:
      entryfilePath: ./fn.ts
      environment:
        - { name: A, value: "$ResourceParam('site', 'cdnUrl')" }
`;
    assert.deepStrictEqual(problems(text("    properties: { cdn: { enabled: true } }\n")), []);
    const found = problems(text(""));
    assert.strictEqual(found.length, 1, found.join("\n"));
    assert.match(found[0], /^s\.yaml:9:29: bucket 'site' has no 'cdnUrl' in its configuration; available: name, arn/);
  });
});

describe("bucket with a directory and a CDN in YAML: plan", function () {
  this.timeout(120000);
  type Planned = { type: string; name: string; parent: string; dependsOn: string[]; inputs: Record<string, any> };
  let plan: { resources: Planned[]; outputs: Record<string, Record<string, string>> };
  let file: string;

  before(async () => {
    file = stack(`resources:
${FIREWALL}  site:
    type: bucket
    properties:
      directoryUpload: { directoryPath: ./public }
      cdn: { enabled: true, customDomains: [{ domainName: www.example.com }] }
      useFirewall: edge
  media:
    type: bucket
    properties:
      cdn: { enabled: true }
  f:
    type: function
    properties:
      entryfilePath: ./fn.ts
      environment:
        - { name: SITE_URL, value: "$ResourceParam('site', 'cdnUrl')" }
        - { name: MEDIA_URL, value: "$ResourceParam('media', 'cdnUrl')" }
        - { name: MEDIA_DOMAIN, value: "$ResourceParam('media', 'cdnDomain')" }
`);
    const r = await cli("plan", file, "--json");
    assert.strictEqual(r.code, 0, r.err);
    plan = JSON.parse(r.out);
  });
  const of = (parent: string, type: string) => plan.resources.filter((x) => x.parent === parent && x.type === type);

  it("the directory, relative to the stack file, synced by one resource with each file's key and hash", () => {
    const [sync] = of("site", "pulumi-nodejs:dynamic/stackfile:AssetSync");
    assert.strictEqual(sync.name, "site-directory-sync");
    assert.strictEqual(path.resolve(path.dirname(file), sync.inputs.baseDir), path.join(path.dirname(file), "public"));
    assert.strictEqual(sync.inputs.baseDir, "public", "relative to the project folder (the stack file's: no Pulumi.yaml above it)");
    assert.deepStrictEqual(sync.inputs.files.map((f: { key: string; size: number }) => [f.key, f.size]), [["img/logo.svg", 6], ["index.html", 13]]);
    assert.strictEqual(sync.inputs.bucket, plan.outputs.site.name);
  });

  it("the distribution carries the firewall's web ACL ARN, its domain, and is invalidated after the sync", () => {
    const [d] = of("site", "aws:cloudfront/distribution:Distribution");
    assert.strictEqual(d.inputs.webAclId, plan.outputs.edge.arn);
    assert.match(plan.outputs.edge.arn, /^arn:aws:wafv2:us-east-1:123456789012:global\/webacl\//);
    assert.deepStrictEqual(d.inputs.aliases, ["www.example.com"]);
    const [inv] = of("site", "pulumi-nodejs:dynamic/stackfile:CloudFrontInvalidation");
    assert.ok(inv.dependsOn.includes("site-directory-sync"), String(inv.dependsOn));
    assert.strictEqual(of("media", "pulumi-nodejs:dynamic/stackfile:CloudFrontInvalidation").length, 0);
  });

  it("$ResourceParam reads cdnUrl (the custom domain's, else the distribution's) and cdnDomain from the model's distribution", () => {
    const [media] = of("media", "aws:cloudfront/distribution:Distribution");
    const fn = plan.resources.find((x) => x.type === "aws:lambda/function:Function" && x.parent === "f")!;
    const vars = fn.inputs.environment.variables;
    assert.match(plan.outputs.media.cdnDomain, /^d[0-9a-f]{13}\.cloudfront\.net$/);
    assert.deepStrictEqual([vars.SITE_URL, vars.MEDIA_URL, vars.MEDIA_DOMAIN], ["https://www.example.com", `https://${plan.outputs.media.cdnDomain}`, plan.outputs.media.cdnDomain]);
    assert.deepStrictEqual(plan.outputs.media, { ...plan.outputs.media, cdnUrl: `https://${plan.outputs.media.cdnDomain}` });
    assert.ok(media, "media has its distribution");
  });

  it("a directory that does not exist is refused at its line, relative to the stack file", async () => {
    const missing = stack("resources:\n  site:\n    type: bucket\n    properties:\n      directoryUpload: { directoryPath: ./dist }\n");
    const r = await cli("plan", missing);
    assert.strictEqual(r.code, 1, r.out);
    assert.match(r.err, new RegExp(`${missing.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:5:41: directoryPath \\./dist does not exist \\(it is relative to the stack file\\)`));
  });
});

describe("bucket with a CDN in YAML: diff", function () {
  this.timeout(120000);
  const named = (props: string) => stack(`resources:\n  site:\n    type: bucket\n    overrides:\n      bucket: { bucket: site-0a1b2c3 }\n    properties:\n${props}`);

  it("adding a CDN with a custom domain, and then a second domain, change the bucket in place: nothing refused", async () => {
    const none = named("      versioning: false\n");
    const one = named("      cdn: { enabled: true, customDomains: [{ domainName: www.example.com }] }\n");
    const two = named("      cdn: { enabled: true, customDomains: [{ domainName: www.example.com }, { domainName: cdn.example.com }] }\n");
    const added = await cli("diff", none, one);
    assert.strictEqual(added.code, 0, added.out + added.err);
    assert.match(added.out, /site-cdn-distribution/);
    const more = await cli("diff", one, two);
    assert.strictEqual(more.code, 0, more.out + more.err);
    assert.match(more.out, /cdn\.example\.com/);
  });
});

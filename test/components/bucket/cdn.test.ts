// A bucket's CDN, read from what it registers: the origin access control, the
// distribution reading the private bucket through it, the bucket policy that
// lets only this distribution read, the shared custom domains, the web ACL,
// the CDN alarm, and the invalidation when the synced directory changes.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { Bucket, type BucketArgs } from "../../../src/components/bucket";
import { run, outputValue, type Run } from "../../harness";

const T = {
  oac: "aws:cloudfront/originAccessControl:OriginAccessControl",
  distribution: "aws:cloudfront/distribution:Distribution",
  policy: "aws:s3/bucketPolicy:BucketPolicy",
  bucket: "aws:s3/bucket:Bucket",
  certificate: "aws:acm/certificate:Certificate",
  record: "aws:route53/record:Record",
  alarm: "aws:cloudwatch/metricAlarm:MetricAlarm",
  invalidation: "pulumi-nodejs:dynamic/stackfile:CloudFrontInvalidation",
  sync: "pulumi-nodejs:dynamic/stackfile:AssetSync",
};
const ZONES = { zones: ["example.com"] };
const WEB_ACL = "arn:aws:wafv2:us-east-1:123456789012:global/webacl/edge/0f0e0d0c-1234-5678-9abc-def012345678";
const CERT = "arn:aws:acm:us-east-1:123456789012:certificate/0f0e0d0c-1234-5678-9abc-def012345678";

let made: Bucket | undefined;
const make = (args: BucketArgs) => run(() => { made = new Bucket("files", args); }, ZONES);
const statements = (r: Run<unknown>) => JSON.parse(r.one(T.policy).inputs.policy as string).Statement as Record<string, any>[];

describe("Bucket: cdn", () => {
  let plain: Run<unknown>;
  let plainBucket: Bucket;
  let full: Run<unknown>;
  let fullBucket: Bucket;
  let dir: string;
  before(async () => {
    plain = await make({ cdn: { enabled: true } });
    plainBucket = made!;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "bucket-cdn-"));
    fs.writeFileSync(path.join(dir, "index.html"), "<h1>hi</h1>");
    full = await make({
      directoryUpload: { directoryPath: dir },
      cdn: { enabled: true, customDomains: [{ domainName: "files.example.com" }, { domainName: "www.example.com", disableDnsRecordCreation: true }], defaultRootObject: "index.html", cloudfrontPriceClass: "PriceClass_100" },
      useFirewall: WEB_ACL,
      alarms: { cdnServerErrors: { threshold: 10 } },
    });
    fullBucket = made!;
  });

  it("an origin access control (S3, always signed, SigV4): not an origin access identity", () => {
    const oac = plain.one(T.oac);
    assert.strictEqual(oac.name, "files-cdn-access-control");
    assert.deepStrictEqual([oac.inputs.originAccessControlOriginType, oac.inputs.signingBehavior, oac.inputs.signingProtocol], ["s3", "always", "sigv4"]);
    assert.strictEqual(plain.all("aws:cloudfront/originAccessIdentity:OriginAccessIdentity").length, 0);
  });

  it("the distribution reads the bucket's regional domain through the OAC; HTTPS for viewers; reads only; cached by AWS's managed CachingOptimized policy", () => {
    const d = plain.one(T.distribution);
    const bucket = plain.one(T.bucket);
    assert.strictEqual(d.name, "files-cdn-distribution");
    assert.deepStrictEqual(d.inputs.origins, [{ originId: "s3", domainName: bucket.state.bucketRegionalDomainName, originAccessControlId: plain.one(T.oac).id }]);
    assert.match(bucket.state.bucketRegionalDomainName, /^files-bucket-[0-9a-f]{7}\.s3\.us-east-1\.amazonaws\.com$/);
    assert.deepStrictEqual(d.inputs.defaultCacheBehavior, {
      targetOriginId: "s3", viewerProtocolPolicy: "redirect-to-https", allowedMethods: ["GET", "HEAD", "OPTIONS"], cachedMethods: ["GET", "HEAD"],
      compress: true, cachePolicyId: "658327ea-f89d-4fab-a63d-7e88639e58f6",
    });
    assert.deepStrictEqual([d.inputs.enabled, d.inputs.priceClass, d.inputs.viewerCertificate, d.inputs.webAclId, d.inputs.aliases], [true, "PriceClass_All", { cloudfrontDefaultCertificate: true }, undefined, []]);
  });

  it("the bucket policy: HTTPS only, and cloudfront.amazonaws.com may get objects for this distribution's ARN only, never the sync's journal; no listing", () => {
    const distributionArn = plain.one(T.distribution).state.arn;
    const bucketArn = plain.one(T.bucket).state.arn;
    assert.match(distributionArn, /^arn:aws:cloudfront::123456789012:distribution\/[A-Z0-9]+$/);
    assert.deepStrictEqual(statements(plain).slice(1), [
      { Sid: "CdnReadsObjects", Effect: "Allow", Principal: { Service: "cloudfront.amazonaws.com" }, Action: "s3:GetObject", Resource: `${bucketArn}/*`, Condition: { StringEquals: { "AWS:SourceArn": distributionArn } } },
      { Sid: "CdnSkipsSyncJournal", Effect: "Deny", Principal: { Service: "cloudfront.amazonaws.com" }, Action: "s3:GetObject", Resource: `${bucketArn}/_stackfile/*` },
    ]);
    assert.strictEqual(statements(plain)[0].Sid, "HttpsOnly");
    // The bucket stays private: every public access setting on.
    const block = plain.one("aws:s3/bucketPublicAccessBlock:BucketPublicAccessBlock").inputs;
    assert.deepStrictEqual([block.blockPublicAcls, block.ignorePublicAcls, block.blockPublicPolicy, block.restrictPublicBuckets], [true, true, true, true]);
  });

  it("the CDN alarm of every distribution: its 5xx rate in us-east-1; alarms.cdnServerErrors changes it", () => {
    const alarm = plain.one(T.alarm);
    assert.strictEqual(alarm.name, "files-cdn-server-errors-alarm");
    assert.deepStrictEqual([alarm.inputs.region, alarm.inputs.namespace, alarm.inputs.metricName, alarm.inputs.dimensions, alarm.inputs.threshold],
      ["us-east-1", "AWS/CloudFront", "5xxErrorRate", { DistributionId: plain.one(T.distribution).id, Region: "Global" }, 5]);
    assert.strictEqual(full.one(T.alarm).inputs.threshold, 10);
  });

  it("cdnDomain is the distribution's domain, cdnUrl its URL; without a directory, no invalidation", async () => {
    const domain = plain.one(T.distribution).state.domainName;
    assert.match(domain, /^d[0-9a-f]{13}\.cloudfront\.net$/);
    assert.strictEqual(await outputValue(plainBucket.cdnDomain!), domain);
    assert.strictEqual(await outputValue(plainBucket.cdnUrl!), `https://${domain}`);
    assert.strictEqual(plain.all(T.invalidation).length, 0);
  });

  it("custom domains through the shared DomainConfiguration: one us-east-1 certificate for all, aliases, TLS 1.2, A/AAAA alias records unless switched off", async () => {
    const d = full.one(T.distribution);
    const cert = full.one(T.certificate);
    assert.deepStrictEqual([cert.name, cert.inputs.region, cert.inputs.domainName, cert.inputs.subjectAlternativeNames], ["files-cdn-certificate-files-example-com", "us-east-1", "files.example.com", ["www.example.com"]]);
    assert.deepStrictEqual(d.inputs.aliases, ["files.example.com", "www.example.com"]);
    assert.deepStrictEqual(d.inputs.viewerCertificate, { acmCertificateArn: cert.state.arn, sslSupportMethod: "sni-only", minimumProtocolVersion: "TLSv1.2_2021" });
    const aliases = full.all(T.record).filter((x) => x.inputs.aliases).map((x) => [x.name, x.inputs.name, x.inputs.type, x.inputs.aliases]);
    const target = [{ name: d.state.domainName, zoneId: d.state.hostedZoneId, evaluateTargetHealth: false }];
    assert.deepStrictEqual(aliases, [
      ["files-cdn-record-a-files-example-com", "files.example.com", "A", target],
      ["files-cdn-record-aaaa-files-example-com", "files.example.com", "AAAA", target],
    ]);
    assert.strictEqual(await outputValue(fullBucket.cdnUrl!), "https://files.example.com");
    assert.strictEqual(await outputValue(fullBucket.cdnDomain!), d.state.domainName);
    assert.deepStrictEqual([d.inputs.defaultRootObject, d.inputs.priceClass], ["index.html", "PriceClass_100"]);
  });

  it("a given certificate is attached, none issued", async () => {
    const r = await make({ cdn: { enabled: true, customDomains: [{ domainName: "files.example.com", customCertificateArn: CERT }] } });
    assert.strictEqual(r.all(T.certificate).length, 0);
    assert.strictEqual(r.one(T.distribution).inputs.viewerCertificate.acmCertificateArn, CERT);
  });

  it("useFirewall: the web ACL goes on the distribution", () => {
    assert.strictEqual(full.one(T.distribution).inputs.webAclId, WEB_ACL);
  });

  it("with a directory: an invalidation of /* keyed on the directory's files, after the sync; the same files keep the key", async () => {
    const inv = full.one(T.invalidation);
    assert.strictEqual(inv.name, "files-cdn-invalidation");
    assert.deepStrictEqual([inv.inputs.distributionId, inv.inputs.paths], [full.one(T.distribution).id, ["/*"]]);
    assert.match(inv.inputs.key, /^[0-9a-f]{64}$/);
    assert.ok(inv.dependsOn.includes(full.one(T.sync).name), String(inv.dependsOn));
    const again = await make({ directoryUpload: { directoryPath: dir }, cdn: { enabled: true } });
    assert.strictEqual(again.one(T.invalidation).inputs.key, inv.inputs.key);
    fs.writeFileSync(path.join(dir, "index.html"), "<h1>changed</h1>");
    const changed = await make({ directoryUpload: { directoryPath: dir }, cdn: { enabled: true } });
    assert.notStrictEqual(changed.one(T.invalidation).inputs.key, inv.inputs.key);
  });

  it("refuses, with the property path: a firewall or custom domains without the CDN, a certificate outside us-east-1, a REGIONAL web ACL, a firewall named in a program", async () => {
    await assert.rejects(make({ useFirewall: WEB_ACL }), /useFirewall: useFirewall needs cdn\.enabled: true/);
    await assert.rejects(make({ cdn: { enabled: false, customDomains: [{ domainName: "files.example.com" }] } }), /cdn\.customDomains: cdn\.customDomains needs cdn\.enabled: true/);
    await assert.rejects(make({ cdn: { enabled: true, customDomains: [{ domainName: "files.example.com", customCertificateArn: CERT.replace("us-east-1", "eu-west-1") }] } }),
      /cdn\.customDomains\[0\]\.customCertificateArn: a CDN \(CloudFront\) certificate must be in us-east-1/);
    await assert.rejects(make({ cdn: { enabled: true }, useFirewall: "arn:aws:wafv2:eu-west-1:123456789012:regional/webacl/edge/0f0e0d0c-1234-5678-9abc-def012345678" }),
      /useFirewall must be the ARN of a WAFv2 web ACL with CLOUDFRONT scope.*REGIONAL/s);
    await assert.rejects(make({ cdn: { enabled: true }, useFirewall: "edge" }), /useFirewall names 'edge': only a stack file's resources are looked up by name/);
    await assert.rejects(make({ cdn: { enabled: true, defaultRootObject: "/index.html" } }), /cdn\.defaultRootObject: the default root object is an object's key, without a leading \/: write 'index.html'/);
  });
});

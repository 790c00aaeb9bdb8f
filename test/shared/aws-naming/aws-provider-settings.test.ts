// Which AWS settings a component hands its dynamic providers: the stack's
// `aws:*` config for the default provider, an explicit AwsProvider's
// arguments (given to the component or to a parent), a plain aws.Provider's
// configuration as its terraformConfig() method gives it (answered by the
// mock engine as pulumi-aws does), or its visible outputs with a warning when
// that fails. Keys stay secrets.
import * as assert from "assert";
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import { run, secretInput, revealed } from "../../harness";
import { AwsProvider, awsAccessOf, type AwsAccess } from "../../../src/shared/aws-naming/aws-provider-settings";
import { Invalidation } from "../../../src/components/nextjs-web/dynamic-resources";

const INVALIDATION = "pulumi-nodejs:dynamic/stackfile:CloudFrontInvalidation";

/** A component that hands its AWS settings to a dynamic resource, as NextjsWeb does. */
class Probe extends pulumi.ComponentResource {
  public readonly access: AwsAccess;
  constructor(name: string, opts?: pulumi.ComponentResourceOptions) {
    super("test:index:Probe", name, {}, opts);
    this.access = awsAccessOf(this);
    new Invalidation(`${name}-invalidation`, { distributionId: "E1", paths: ["/*"], key: "k", region: "eu-west-1", aws: this.access.settings }, { parent: this }, this.access);
    this.registerOutputs({});
  }
}

describe("AWS settings handed to the dynamic providers", () => {
  it("the default provider: the stack's aws:profile, shared files, assumeRoles, endpoints, path style, STS region; keys as secrets", async () => {
    const r = await run(() => new Probe("p"), {
      config: {
        "aws:profile": "prod",
        "aws:sharedCredentialsFiles": JSON.stringify(["~/.aws/prod-credentials"]),
        "aws:assumeRoles": JSON.stringify([{ roleArn: "arn:aws:iam::111111111111:role/deployer", externalId: "x-1" }]),
        "aws:endpoints": JSON.stringify([{ s3: "http://127.0.0.1:4566", cloudfront: "http://127.0.0.1:4567" }]),
        "aws:s3UsePathStyle": "true",
        "aws:stsRegion": "eu-central-1",
        "aws:accessKey": "AKIAEXAMPLE",
        "aws:secretKey": "very-secret",
      },
      secretKeys: ["aws:accessKey", "aws:secretKey"],
    });
    // The keys are secrets where they are (as the engine keeps them); the other settings stay readable.
    const registered = r.one(INVALIDATION).inputs.aws as Record<string, unknown>;
    assert.deepStrictEqual([secretInput(registered.accessKey), secretInput(registered.secretKey)], ["AKIAEXAMPLE", "very-secret"]);
    const { accessKey, secretKey, ...plain } = revealed(registered) as Record<string, unknown>;
    assert.deepStrictEqual(plain, {
      assumeRoles: [{ roleArn: "arn:aws:iam::111111111111:role/deployer", externalId: "x-1" }],
      endpoints: [{ s3: "http://127.0.0.1:4566", cloudfront: "http://127.0.0.1:4567" }],
      profile: "prod",
      s3UsePathStyle: true,
      sharedCredentialsFiles: ["~/.aws/prod-credentials"],
      stsRegion: "eu-central-1",
    });
    assert.deepStrictEqual([accessKey, secretKey], ["AKIAEXAMPLE", "very-secret"]);
    assert.strictEqual(r.result.access.hasKeys, true);
  });

  it("the legacy aws:assumeRole is one assumed role; nothing configured hands nothing (the SDK's default chain)", async () => {
    const legacy = await run(() => new Probe("p"), { config: { "aws:assumeRole": JSON.stringify({ roleArn: "arn:aws:iam::1:role/old", durationSeconds: 900 }) } });
    assert.deepStrictEqual(legacy.one(INVALIDATION).inputs.aws, { assumeRoles: [{ roleArn: "arn:aws:iam::1:role/old", durationSeconds: 900 }] });
    const none = await run(() => new Probe("p"));
    assert.deepStrictEqual(none.one(INVALIDATION).inputs.aws, {});
    assert.strictEqual(none.result.access.hasKeys, false);
  });

  it("an AwsProvider given to the component (or to its parent) wins over the stack's config, all its arguments seen", async () => {
    const args = {
      region: "ap-southeast-2", profile: "other", accessKey: "AKIAOTHER", secretKey: "other-secret",
      assumeRoles: [{ roleArn: "arn:aws:iam::222222222222:role/site", sessionName: "deploy" }],
      endpoints: [{ s3: "http://127.0.0.1:9000" }],
    };
    const direct = await run(() => new Probe("p", { providers: [new AwsProvider("other", args)] }), { config: { "aws:profile": "prod" } });
    const viaParent = await run(() => {
      const parent = new pulumi.ComponentResource("test:index:Group", "g", {}, { providers: { aws: new AwsProvider("other", args) } });
      return new Probe("p", { parent });
    }, { config: { "aws:profile": "prod" } });
    for (const r of [direct, viaParent]) {
      const registered = r.one(INVALIDATION).inputs.aws as Record<string, unknown>;
      assert.strictEqual(secretInput(registered.secretKey), "other-secret");
      const { accessKey, secretKey, ...plain } = revealed(registered) as Record<string, unknown>;
      assert.deepStrictEqual(plain, { assumeRoles: args.assumeRoles, endpoints: args.endpoints, profile: "other" });
      assert.deepStrictEqual([accessKey, secretKey], ["AKIAOTHER", "other-secret"]);
      assert.strictEqual(r.result.access.warning, undefined);
    }
  });

  it("a plain aws.Provider: read through its terraformConfig(), every setting is seen as with AwsProvider, secret, and no warning", async () => {
    const args = {
      region: "eu-west-1", profile: "plain-profile", sharedCredentialsFiles: ["~/.aws/plain"], stsRegion: "eu-central-1", s3UsePathStyle: true,
      assumeRoles: [{ roleArn: "arn:aws:iam::333333333333:role/x", sessionName: "deploy", externalId: "e-1", duration: "1h", tags: { team: "web" } }],
      endpoints: [{ s3: "http://127.0.0.1:9000", cloudfront: "http://127.0.0.1:9001", sts: "http://127.0.0.1:9002" }],
      accessKey: "AKIAPLAIN", secretKey: "plain-secret",
    };
    const plain = await run(() => new Probe("p", { providers: [new aws.Provider("plain", args)] }));
    const viaAwsProvider = await run(() => new Probe("p", { providers: [new AwsProvider("plain", args)] }));
    // The keys are secret: the settings as a whole (read from the provider's configuration, each value secret) or the key itself.
    const registered = plain.one(INVALIDATION).inputs.aws as Record<string, unknown>;
    assert.strictEqual("secretKey" in registered ? secretInput(registered.secretKey) : (secretInput(registered) as Record<string, unknown>).secretKey, "plain-secret");
    const seen = revealed(plain.one(INVALIDATION).inputs.aws);
    assert.deepStrictEqual(seen, revealed(viaAwsProvider.one(INVALIDATION).inputs.aws), "as an AwsProvider with the same arguments");
    assert.deepStrictEqual(seen, {
      accessKey: "AKIAPLAIN", secretKey: "plain-secret", profile: "plain-profile", sharedCredentialsFiles: ["~/.aws/plain"], stsRegion: "eu-central-1", s3UsePathStyle: true,
      assumeRoles: args.assumeRoles, endpoints: args.endpoints,
    });
    assert.strictEqual(await plain.result.access.warning, undefined);
  });

  it("a plain aws.Provider whose terraformConfig() fails: its region, profile and keys are used, and a warning says what cannot be seen and why", async () => {
    // A preview where the role is not known yet: pulumi-aws cannot give the configuration then.
    const r = await run(() => new Probe("p", { providers: [new aws.Provider("plain", {
      region: "eu-west-1", profile: "plain-profile", assumeRoles: [{ roleArn: pulumi.output(pulumi.unknown as unknown as string) }],
    })] }), { preview: true });
    assert.deepStrictEqual(secretInput(r.one(INVALIDATION).inputs.aws), { profile: "plain-profile" });
    assert.match(String(await r.result.access.warning),
      /plain aws\.Provider whose configuration could not be read \(terraformConfig\(\): .*All inputs to provider configuration must be known.*\).*cannot see its assumeRoles, endpoints or sharedCredentialsFiles; make it with stackfile's AwsProvider/);
  });
});

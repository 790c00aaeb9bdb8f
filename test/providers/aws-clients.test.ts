// The SDK client configuration the dynamic providers build from the stack's
// AWS provider settings: region, endpoints, path style, timeouts, and the
// credentials each case resolves to (static keys, a profile of a shared
// credentials file, a chain of roles assumed through a local STS endpoint),
// and the bound on every credential lookup.
import * as assert from "assert";
import * as fs from "fs";
import * as http from "http";
import * as os from "os";
import * as path from "path";
import type { AddressInfo } from "net";
import { awsClientConfig } from "../../src/providers/aws-clients";
import { STSClient, GetCallerIdentityCommand } from "@aws-sdk/client-sts";
import { startBlackhole } from "../blackhole";
import { startFaultProxy } from "../fault-proxy";
import { requireMoto } from "../moto-server";

interface Sts {
  endpoint: string;
  /** Each request: its form parameters, `key@region` of its signature, and the access key it answered with. */
  calls: { params: URLSearchParams; signedBy: string; answeredKey: string }[];
  stop(): Promise<void>;
}

/** Answers STS AssumeRole (query protocol) with credentials named after the role, and GetCallerIdentity for them. */
async function startFakeSts(): Promise<{ port: number; stop(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const params = new URLSearchParams(body);
      res.writeHead(200, { "content-type": "text/xml" });
      if (params.get("Action") === "GetCallerIdentity") {
        const role = /Credential=KEY-([^/]+)\//.exec(String(req.headers.authorization))?.[1];
        res.end(`<GetCallerIdentityResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><GetCallerIdentityResult><Arn>arn:aws:sts::123456789012:assumed-role/${role}/stackfile</Arn>` +
          `<UserId>AROA:stackfile</UserId><Account>123456789012</Account></GetCallerIdentityResult><ResponseMetadata><RequestId>2</RequestId></ResponseMetadata></GetCallerIdentityResponse>`);
        return;
      }
      const role = String(params.get("RoleArn")).split("/").pop();
      res.end(`<AssumeRoleResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><AssumeRoleResult><Credentials>` +
        `<AccessKeyId>KEY-${role}</AccessKeyId><SecretAccessKey>SECRET-${role}</SecretAccessKey><SessionToken>TOKEN-${role}</SessionToken>` +
        `<Expiration>2099-01-01T00:00:00Z</Expiration></Credentials><AssumedRoleUser><Arn>arn:aws:sts::123456789012:assumed-role/${role}/s</Arn>` +
        `<AssumedRoleId>AROA:s</AssumedRoleId></AssumedRoleUser></AssumeRoleResult><ResponseMetadata><RequestId>1</RequestId></ResponseMetadata></AssumeRoleResponse>`);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { port: (server.address() as AddressInfo).port, stop: () => new Promise((r) => server.close(() => r())) };
}

/** An STS server behind a proxy that records each request's parameters and signer, and the key it answered. */
async function recorded(port: number, stopServer: () => Promise<void>): Promise<Sts> {
  const proxy = await startFaultProxy(port);
  const calls: Sts["calls"] = [];
  proxy.add({
    times: Infinity,
    action: async (req) => {
      const answer = await req.forward();
      // `key@region` of the signature.
      const m = /Credential=([^/]+)\/\d+\/([^/]+)\//.exec(String(req.headers.authorization));
      calls.push({ params: new URLSearchParams(req.body.toString()), signedBy: m ? `${m[1]}@${m[2]}` : "", answeredKey: /<AccessKeyId>([^<]*)</.exec(answer.body.toString())?.[1] ?? "" });
      return answer;
    },
  });
  return { endpoint: proxy.endpoint, calls, stop: async () => { await proxy.stop(); await stopServer(); } };
}

/** The STS servers the assumed-role cases run against: ours, and moto's (an independent model of STS). */
const STS_SERVERS: { name: string; start(ctx: Mocha.Context): Promise<Sts> }[] = [
  { name: "a fake STS of ours", start: async () => { const s = await startFakeSts(); return recorded(s.port, s.stop); } },
  { name: "moto", start: async (ctx) => recorded((await requireMoto(ctx)).port, async () => undefined) },
];

/** The caller's ARN for these credentials, as the STS server says (GetCallerIdentity). */
async function whoIs(endpoint: string, credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string }): Promise<string> {
  const client = new STSClient({ region: "us-east-1", endpoint, credentials });
  try {
    return (await client.send(new GetCallerIdentityCommand({}))).Arn!;
  } finally {
    client.destroy();
  }
}

const credentialsOf = async (config: Record<string, any>) => {
  const c = typeof config.credentials === "function" ? await config.credentials() : config.credentials;
  return { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey, sessionToken: c.sessionToken };
};

describe("AWS client configuration of the dynamic providers", () => {
  it("S3: the stack's region, the s3 entry of aws:endpoints, path style, bounded requests; the SDK's default credential chain when none are set", () => {
    const { credentials, ...c } = awsClientConfig({ endpoints: [{ s3: "http://127.0.0.1:9000", cloudfront: "http://127.0.0.1:9001" }], s3UsePathStyle: "true" }, "s3", "eu-west-1");
    assert.strictEqual(typeof credentials, "function", "the default chain, bounded in time");
    assert.deepStrictEqual(c, {
      region: "eu-west-1", maxAttempts: 4, endpoint: "http://127.0.0.1:9000", forcePathStyle: true,
      requestHandler: { connectionTimeout: 10000, socketTimeout: 60000, requestTimeout: 600000, throwOnRequestTimeout: true },
    });
  });

  it("CloudFront: signed for us-east-1 whatever the stack's region, the cloudfront endpoint, timeouts as given", () => {
    const { credentials: _default, ...c } = awsClientConfig({ endpoints: [{ cloudfront: "http://127.0.0.1:9001" }] }, "cloudfront", "eu-west-1", { connectMs: 1, idleMs: 2, requestMs: 3, attempts: 5 });
    assert.deepStrictEqual(c, {
      region: "us-east-1", maxAttempts: 5, endpoint: "http://127.0.0.1:9001",
      requestHandler: { connectionTimeout: 1, socketTimeout: 2, requestTimeout: 3, throwOnRequestTimeout: true },
    });
  });

  it("static keys (aws:accessKey, aws:secretKey, aws:token) are the credentials", async () => {
    const c = awsClientConfig({ accessKey: "AK", secretKey: "SK", token: "TK", profile: "ignored" }, "s3", "us-east-1");
    assert.deepStrictEqual(await credentialsOf(c), { accessKeyId: "AK", secretAccessKey: "SK", sessionToken: "TK" });
  });

  it("aws:profile reads that profile of aws:sharedCredentialsFiles, not the environment's keys", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "creds-"));
    const file = path.join(dir, "credentials");
    fs.writeFileSync(file, "[default]\naws_access_key_id = DEFAULT\naws_secret_access_key = d\n\n[prod]\naws_access_key_id = PROD\naws_secret_access_key = p\n");
    const c = awsClientConfig({ profile: "prod", sharedCredentialsFiles: [file], sharedConfigFiles: [path.join(dir, "none")] }, "s3", "us-east-1");
    assert.deepStrictEqual(await credentialsOf(c), { accessKeyId: "PROD", secretAccessKey: "p", sessionToken: undefined });
  });

  describe("credential lookups end within their bound, naming what did not answer", () => {
    const slowProfile = () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "creds-"));
      fs.writeFileSync(path.join(dir, "config"), "[profile slow]\ncredential_process = sleep 3\n");
      fs.writeFileSync(path.join(dir, "credentials"), "");
      return { config: path.join(dir, "config"), credentials: path.join(dir, "credentials") };
    };
    // Ended by the bound, told by its words: without it the slow profile's process would end after
    // 3 s with the SDK's own error, and the blackhole would hold the call until mocha's hang guard.
    // How soon the bound ends a lookup is a figure of `npm run bench` (scripts/bench-bounds.ts).
    const bounded = (config: Record<string, any>, pattern: RegExp) => assert.rejects(credentialsOf(config), pattern);

    it("a profile whose credential_process never answers", async () => {
      const f = slowProfile();
      await bounded(awsClientConfig({ profile: "slow", sharedCredentialsFiles: [f.credentials], sharedConfigFiles: [f.config] }, "s3", "us-east-1", { credentialsMs: 300 }),
        /^Error: stackfile: the credentials of AWS profile 'slow' \(a role_arn, SSO or credential_process there\) did not arrive within 0\.3 s; check the profile \(aws sts get-caller-identity --profile slow\)$/);
    });

    it("an assumed role whose STS endpoint never answers", async () => {
      const hole = await startBlackhole();
      try {
        await bounded(awsClientConfig({ accessKey: "AK", secretKey: "SK", assumeRoles: [{ roleArn: "arn:aws:iam::1:role/stuck" }], endpoints: [{ sts: hole.endpoint }] }, "s3", "us-east-1", { credentialsMs: 300 }),
          /^Error: stackfile: assuming role arn:aws:iam::1:role\/stuck did not answer within 0\.6 s/);
      } finally {
        hole.stop();
      }
    });

    it("the SDK's default chain (here AWS_PROFILE naming a slow profile)", async () => {
      const f = slowProfile();
      const saved = { ...process.env };
      for (const k of ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"]) delete process.env[k];
      Object.assign(process.env, { AWS_PROFILE: "slow", AWS_CONFIG_FILE: f.config, AWS_SHARED_CREDENTIALS_FILE: f.credentials });
      try {
        await bounded(awsClientConfig(undefined, "s3", "us-east-1", { credentialsMs: 300 }),
          /^Error: stackfile: the AWS SDK's default credential chain \(environment, AWS_PROFILE and the shared files, SSO, credential_process, container or instance role\) gave no credentials within 0\.3 s/);
      } finally {
        for (const k of ["AWS_PROFILE", "AWS_CONFIG_FILE", "AWS_SHARED_CREDENTIALS_FILE"]) delete process.env[k];
        Object.assign(process.env, saved);
      }
    });
  });

  for (const server of STS_SERVERS) describe(`assumed roles (${server.name})`, () => {
    let sts: Sts;
    before(async function () {
      sts = await server.start(this);
    });
    after(() => sts?.stop());
    beforeEach(() => sts && (sts.calls.length = 0));

    it("aws:assumeRoles are assumed in order through the sts endpoint, each with the credentials before it, in aws:stsRegion", async () => {
      const c = awsClientConfig({
        accessKey: "BASE", secretKey: "base",
        assumeRoles: [
          { roleArn: "arn:aws:iam::111111111111:role/deployer", sessionName: "ci", externalId: "ext-1", duration: "1h" },
          { roleArn: "arn:aws:iam::222222222222:role/prod", tags: { team: "web" } },
        ],
        endpoints: [{ sts: sts.endpoint }],
        stsRegion: "eu-central-1",
      }, "s3", "eu-west-1");
      const credentials = await credentialsOf(c);
      const [first, second] = sts.calls;
      assert.deepStrictEqual(sts.calls.map((x) => ({
        action: x.params.get("Action"), role: x.params.get("RoleArn"), session: x.params.get("RoleSessionName"),
        externalId: x.params.get("ExternalId"), duration: x.params.get("DurationSeconds"), tag: x.params.get("Tags.member.1.Key"), signedBy: x.signedBy,
      })), [
        { action: "AssumeRole", role: "arn:aws:iam::111111111111:role/deployer", session: "ci", externalId: "ext-1", duration: "3600", tag: null, signedBy: "BASE@eu-central-1" },
        { action: "AssumeRole", role: "arn:aws:iam::222222222222:role/prod", session: "stackfile", externalId: null, duration: null, tag: "team", signedBy: `${first.answeredKey}@eu-central-1` },
      ]);
      assert.strictEqual(credentials.accessKeyId, second.answeredKey, "the last role's credentials are the client's");
      assert.match(await whoIs(sts.endpoint, credentials), /^arn:aws:sts::\d{12}:assumed-role\/prod\/stackfile$/, "and STS knows them as the last role's session");
    });

    it("a profile's credentials assume the role when no keys are set (in the stack's region, even for CloudFront)", async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "creds-"));
      const file = path.join(dir, "credentials");
      fs.writeFileSync(file, "[ops]\naws_access_key_id = OPS\naws_secret_access_key = o\n");
      const c = awsClientConfig({
        profile: "ops", sharedCredentialsFiles: [file], sharedConfigFiles: [path.join(dir, "none")],
        assumeRoles: [{ roleArn: "arn:aws:iam::111111111111:role/site", durationSeconds: 900 }], endpoints: [{ sts: sts.endpoint }],
      }, "cloudfront", "eu-west-1");
      assert.strictEqual((await credentialsOf(c)).accessKeyId, sts.calls[0].answeredKey);
      assert.deepStrictEqual(sts.calls.map((x) => [x.signedBy, x.params.get("DurationSeconds")]), [["OPS@eu-west-1", "900"]]);
    });
  });

  describe("assumed roles: settings", () => {
    it("a duration not in the provider's form is refused, named", () => {
      assert.throws(() => awsClientConfig({ assumeRoles: [{ roleArn: "arn:aws:iam::1:role/r", duration: "an hour" }] }, "s3", "us-east-1"), /assumeRoles duration 'an hour' is not like 1h, 30m or 900s/);
    });
  });
});

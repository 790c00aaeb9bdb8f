// Names two stages of one account would both claim: a stack file that reads
// the stage, resolved for two or more stacks of its project, is refused when
// a name unique in an account (a custom domain, globally; a hosted UI's
// domain prefix, in its region) resolves to the same value in two of them.
// Validate compares every stack of the project; plan the stage it plans with
// the others. Each definition says which of its fields hold such names.
import * as assert from "assert";
import * as path from "path";
import { cli } from "./cli-helpers";
import { STAGED_PROJECT, stageProject } from "./stage-fixtures";

const ROOT = path.resolve(__dirname, "..", "..");

/** A gateway whose domain has no stage in it, in a file that reads the stage elsewhere. */
const FIXED_DOMAIN = `resources:
  api:
    type: http-api-gateway
    properties:
      customDomains:
        - domainName: api.example.com
  cache:
    type: redis-cluster
    properties:
      instanceSize: "$Select($Stage(), {production: cache.r7g.large, default: cache.t4g.micro})"
      defaultUserPassword: $Secret(pw)
`;

/** A user pool whose hosted UI's domain prefix (unique in a region) has no stage in it. */
const FIXED_PREFIX = `resources:
  users:
    type: user-auth-pool
    properties:
      enableHostedUi: true
      hostedUiDomainPrefix: shop-login
      requireEmailVerification: "$Select($Stage(), {production: true, default: false})"
`;

const REGIONS = (production: string, preview: string) => ({
  "Pulumi.production.yaml": `config:\n  aws:region: ${production}\n  shop:cachePort: "6380"\n`,
  "Pulumi.pr-7.yaml": `config:\n  aws:region: ${preview}\n  shop:cachePort: 6379\n`,
});

function project(stack: string, extra: Record<string, string> = {}): string {
  return path.join(stageProject({ ...STAGED_PROJECT, ...extra, "stack.yaml": stack }), "stack.yaml");
}

describe("stages: names two stages of one account would both claim", function () {
  this.timeout(120_000);

  it("validate refuses a custom domain with no stage in it, at the domain, naming both stages and the fix", async () => {
    const r = await cli("validate", project(FIXED_DOMAIN));
    assert.strictEqual(r.code, 1, r.err);
    assert.match(r.err, /stack\.yaml:6:23: domain 'api\.example\.com' of 'api' is the same in stages pr-7 and production/);
    assert.match(r.err, /put \$Stage\(\) in it.*or \$Select a value per stage/);
  });

  it("plan refuses it for the stage it plans, comparing with the project's other stacks", async () => {
    const r = await cli("plan", "--stack", "pr-7", project(FIXED_DOMAIN));
    assert.strictEqual(r.code, 1, r.err);
    assert.match(r.err, /stack\.yaml:6:23: domain 'api\.example\.com' of 'api' is the same in stages pr-7 and production/);
  });

  it("plan and validate --stack compare their stage with the others: previews that share a default clash, production does not", async () => {
    const shared = FIXED_DOMAIN.replace("domainName: api.example.com", "domainName: \"$Select($Stage(), {production: api.example.com, default: preview.example.com})\"");
    const file = project(shared, { "Pulumi.pr-8.yaml": STAGED_PROJECT["Pulumi.pr-7.yaml"] });
    const production = await cli("plan", "--json", "--stack", "production", file);
    assert.strictEqual(production.code, 0, production.err);
    const preview = await cli("plan", "--stack", "pr-8", file);
    assert.strictEqual(preview.code, 1, preview.err);
    assert.match(preview.err, /stack\.yaml:6:23: domain 'preview\.example\.com' of 'api' is the same in stages pr-7 and pr-8:/);
    const named = await cli("validate", "--stack", "pr-7", file);
    assert.strictEqual(named.code, 1, named.err);
    assert.match(named.err, /stack\.yaml:6:23: domain 'preview\.example\.com' of 'api' is the same in stages pr-7 and pr-8:/);
    assert.strictEqual((await cli("validate", "--stack", "production", file)).code, 0);
  });

  it("passes the example project: the preview's domain has $Stage() in it, production has its own", async () => {
    const file = path.join(ROOT, "examples", "stages", "stack.yaml");
    const r = await cli("validate", file);
    assert.strictEqual(r.code, 0, r.err);
    const plan = await cli("plan", "--json", "--stack", "pr-7", file);
    assert.strictEqual(plan.code, 0, plan.err);
  });

  it("refuses a domain two stages claim in different regions too: a domain is global", async () => {
    const r = await cli("validate", project(FIXED_DOMAIN, REGIONS("us-east-1", "eu-west-1")));
    assert.strictEqual(r.code, 1, r.err);
    assert.match(r.err, /stack\.yaml:6:23: domain 'api\.example\.com' of 'api' is the same in stages pr-7 and production/);
  });

  it("refuses a regional name two stages claim in one region, and passes it in two regions", async () => {
    const same = await cli("validate", project(FIXED_PREFIX, REGIONS("eu-west-1", "eu-west-1")));
    assert.strictEqual(same.code, 1, same.err);
    assert.match(same.err, /stack\.yaml:6:29: hosted UI domain prefix 'shop-login' of 'users' is the same in stages pr-7 and production, both in eu-west-1/);
    const apart = await cli("validate", project(FIXED_PREFIX, REGIONS("us-east-1", "eu-west-1")));
    assert.strictEqual(apart.code, 0, apart.err);
    // Without the hosted UI the prefix names nothing (validate only warns that it has no effect).
    const unused = await cli("validate", project(FIXED_PREFIX.replace("enableHostedUi: true", "enableHostedUi: false"), REGIONS("eu-west-1", "eu-west-1")));
    assert.strictEqual(unused.code, 0, unused.err);
    assert.match(unused.err, /hostedUiDomainPrefix has no effect without enableHostedUi: true/);
  });

  it("refuses a partner event bus two stages of one region would both name as its source", async () => {
    const bus = `resources:
  orders:
    type: event-bus
    properties:
      eventSourceName: aws.partner/example.com/123/orders
      archivation:
        enabled: true
        retentionDays: "$Select($Stage(), {production: 30, default: 1})"
`;
    const r = await cli("validate", project(bus));
    assert.strictEqual(r.code, 1, r.err);
    assert.match(r.err, /stack\.yaml:5:24: partner event bus name 'aws\.partner\/example\.com\/123\/orders' of 'orders' is the same in stages pr-7 and production, both in eu-west-1: .*; \$Select a partner event source per stage/);
    assert.strictEqual((await cli("validate", project(bus, REGIONS("us-east-1", "eu-west-1")))).code, 0);
  });

  it("never refuses a file that reads no stage, nor one whose project has one stack", async () => {
    const noStage = FIXED_DOMAIN.replace(/instanceSize: .*/, "instanceSize: cache.t4g.micro");
    const a = await cli("validate", project(noStage));
    assert.strictEqual(a.code, 0, a.err);
    const dir = stageProject({ "Pulumi.yaml": STAGED_PROJECT["Pulumi.yaml"], "Pulumi.production.yaml": STAGED_PROJECT["Pulumi.production.yaml"], "stack.yaml": FIXED_DOMAIN });
    const b = await cli("validate", path.join(dir, "stack.yaml"));
    assert.strictEqual(b.code, 0, b.err);
  });
});

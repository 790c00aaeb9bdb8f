// One stack file, many stages: `$Stage()`, `$Region()`, `$Config('key')` and
// `$Select(...)` resolved for `plan --stack NAME` from the project's
// Pulumi.<stack>.yaml, checked in what the plan registers; validate's
// offline checks of them, each at FILE:LINE:COL.
import * as assert from "assert";
import * as path from "path";
import { cli, type CliResult } from "./cli-helpers";
import { STAGED_PROJECT, STAGED_STACK, stageProject } from "./stage-fixtures";

interface Planned {
  type: string;
  name: string;
  inputs: Record<string, unknown>;
}

function resources(r: CliResult): Planned[] {
  assert.strictEqual(r.code, 0, r.err);
  return (JSON.parse(r.out) as { resources: Planned[] }).resources;
}

const one = (list: Planned[], type: string): Planned => {
  const found = list.filter((x) => x.type === type);
  assert.strictEqual(found.length, 1, `one ${type}`);
  return found[0];
};

describe("stages: one stack file planned as production and as pr-7", () => {
  let dir: string;
  let production: CliResult;
  let preview: CliResult;
  let text: CliResult;
  before(async function () {
    this.timeout(120_000);
    dir = stageProject(STAGED_PROJECT);
    const file = path.join(dir, "stack.yaml");
    production = await cli("plan", "--json", "--stack", "production", file);
    preview = await cli("plan", "--json", "--stack", "pr-7", file);
    text = await cli("plan", "--stack", "pr-7", file);
  });

  it("gives production its larger instance size, its replicas and its domain", () => {
    const list = resources(production);
    const group = one(list, "aws:elasticache/replicationGroup:ReplicationGroup").inputs;
    assert.strictEqual(group.nodeType, "cache.r7g.large");
    assert.strictEqual(group.numCacheClusters ?? (group.replicasPerNodeGroup as number) + 1, 3);
    assert.strictEqual(group.port, 6380);
    assert.strictEqual(group.description, "cache of production in eu-west-1");
    assert.strictEqual(one(list, "aws:apigatewayv2/domainName:DomainName").inputs.domainName, "api.example.com");
  });

  it("gives pr-7 the default size, no replicas and a domain with the stage in it", () => {
    const list = resources(preview);
    const group = one(list, "aws:elasticache/replicationGroup:ReplicationGroup").inputs;
    assert.strictEqual(group.nodeType, "cache.t4g.micro");
    assert.strictEqual(group.numCacheClusters ?? (group.replicasPerNodeGroup as number) + 1, 1);
    assert.strictEqual(group.port, 6379);
    assert.strictEqual(group.description, "cache of pr-7 in eu-west-1");
    assert.strictEqual(one(list, "aws:apigatewayv2/domainName:DomainName").inputs.domainName, "pr-7.preview.example.com");
  });

  it("says which stage was used, in the JSON and in the text", () => {
    assert.deepStrictEqual((JSON.parse(production.out) as { stage: unknown }).stage, { name: "production", from: "--stack", region: "eu-west-1" });
    assert.match(production.err, /plan: Stage: production \(--stack\)/);
    assert.strictEqual(text.code, 0, text.err);
    assert.match(text.out, /^Stage: pr-7 \(--stack\)$/m);
  });

  it("refuses to plan a file that reads the stage when no stage is named and the project has several", async () => {
    const r = await cli("plan", path.join(dir, "stack.yaml"));
    assert.strictEqual(r.code, 2);
    assert.match(r.err, /reads the stage .*: name it with --stack NAME \(stacks of the project: pr-7, production\)/);
  });
});

describe("stages: what validate checks offline", () => {
  const validate = async (stack: string, extra: Record<string, string> = {}, ...args: string[]) => {
    const dir = stageProject({ ...STAGED_PROJECT, ...extra, "stack.yaml": stack });
    return cli("validate", ...args, path.join(dir, "stack.yaml"));
  };
  const cache = (props: string) => `resources:
  cache:
    type: redis-cluster
    properties:
      defaultUserPassword: $Secret(pw)
${props}`;

  it("passes the staged file: every stack of the project sets what it reads", async () => {
    const r = await validate(STAGED_STACK);
    assert.strictEqual(r.code, 0, r.err);
    assert.strictEqual(r.err, "");
  });

  it("refuses unknown arguments of each directive, at the value", async () => {
    const r = await validate(cache(`      instanceSize: "$Stage(x)"
      port: "$Config()"
      numShards: "$Select($Stage())"
      engineVersion: "$Select($Stage(), production)"
`));
    assert.strictEqual(r.code, 1);
    assert.match(r.err, /stack\.yaml:6:21: \$Stage takes no arguments \(got 1\); write \$Stage\(\)/);
    assert.match(r.err, /stack\.yaml:7:13: \$Config takes 1 argument \(got 0\); write \$Config\('<key>'\)/);
    assert.match(r.err, /stack\.yaml:8:18: \$Select takes 2 arguments \(got 1\)/);
    assert.match(r.err, /stack\.yaml:9:22: \$Select's second argument is a map of cases in braces/);
  });

  it("refuses a $Select without default when a stack of the project is none of its cases (each stack is checked)", async () => {
    const r = await validate(cache(`      instanceSize: "$Select($Stage(), {production: cache.r7g.large})"\n`));
    assert.strictEqual(r.code, 1);
    assert.match(r.err, /stack\.yaml:6:21: \$Select\(\$Stage\(\), \.\.\.\) has no case for 'pr-7' and no default; add default: <value> \(cases: production\)/);
  });

  it("refuses it for the stage named with --stack too, with the cases it has", async () => {
    const r = await validate(cache(`      instanceSize: "$Select($Stage(), {production: cache.r7g.large})"\n`), {}, "--stack", "pr-7");
    assert.strictEqual(r.code, 1);
    assert.match(r.err, /stack\.yaml:6:21: \$Select\(\$Stage\(\), \.\.\.\) has no case for 'pr-7' and no default; add default: <value> \(cases: production\)/);
  });

  it("warns of a case that is no stack of the project", async () => {
    const r = await validate(cache(`      instanceSize: "$Select($Stage(), {prod: cache.r7g.large, default: cache.t4g.micro})"\n`));
    assert.strictEqual(r.code, 0, r.err);
    assert.match(r.err, /stack\.yaml:6:21: warning: \$Select's case 'prod' is no stack of this project \(no Pulumi\.prod\.yaml; stacks: pr-7, production\)/);
  });

  it("refuses a $Config key a stack does not set, with the pulumi config set line that sets it", async () => {
    const r = await validate(cache(`      instanceSize: cache.t4g.micro\n      port: $Config('redisPort')\n`));
    assert.strictEqual(r.code, 1);
    assert.match(r.err, /stack\.yaml:7:13: \$Config\('redisPort'\): stack pr-7 does not set 'redisPort'; run: pulumi config set redisPort <value> --stack pr-7/);
    assert.match(r.err, /stack\.yaml:7:13: \$Config\('redisPort'\): stack production does not set 'redisPort'; run: pulumi config set redisPort <value> --stack production/);
  });

  it("refuses $Config of a secret without showing it, and names $Secret", async () => {
    const r = await validate(cache(`      instanceSize: cache.t4g.micro\n      port: $Config('token')\n`), {
      "Pulumi.pr-7.yaml": "config:\n  shop:token:\n    secure: AAABAKzWvSecretCipherText\n",
      "Pulumi.production.yaml": "config:\n  shop:token: \"7000\"\n",
    });
    assert.strictEqual(r.code, 1);
    assert.match(r.err, /stack\.yaml:7:13: \$Config\('token'\): stack pr-7 holds 'token' as a secret; read it with \$Secret\('token'\)/);
    assert.doesNotMatch(r.err, /AAABAKzWvSecretCipherText/);
  });

  it("checks the values a named stage gives against the rules, at the directive", async () => {
    const r = await validate(cache(`      instanceSize: "$Select($Stage(), {production: cache.huge, default: cache.t4g.micro})"\n`), {}, "--stack", "production");
    assert.strictEqual(r.code, 1);
    assert.match(r.err, /stack\.yaml:6:21: .*cache\.huge/);
  });
});

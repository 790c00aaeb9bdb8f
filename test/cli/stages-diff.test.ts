// `diff` across stages: two revisions planned as one stage (--stack), and one
// file planned as two stages (--stack NEW --against-stack BASE: what the base
// stage would get that the new one has), with diff's exit codes and formats.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { cli, type CliResult } from "./cli-helpers";
import { STAGED_PROJECT, STAGED_STACK, stageProject } from "./stage-fixtures";

describe("diff across stages", function () {
  this.timeout(240_000);
  let dir: string;
  let against: CliResult;
  let refused: CliResult;
  let revisions: CliResult;
  before(async () => {
    process.env.STACKFILE_SECRET_pw = "Correct-Horse-Battery-1";
    dir = stageProject({ ...STAGED_PROJECT, "head.yaml": STAGED_STACK.replace("production: cache.r7g.large", "production: cache.r7g.xlarge") });
    const file = path.join(dir, "stack.yaml");
    against = await cli("diff", "--stack", "pr-7", "--against-stack", "production", "--allow-replace", "cache", file);
    refused = await cli("diff", "--stack", "pr-7", "--against-stack", "production", "--format", "json", file);
    revisions = await cli("diff", "--stack", "production", file, path.join(dir, "head.yaml"));
  });
  after(() => delete process.env.STACKFILE_SECRET_pw);

  it("plans one file as both stages and shows what differs, saying which stage is which", () => {
    assert.strictEqual(against.code, 0, against.err);
    assert.match(against.out, /instanceSize: cache\.r7g\.large -> cache\.t4g\.micro/);
    assert.match(against.out, /numReplicaNodes: 2 -> 0/);
    assert.match(against.out, /customDomains\[0\]\.domainName: api\.example\.com -> pr-7\.preview\.example\.com/);
    assert.match(against.err, /diff: base: Stage: production \(--against-stack\)/);
    assert.match(against.err, /diff: new: Stage: pr-7 \(--stack\)/);
  });

  it("keeps diff's exit code and formats: the port change replaces the cluster and is refused, in JSON too", () => {
    assert.strictEqual(refused.code, 1);
    assert.ok(JSON.parse(refused.out));
    assert.match(refused.err, /stack\.yaml:7:13: cache: .* is replaced because port forces a new resource/);
  });

  it("--format json names each side's stage in its stdout JSON: stages.base and stages.new, {name, from, region}", () => {
    const json = JSON.parse(refused.out);
    assert.deepStrictEqual(json.stages, {
      base: { name: "production", from: "--against-stack", region: "eu-west-1" },
      new: { name: "pr-7", from: "--stack", region: "eu-west-1" },
    });
    assert.deepStrictEqual(Object.keys(json).slice(0, 3), ["config", "resources", "refused"]);
  });

  it("plans two revisions as the stage --stack names", () => {
    assert.strictEqual(revisions.code, 0, revisions.err);
    assert.match(revisions.out, /instanceSize: cache\.r7g\.large -> cache\.r7g\.xlarge/);
    assert.match(revisions.err, /diff: new: Stage: production \(--stack\)/);
  });

  it("refuses --against-stack with two files or with --new-stack (usage, exit 2)", async () => {
    const file = path.join(dir, "stack.yaml");
    assert.strictEqual((await cli("diff", "--stack", "pr-7", "--against-stack", "production", file, file)).code, 2);
    assert.strictEqual((await cli("diff", "--against-stack", "production", "--new-stack", file)).code, 2);
    assert.ok(fs.existsSync(file));
  });
});

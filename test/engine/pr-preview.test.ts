// examples/ci/pr-preview.yml's steps under the real Pulumi engine, on one
// stand-in account: examples/stages copied out (its own Pulumi.yaml, stackfile
// installed), production deployed, then two pull requests' previews at once
// (the workflow's `run:` lines as written for one, docs/pull-request-previews.md's
// lines as written for the other, each in its own shell), a push to one from a
// fresh checkout, and both closed. `gh` is a stand-in for GitHub's API
// (test/engine/github-stand-in/gh): GitHub cannot run here.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { parse } from "yaml";
import { linkInstall, REPO, requireEngine } from "./harness";
import { readWorld, type WorldResource } from "./stand-in/world";
import { Shell, shBlock, userEnv } from "./user-path";

const WORKFLOW = path.join(REPO, "examples", "ci", "pr-preview.yml");
const DOC = path.join(REPO, "docs", "pull-request-previews.md");
const GROUP = "aws:elasticache/replicationGroup:ReplicationGroup";
const DOMAIN = "aws:apigatewayv2/domainName:DomainName";

interface Step { run?: string; env?: Record<string, string> }
interface Workflow { env: Record<string, string>; jobs: Record<string, { if: string; steps: Step[] }> }

/** A job's `run:` lines, as written. */
function runLines(job: string): string[] {
  const wf = parse(fs.readFileSync(WORKFLOW, "utf8")) as Workflow;
  return wf.jobs[job].steps.flatMap((s) => (s.run ? s.run.trim().split("\n") : []));
}

describe("engine: a preview environment per pull request, examples/ci/pr-preview.yml's steps for two pull requests at once (real pulumi)", function () {
  this.timeout(900_000);
  let work: string;
  let project: string;
  let github: string;
  const shells: Shell[] = [];
  const shell = (extra: Record<string, string> = {}) => {
    const sh = new Shell(project, { ...userEnv(path.join(work, ".home")), PATH: `${path.join(REPO, "test", "engine", "github-stand-in")}${path.delimiter}${userEnv(path.join(work, ".home")).PATH}`, GH_STAND_IN_DIR: github, ...extra });
    shells.push(sh);
    return sh;
  };
  const world = () => readWorld(path.join(project, ".engine"));
  const keys = (rs: Record<string, WorldResource>) => Object.keys(rs).sort();
  let production: Record<string, WorldResource> = {};
  let setup: Shell;

  before(async function () {
    requireEngine(this);
    work = fs.mkdtempSync(path.join(require("os").tmpdir(), "pr-preview-"));
    fs.mkdirSync(path.join(work, ".home"));
    project = path.join(work, "shop");
    fs.cpSync(path.join(REPO, "examples", "stages"), project, { recursive: true });
    linkInstall(project);
    // As the workflow's header says: the script beside the workflows.
    fs.mkdirSync(path.join(project, ".github"));
    fs.copyFileSync(path.join(REPO, "examples", "ci", "pr-preview.sh"), path.join(project, ".github", "pr-preview.sh"));
    fs.chmodSync(path.join(project, ".github", "pr-preview.sh"), 0o755);
    github = path.join(work, "github");
    fs.mkdirSync(github);
    setup = shell();
    await setup.ok("pulumi stack init production");
    await setup.ok("pulumi config set --secret cachePassword 'Correct-Horse-Battery-1' --stack production");
    await setup.ok("pulumi up --yes --skip-preview --stack production");
    production = world().resources;
  });
  after(() => {
    for (const sh of shells) sh.close();
    if (work && !process.env.STACKFILE_KEEP_ENGINE_DIRS) fs.rmSync(work, { recursive: true, force: true });
  });

  it("production deploys its larger values: cache.r7g.large with 2 replicas on port 6380, the domain api.example.com", () => {
    const groups = Object.values(production).filter((r) => r.type === GROUP);
    assert.strictEqual(groups.length, 1);
    assert.strictEqual(groups[0].state.nodeType, "cache.r7g.large");
    assert.strictEqual(groups[0].state.numCacheClusters, 3);
    assert.strictEqual(groups[0].state.port, 6380);
    assert.strictEqual(groups[0].state.description, "sessions of production in us-east-1");
    assert.deepStrictEqual(Object.values(production).filter((r) => r.type === DOMAIN).map((r) => r.state.domainName), ["api.example.com"]);
  });

  it("pr-1 (the docs' lines) and pr-2 (the workflow's deploy job) deploy at the same time: each its own resources and domain, no name shared, small values, one comment each with its URLs", async () => {
    const doc = shBlock(DOC, "A preview environment for each pull request").lines;
    assert.deepStrictEqual(doc, ["PR_NUMBER=1 .github/pr-preview.sh up", "PR_NUMBER=1 .github/pr-preview.sh down"]);
    const deploy = runLines("deploy");
    assert.ok(deploy.includes(".github/pr-preview.sh up") && deploy.includes(".github/pr-preview.sh comment"), deploy.join("\n"));
    const wfEnv = (parse(fs.readFileSync(WORKFLOW, "utf8")) as Workflow).env;
    // The workflow's env, with what GitHub fills in: the pull request's number, the repository, a token.
    const pr2 = shell({ PR_NUMBER: "2", BASE_STACK: wfEnv.BASE_STACK, GITHUB_REPOSITORY: "shop/shop", GH_TOKEN: "stand-in-token" });
    const pr1 = shell();
    const [out1] = await both([
      pr1.ok(doc[0]),
      (async () => {
        for (const line of deploy.filter((l) => !l.startsWith("npm "))) await pr2.ok(line);
      })(),
    ]);
    assert.match(out1, /making the stack pr-1 with the configuration of production/);
    const now = world().resources;
    for (const k of keys(production)) assert.deepStrictEqual(now[k], production[k], `production's ${k} untouched`);
    const added = Object.entries(now).filter(([k]) => !(k in production)).map(([, r]) => r);
    // Each preview made what production has, under its own ids and with its own domain (no replica, so no replication-lag alarm).
    const named = (r: WorldResource, domain: string | undefined) => `${r.type} ${domain ? r.name.replace(domain, "DOMAIN") : r.name}`;
    const expected = Object.values(production).map((r) => named(r, "api-example-com")).filter((n) => !n.endsWith(" cache-replication-lag-alarm")).sort();
    const made = added.map((r) => named(r, /pr-[12]-preview-example-com/.exec(r.name)?.[0])).sort();
    assert.deepStrictEqual(made, [...expected, ...expected].sort(), "each preview made production's resources once more");
    const groups = added.filter((r) => r.type === GROUP);
    assert.deepStrictEqual(groups.map((r) => [r.state.nodeType, r.state.numCacheClusters]), [["cache.t4g.micro", 1], ["cache.t4g.micro", 1]]);
    assert.deepStrictEqual(groups.map((r) => r.state.description).sort(), ["sessions of pr-1 in us-east-1", "sessions of pr-2 in us-east-1"]);
    assert.deepStrictEqual(added.filter((r) => r.type === DOMAIN).map((r) => r.state.domainName).sort(), ["pr-1.preview.example.com", "pr-2.preview.example.com"]);
    // The comments: pr-1's file (the docs' line writes it; nothing posted), pr-2's posted once.
    assert.match(fs.readFileSync(path.join(project, "pr-1-preview.md"), "utf8"), /^- api\.customDomainUrls: https:\/\/pr-1\.preview\.example\.com$/m);
    const posted = JSON.parse(fs.readFileSync(path.join(github, "comments.json"), "utf8"));
    assert.strictEqual(posted.length, 1);
    assert.strictEqual(posted[0].issue, 2);
    assert.match(posted[0].body, /^<!-- stackfile-pr-preview -->\n### Preview environment `pr-2`/);
    assert.match(posted[0].body, /^- api\.customDomainUrls: https:\/\/pr-2\.preview\.example\.com$/m);
    assert.match(posted[0].body, /^- api\.url: https:\/\/\S+$/m);
    assert.doesNotMatch(posted[0].body, /Correct-Horse/);
  });

  it("a push to pr-2 from a fresh checkout (no Pulumi.pr-2.yaml) redeploys with the stack's configuration and updates the same comment", async () => {
    fs.rmSync(path.join(project, "Pulumi.pr-2.yaml"));
    const before = world().resources;
    const pr2 = shell({ PR_NUMBER: "2", GITHUB_REPOSITORY: "shop/shop", GH_TOKEN: "stand-in-token", GITHUB_SHA: "0123456789abcdef" });
    let out = "";
    for (const line of runLines("deploy").filter((l) => !l.startsWith("npm "))) out += await pr2.ok(line);
    assert.match(out, /updating the stack pr-2/);
    assert.match(out, /updated comment 1/);
    assert.deepStrictEqual(keys(world().resources), keys(before), "nothing made or deleted");
    const posted = JSON.parse(fs.readFileSync(path.join(github, "comments.json"), "utf8"));
    assert.strictEqual(posted.length, 1, "one comment, updated");
    assert.match(posted[0].body, /`pr-2` at 0123456/);
  });

  it("stackfile diff in the project refuses what production would get from pr-7's stage (the port replaces its cache) and passes production against itself", async () => {
    const diff = (args: string) => setup.run(`node node_modules/stackfile/bin/stackfile.js diff ${args} stack.yaml`);
    const refused = await diff("--stack pr-7 --against-stack production");
    assert.strictEqual(refused.code, 1, refused.out);
    assert.match(refused.out, /cache-replication-group .*replace \(port\)/);
    assert.match(refused.out, /^stack\.yaml:\d+:\d+: cache: .*loses every key|^stack\.yaml:\d+:\d+: cache: .*--allow-replace cache/m);
    const same = await diff("--stack production --against-stack production");
    assert.strictEqual(same.code, 0, same.out);
  });

  it("closing both (the docs' line for pr-1, the workflow's destroy job for pr-2, at once) leaves production alone and nothing of theirs, and removes both stacks", async () => {
    const doc = shBlock(DOC, "A preview environment for each pull request").lines;
    const destroy = runLines("destroy").filter((l) => !l.startsWith("npm "));
    assert.deepStrictEqual(destroy, [".github/pr-preview.sh down"]);
    const pr2 = shell({ PR_NUMBER: "2" });
    await both([shell().ok(doc[1]), (async () => { for (const l of destroy) await pr2.ok(l); })()]);
    assert.deepStrictEqual(keys(world().resources), keys(production), "only production's resources are left in the account");
    const stacks = JSON.parse((await setup.ok("pulumi stack ls --json")).replace(/^[^[]*/, "")) as { name: string }[];
    assert.deepStrictEqual(stacks.map((s) => s.name), ["production"]);
    assert.match(await shell({ PR_NUMBER: "2" }).ok(destroy[0]), /no stack pr-2/, "closing again finds nothing to do");
  });
});

/** Both runs to their end (neither left running when the other fails), then the first failure, if any. */
async function both<T>(runs: [Promise<T>, Promise<unknown>]): Promise<[T, unknown]> {
  const settled = await Promise.allSettled(runs);
  for (const s of settled) if (s.status === "rejected") throw s.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as [T, unknown];
}

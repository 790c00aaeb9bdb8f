// The user's path, exactly as written (principle 11): the commands of the
// README's "Start a project", of docs/deploy.md and of each example's README,
// copied out of those pages and run line by line in one shell, as a new user
// types them, on projects made the way the pages say (a fresh `init` folder
// with nothing edited; each example copied out of the checkout), under the
// real Pulumi engine with the stand-in for AWS. Each deploys from a new stack
// (`pulumi stack init`, `pulumi config set --secret`), previews, goes `up`,
// previews again with no change, reads its outputs with the commands `plan`
// printed, and is destroyed.
//
// Lines that cannot run here are named where they are skipped: the README's
// `git clone` (no git host here: besideAClone() copies this checkout), and the
// AWS CLI's default-VPC check (the stand-in's account has its default VPC).
// Installs and plans run without the engine too; the deploys need it.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { REPO, requireEngine } from "./harness";
import { readWorld } from "./stand-in/world";
import { besideAClone, outputCommands, plannedResources, previewSteps, Shell, shBlock, shBlocks, userEnv, type ShBlock } from "./user-path";
import { assertPreviewMatchesPlan, previewJsonSteps } from "./preview-vs-plan";
import { pages } from "../docs-pages";

const README = path.join(REPO, "README.md");
const DEPLOY = path.join(REPO, "docs", "deploy.md");

/** The lines of docs/deploy.md's blocks in order; `secrets` replaces step 5's block (an example's own secrets). */
function deployLines(opts: { secrets?: ShBlock; skip?: (line: string) => boolean } = {}): string[] {
  const blocks = shBlocks(DEPLOY);
  const step5 = blocks.findIndex((b) => b.lines.some((l) => l.startsWith("pulumi config set --secret cachePassword")));
  assert.ok(step5 > 0, "docs/deploy.md sets the secret cachePassword in a block of its own");
  if (opts.secrets) blocks[step5] = opts.secrets;
  return blocks.flatMap((b) => b.lines).filter((l) => !/^aws /.test(l) && !(opts.skip?.(l) ?? false));
}

/** A line is this command (comments after it aside). */
const is = (line: string, command: string) => line.replace(/\s+#.*$/, "").trim() === command;

/**
 * Runs docs/deploy.md's lines in `sh` (in the project's folder); after the
 * block with `pulumi up`, reads the outputs with the commands `plan` printed
 * and previews again (no change), before `pulumi destroy`. Returns what each
 * documented command printed, by line.
 */
async function deploy(sh: Shell, lines: string[], checks: { afterPlan?(out: string): void; firstPreview?(out: string): Promise<void> | void; afterUp?(): Promise<void> | void } = {}): Promise<Map<string, string>> {
  const printed = new Map<string, string>();
  let planOut = "";
  let previews = 0;
  for (const line of lines) {
    if (is(line, "pulumi destroy")) {
      // Before the last step: what `plan` promised about outputs, and a preview with nothing changed.
      for (const command of outputCommands(planOut)) {
        const out = await sh.ok(command);
        const json = JSON.parse(out.slice(out.indexOf("{")));
        assert.strictEqual(typeof json, "object", `${command}: ${out}`);
        const listed = planOut.split("\n").slice(planOut.split("\n").indexOf(`  ${command}`) + 1).filter((l, i, all) => /^ {4}\S/.test(l) && all.slice(0, i).every((x) => /^ {4}\S/.test(x))).map((l) => l.trim().split(":")[0]);
        assert.deepStrictEqual(Object.keys(json).sort(), listed.sort(), `${command} reads the outputs plan listed under it`);
        assert.ok(!out.includes("[secret]") || !command.includes("--show-secrets"), `${command} shows the secrets`);
      }
      const again = previewSteps(await sh.ok(lines.find((l) => l.startsWith("pulumi preview"))!));
      assert.deepStrictEqual(again.filter((s) => s.op !== "same"), [], "a second preview with nothing changed shows no change");
    }
    const out = await sh.ok(line);
    printed.set(line, out);
    if (/^npx stackfile plan\b/.test(line)) {
      planOut = out;
      checks.afterPlan?.(out);
    }
    if (line.startsWith("pulumi preview") && previews++ === 0) await checks.firstPreview?.(out);
    if (is(line, "pulumi up")) await checks.afterUp?.();
  }
  return printed;
}

/** Ends the shell and removes the folder (STACKFILE_KEEP_ENGINE_DIRS keeps it): in an `after` hook. */
function cleanUp(ctx: Mocha.Context, sh: Shell | undefined, work: string | undefined): void {
  // Hang guard: the folder holds installs (hundreds of MB); a busy disk takes a while.
  ctx.timeout(900_000);
  sh?.close();
  if (work && !process.env.STACKFILE_KEEP_ENGINE_DIRS) fs.rmSync(work, { recursive: true, force: true });
}

function newWork(prefix: string): { work: string; sh: Shell } {
  const work = besideAClone(prefix);
  const home = path.join(work, ".home");
  fs.mkdirSync(home);
  return { work, sh: new Shell(work, userEnv(home)) };
}

describe("the user's path: a fresh init folder, then docs/deploy.md (real pulumi)", function () {
  this.timeout(2_400_000);
  let sh: Shell;
  let work: string;
  let initOut = "";
  const written: Record<string, string> = {};
  after(function () {
    cleanUp(this, sh, work);
  });

  it("the README's Start a project, as written: init, then its next line (install from the packed tarball, plan)", async () => {
    ({ work, sh } = newWork("user-init-"));
    const start = shBlock(README, "Start a project");
    assert.match(start.lines[0], /^git clone https:\/\/github\.com\/stackfile\/stackfile\.git && \(cd stackfile && npm ci\)$/, "the clone line (made by besideAClone)");
    assert.strictEqual(start.lines.length, 3);
    initOut = await sh.ok(start.lines[1]);
    // init's own next line is the README's third line.
    assert.ok(initOut.split("\n").includes(`next: ${start.lines[2]}`), initOut);
    for (const f of ["Pulumi.yaml", "package.json"]) written[f] = fs.readFileSync(path.join(work, "my-app", f), "utf8");
    assert.match(written["package.json"], /"stackfile": "file:vendor\/stackfile-[\d.]+\.tgz"/);
    const planned = await sh.ok(start.lines[2]);
    assert.match(planned, /^Plan for stack\.yaml: \d+ resources \(3 components\), nothing deployed\.$/m);
    // No stack yet: one line says why no secrets came from it.
    assert.match(planned, /^Pulumi stack of project my-app \(Pulumi\.yaml\): secrets not read \(.*\); only --secret, --secrets-file and STACKFILE_SECRET_<NAME> give them$/m);
    assert.match(planned, /^Secrets not given, shown with placeholders: cachePassword\./m);
    // The README's "Check it" lines, in the project.
    const tour = shBlock(README, "A short tour");
    assert.match(await sh.ok(tour.lines[0]), /^ok: 3 resources$/m);
    assert.match(await sh.ok(tour.lines[1]), /^Plan for stack\.yaml: \d+ resources \(3 components\), nothing deployed\.$/m);
    assert.ok(!fs.existsSync(path.join(work, "my-app", "node_modules", "next")), "no Next.js");
    assert.ok(fs.existsSync(path.join(work, "my-app", "node_modules", "stackfile", "docs", "deploy.md")), "the docs ship");
  });

  it("docs/deploy.md's steps as written: stack init, secrets, plan with the stack's values, preview, up, outputs, a no-change preview, destroy", async function () {
    if (!sh) this.skip();
    requireEngine(this);
    let created = 0;
    await deploy(sh, deployLines(), {
      afterPlan(out) {
        assert.doesNotMatch(out, /placeholder/i, "the stack's secret, no placeholder");
        assert.match(out, /^Region: eu-west-1 \(aws:region of stack dev \(pulumi config\)\)$/m);
        assert.deepStrictEqual(outputCommands(out), ["pulumi stack output api --json", "pulumi stack output cache --json --show-secrets", "pulumi stack output hello --json"]);
      },
      firstPreview(out) {
        const steps = previewSteps(out);
        created = steps.filter((s) => s.op === "create").length;
        assert.ok(created > 10 && steps.every((s) => s.op === "create"), out);
      },
      afterUp() {
        const world = readWorld(path.join(work, "my-app", ".engine"));
        assert.ok(Object.values(world.resources).some((r) => r.type === "aws:elasticache/replicationGroup:ReplicationGroup"));
      },
    });
    assert.deepStrictEqual(Object.keys(readWorld(path.join(work, "my-app", ".engine")).resources), [], "destroy removed every resource");
    // Nothing of the project was rewritten: Pulumi.yaml and package.json are init's, byte for byte.
    for (const [f, text] of Object.entries(written)) assert.strictEqual(fs.readFileSync(path.join(work, "my-app", f), "utf8"), text, f);
  });
});

describe("the user's path: examples/typescript copied out, as its README says (real pulumi)", function () {
  this.timeout(2_400_000);
  let sh: Shell;
  let work: string;
  after(function () {
    cleanUp(this, sh, work);
  });
  const EXAMPLE = path.join(REPO, "examples", "typescript", "README.md");

  it("copies, installs from the packed tarball and type-checks with Pulumi's template tsconfig.json, a program importing every export included", async () => {
    ({ work, sh } = newWork("user-ts-"));
    const copy = shBlock(EXAMPLE, "Copy it");
    await sh.ok(copy.lines[0]);
    const app = path.join(work, "my-ts-app");
    // Beside index.ts (the template's tsconfig.json compiles every .ts of the folder): every public export, used.
    const names = Object.keys(require(path.join(REPO, "dist", "index.js"))).sort();
    assert.ok(names.length > 10, names.join(", "));
    fs.writeFileSync(path.join(app, "every-export.ts"), `import * as stackfile from "stackfile";\nexport const everyExport = [${names.map((n) => `stackfile.${n}`).join(", ")}];\n`);
    for (const line of copy.lines.slice(1)) await sh.ok(line);
    assert.doesNotMatch(fs.readFileSync(path.join(app, "tsconfig.json"), "utf8"), /skipLibCheck/);
    fs.rmSync(path.join(app, "every-export.ts"));
  });

  it("deploys as docs/deploy.md says (its `npx stackfile plan` left out, as the README says): preview, up, outputs, a no-change preview, destroy", async function () {
    if (!sh) this.skip();
    requireEngine(this);
    await deploy(sh, deployLines({ skip: (l) => /^npx stackfile /.test(l) }), {
      afterUp() {
        const groups = Object.values(readWorld(path.join(work, "my-ts-app", ".engine")).resources).filter((r) => r.type === "aws:elasticache/replicationGroup:ReplicationGroup");
        assert.strictEqual(groups.length, 1);
        assert.strictEqual(groups[0].state.maintenanceWindow, "sun:05:00-sun:06:00", "the transform of index.ts");
      },
    });
  });
});

describe("the user's path: examples/yaml-stack copied out with its Next.js app, as its README says (real pulumi)", function () {
  this.timeout(2_400_000);
  let sh: Shell;
  let work: string;
  let beside: Shell | undefined;
  after(function () {
    beside?.close();
    cleanUp(this, sh, work);
  });
  const EXAMPLE = path.join(REPO, "examples", "yaml-stack", "README.md");

  it("copies both folders, installs, validates", async () => {
    ({ work, sh } = newWork("user-yaml-"));
    const copy = shBlock(EXAMPLE, "Copy it");
    let last = "";
    for (const line of copy.lines) last = await sh.ok(line);
    assert.match(last, /^ok: 9 resources$/m);
  });

  it("deploys as docs/deploy.md says with its own secrets: the first preview registers what plan shows (types, parents, the inputs known at preview); up; outputs; no change after; destroy", async function () {
    if (!sh) this.skip();
    requireEngine(this);
    let planned: string[] = [];
    await deploy(sh, deployLines({ secrets: shBlock(EXAMPLE, "Deploy it") }), {
      afterPlan(out) {
        assert.doesNotMatch(out, /Secrets not given/);
        planned = plannedResources(out);
        assert.ok(planned.length > 50, out.slice(0, 2000));
      },
      async firstPreview(out) {
        const steps = previewSteps(out).filter((s) => !/^pulumi:/.test(s.resource));
        assert.deepStrictEqual(steps.map((s) => s.resource).sort(), planned, "the engine's preview registers the resources plan shows");
        assert.ok(steps.every((s) => s.op === "create"));
        // The same preview and plan as JSON: each resource's parent, and every input the preview knows.
        const previewJson = await sh.ok("pulumi preview --json");
        const planJson = await sh.ok("npx stackfile plan --json 2>/dev/null");
        assertPreviewMatchesPlan(previewJsonSteps(previewJson), JSON.parse(planJson.slice(planJson.indexOf("{"))).resources);
      },
      afterUp() {
        const world = readWorld(path.join(work, "yaml-stack", ".engine"));
        assert.ok(Object.values(world.resources).some((r) => r.type === "aws:cloudfront/distribution:Distribution" && r.name === "web-distribution"));
        assert.ok(world.log.some((l) => l.startsWith("invalidate ")), "the site's cache was invalidated through the CloudFront endpoint");
      },
    });
  });
  it("examples/pulumi-yaml copied out beside the same Next.js app installs as its README says: stackfile from the packed tarball, with the provider its Pulumi.yaml names", async function () {
    if (!sh) this.skip();
    // A shell of its own in the same folder: the README's lines start beside the checkout.
    beside = new Shell(work, userEnv(path.join(work, ".home")));
    for (const line of shBlock(path.join(REPO, "examples", "pulumi-yaml", "README.md"), "Copy it").lines) await beside.ok(line);
    const app = path.join(work, "pulumi-yaml");
    assert.match(fs.readFileSync(path.join(app, "Pulumi.yaml"), "utf8"), /^ {6}path: \.\/node_modules\/stackfile\/bin$/m);
    const provider = path.join(app, "node_modules", "stackfile", "bin", "pulumi-resource-stackfile");
    assert.ok(fs.statSync(provider).mode & 0o111, "the provider Pulumi.yaml names is installed, executable");
    assert.strictEqual(JSON.parse(fs.readFileSync(path.join(app, "node_modules", "stackfile", "package.json"), "utf8")).name, "stackfile");
  });
});

/**
 * Pages whose commands other tests run as written, left out of the check below: docs/languages.md
 * (Pulumi YAML, Python and Go programs using the provider the package ships) and docs/cost.md (plan
 * and diff in a checkout). Each names the test that runs them.
 */
const RUN_BY_OTHER_TESTS: Record<string, string> = {
  "docs/languages.md": "test/pulumi-package/sdk-languages.test.ts",
  "docs/cost.md": "test/cli/cost-doc.test.ts",
};

describe("the documented commands these tests run", () => {
  it("every line of the README's, docs/' and the examples' sh blocks that a user runs in a stackfile project is one these tests run", () => {
    const bare = (l: string) => l.replace(/\s+#.*$/, "").trim();
    for (const [page, test] of Object.entries(RUN_BY_OTHER_TESTS)) assert.ok(fs.readFileSync(path.join(REPO, test), "utf8").includes(page), `${test} runs ${page}`);
    const examples = ["typescript", "yaml-stack", "pulumi-yaml"].map((e) => path.join(REPO, "examples", e, "README.md"));
    const run = new Set([
      ...shBlock(README, "Start a project").lines, ...shBlock(README, "A short tour").lines, ...shBlocks(DEPLOY).flatMap((b) => b.lines),
      ...examples.flatMap((f) => shBlocks(f).flatMap((b) => b.lines)),
    ].map(bare));
    const documented = [...pages().filter((f) => !(path.relative(REPO, f) in RUN_BY_OTHER_TESTS)), ...examples].flatMap((f) => shBlocks(f).flatMap((b) => b.lines.map((l) => ({ where: b.where, l: bare(l) }))))
      .filter(({ l }) => /^(pulumi |npx stackfile |npm install|npm pack|cp -R |node stackfile\/|cd |\(cd )/.test(l));
    assert.deepStrictEqual(documented.filter(({ l }) => !run.has(l)).map(({ where, l }) => `${where}: ${l}`), []);
  });
});

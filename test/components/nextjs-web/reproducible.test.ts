// The same commit checked out in two folders plans byte for byte the same:
// build id, asset keys and hashes, code archives and their digests, seeding
// trigger and invalidation key depend on content, never on where the
// checkout is. Two real OpenNext builds, from scratch, with one build secret
// (Next.js's own keys are random otherwise: see build-keys.ts); and `plan`
// with no secret at all, which builds with the public placeholder key.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { spawnSync } from "child_process";
import { cli } from "../../cli/cli-helpers";
import { fakeNextApp } from "../../fake-next-app";
import { PLACEHOLDER_BUILD_SECRET } from "../../../src/components/nextjs-web/build/build-keys";

const ROOT = path.resolve(__dirname, "../../..");
const APP = path.join(ROOT, "examples", "nextjs-app");
const SKIP = new Set([".next", ".open-next", "node_modules", ".open-next.lock", ".stackfile-open-next.config.ts"]);

/** A checkout at `at`: the root manifests, the example app's sources, node_modules (hard links where it can). */
function checkout(at: string): void {
  fs.mkdirSync(path.join(at, "examples"), { recursive: true });
  for (const f of ["package.json", "package-lock.json"]) fs.copyFileSync(path.join(ROOT, f), path.join(at, f));
  fs.cpSync(APP, path.join(at, "examples", "nextjs-app"), { recursive: true, filter: (src) => !SKIP.has(path.basename(src)) });
  const linked = spawnSync("cp", ["-al", path.join(ROOT, "node_modules"), path.join(at, "node_modules")]);
  if (linked.status !== 0) fs.cpSync(path.join(ROOT, "node_modules"), path.join(at, "node_modules"), { recursive: true, verbatimSymlinks: true });
  fs.writeFileSync(path.join(at, "stack.yaml"), [
    "resources:",
    "  web:",
    "    type: nextjs-web",
    "    properties:",
    "      appDirectory: examples/nextjs-app",
    "      environment:",
    "        - name: GREETING",
    "          value: the same everywhere",
    "",
  ].join("\n"));
}

/** Both checkouts are built with the same build secret, as CI and a deploy would be. */
const SECRET = "reproducible-0123456789abcdef0123456789abcdef";

async function planIn(at: string): Promise<string> {
  const here = process.cwd();
  process.chdir(at);
  const secret = process.env.STACKFILE_BUILD_SECRET;
  process.env.STACKFILE_BUILD_SECRET = SECRET;
  try {
    const r = await cli("plan", "stack.yaml", "--json");
    assert.strictEqual(r.code, 0, r.err);
    return r.out;
  } finally {
    process.chdir(here);
    if (secret === undefined) delete process.env.STACKFILE_BUILD_SECRET;
    else process.env.STACKFILE_BUILD_SECRET = secret;
  }
}

/** `plan --json` of a stack in `dir` with no build secret anywhere, and what it wrote to stderr. */
async function planWithoutSecret(dir: string): Promise<{ out: string; stderr: string }> {
  const here = process.cwd();
  const secret = process.env.STACKFILE_BUILD_SECRET;
  delete process.env.STACKFILE_BUILD_SECRET;
  const written: string[] = [];
  const write = process.stderr.write;
  process.stderr.write = ((chunk: string) => written.push(String(chunk)) > 0) as typeof process.stderr.write;
  process.chdir(dir);
  try {
    const r = await cli("plan", "stack.yaml", "--json");
    assert.strictEqual(r.code, 0, r.err);
    return { out: r.out, stderr: written.join("") };
  } finally {
    process.stderr.write = write;
    process.chdir(here);
    if (secret !== undefined) process.env.STACKFILE_BUILD_SECRET = secret;
  }
}

describe("a plan without a build secret", function () {
  this.timeout(60000);

  it("builds with the public placeholder key: two checkouts of an app plan the same archive hashes, and it says so in one line", async () => {
    const plans = [];
    for (const at of [fs.mkdtempSync(path.join(os.tmpdir(), "plan-a-")), path.join(fs.mkdtempSync(path.join(os.tmpdir(), "plan-b-")), "deeper")]) {
      fs.mkdirSync(at, { recursive: true });
      const app = fakeNextApp("same", at);
      fs.writeFileSync(path.join(at, "stack.yaml"), `resources:\n  web:\n    type: nextjs-web\n    properties:\n      appDirectory: ./app\n      buildCommand: '${app.buildCommand}'\n`);
      plans.push(await planWithoutSecret(at));
    }
    const archives = (out: string) => JSON.parse(out).resources.filter((r: any) => typeof r.inputs.code === "object").map((r: any) => [r.name, JSON.stringify(r.inputs.code)]);
    assert.ok(archives(plans[0].out).length > 0);
    assert.ok(archives(plans[0].out).every(([, code]: string[]) => /sha256 [0-9a-f]{64}/.test(code)));
    assert.deepStrictEqual(archives(plans[0].out), archives(plans[1].out));
    assert.strictEqual(plans[0].out, plans[1].out, "the whole plan too");
    for (const p of plans) {
      assert.deepStrictEqual(p.stderr.split("\n").filter((l) => l.includes("placeholder")), [
        "web: no build secret given, so this plan builds with stackfile's public placeholder key (the same in every checkout; a deploy never reuses such a build)",
      ]);
      assert.ok(!p.stderr.includes(PLACEHOLDER_BUILD_SECRET));
    }
  });
});

describe("a build is reproducible by content", function () {
  this.timeout(600000);
  const dirs: string[] = [];
  after(() => {
    if (!process.env.KEEP_CHECKOUTS) for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it("the example app built at two absolute paths gives byte-identical plan --json, archive digests included", async () => {
    const a = fs.mkdtempSync(path.join(os.tmpdir(), "checkout-a-"));
    const b = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "other-")), "deeper", "checkout-b");
    dirs.push(a, path.dirname(path.dirname(b)));
    checkout(a);
    checkout(b);
    const [planA, planB] = [await planIn(a), await planIn(b)];
    const server = JSON.parse(planA).resources.find((r: any) => r.name === "web-server-function");
    assert.match(server.inputs.code.archive["."], /^archive of examples\/nextjs-app\/\.open-next\/server-functions\/default \(\d+ files, sha256 [0-9a-f]{64}\)$/);
    assert.ok(!planA.includes(a) && !planB.includes(b), "no absolute path of either checkout");
    if (planA !== planB) {
      const la = planA.split("\n");
      const lb = planB.split("\n");
      const i = la.findIndex((l, k) => l !== lb[k]);
      assert.fail(`the plans differ at line ${i + 1}:\n  ${la[i]}\n  ${lb[i]}`);
    }
  });
});

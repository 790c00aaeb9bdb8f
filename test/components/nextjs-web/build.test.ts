// The build step: reused only when what the last build left is whole, one at
// a time per app directory, its sources including linked folders and
// workspace packages, and a word on what it does.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { execFile } from "child_process";
import { promisify } from "util";
import { buildNextApp } from "../../../src/components/nextjs-web/build";
import { sourceHash } from "../../../src/components/nextjs-web/build/source-hash";
import { assetManifest } from "../../../src/components/nextjs-web/assets";
import { analyzeStackfile, formatProblem } from "../../../src/config/stackfile";

const FAKE = path.join(__dirname, "../../fixtures/fake-open-next.js");
const RUN_CLI = path.join(__dirname, "../../fixtures/run-cli.ts");

/** A tiny app whose buildCommand is the fake OpenNext above. */
function fakeApp(version = "v1"): { dir: string; buildCommand: string; builds(): number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fake-app-"));
  fs.writeFileSync(path.join(dir, "package.json"), "{}");
  fs.writeFileSync(path.join(dir, "next.config.mjs"), "export default { generateBuildId: async () => 'x' };\n");
  fs.writeFileSync(path.join(dir, "src.txt"), version);
  const counter = `${dir}.builds`;
  return { dir, buildCommand: `node "${FAKE}"`, builds: () => (fs.existsSync(counter) ? fs.readFileSync(counter, "utf8").length : 0) };
}

describe("the build step", function () {
  this.timeout(120000);

  it("says what it does: a line when it builds and its time, or that the build was skipped", () => {
    const app = fakeApp();
    const lines: string[] = [];
    const say = (l: string) => lines.push(l);
    buildNextApp(app.dir, { buildCommand: app.buildCommand, label: "web", say });
    buildNextApp(app.dir, { buildCommand: app.buildCommand, label: "web", say });
    const where = path.relative(process.cwd(), app.dir);
    assert.strictEqual(lines[0], `building web (\`${app.buildCommand}\`) in ${where} ...`);
    assert.match(lines[1], /^web: built in \d+\.\d s$/);
    assert.deepStrictEqual(lines.slice(2), ["web: sources unchanged, build skipped"]);
  });

  it("a failing build shows its own output, indented, then one line naming the command and its exit code", () => {
    const app = fakeApp();
    const lines: string[] = [];
    process.env.FAIL_BUILD = "1";
    try {
      assert.throws(() => buildNextApp(app.dir, { buildCommand: app.buildCommand, label: "web", say: (l) => lines.push(l) }),
        new RegExp(`^Error: the build of .*fake-app-\\w+ failed: \`node ".*fake-open-next.js"\` exited with 7; its output is above$`));
    } finally {
      delete process.env.FAIL_BUILD;
    }
    assert.deepStrictEqual(lines.slice(1), ["  | compiling...\n  | error: something broke"]);
  });

  it("a failed build keeps the last good output, so going back to its sources builds nothing", () => {
    const app = fakeApp("v1");
    const quietly = { buildCommand: app.buildCommand, say: () => undefined };
    assert.strictEqual(buildNextApp(app.dir, quietly).built, true);
    fs.writeFileSync(path.join(app.dir, "src.txt"), "v2");
    process.env.FAIL_BUILD = "1";
    try {
      assert.throws(() => buildNextApp(app.dir, quietly), /exited with 7/);
    } finally {
      delete process.env.FAIL_BUILD;
    }
    assert.strictEqual(fs.readFileSync(path.join(app.dir, ".open-next/assets/BUILD_ID"), "utf8"), "v1");
    assert.ok(!fs.existsSync(path.join(app.dir, ".open-next/assets/_next/static/chunks/v2-0.js")), "nothing of the failed build is left");
    fs.writeFileSync(path.join(app.dir, "src.txt"), "v1");
    assert.strictEqual(buildNextApp(app.dir, quietly).built, false, "the good build is reused");
    assert.strictEqual(app.builds(), 2);
  });

  for (const [what, damage] of [
    ["a truncated stamp", (d: string) => fs.writeFileSync(path.join(d, ".open-next/.stackfile-build.json"), "{\"sourceHa")],
    ["an open-next.output.json of {}", (d: string) => fs.writeFileSync(path.join(d, ".open-next/open-next.output.json"), "{}")],
    ["a deleted server bundle", (d: string) => fs.rmSync(path.join(d, ".open-next/server-functions"), { recursive: true })],
    ["a deleted stamp", (d: string) => fs.rmSync(path.join(d, ".open-next/.stackfile-build.json"))],
    ["a deleted handler file (its bundle folder kept)", (d: string) => fs.rmSync(path.join(d, ".open-next/server-functions/default/index.mjs"))],
    ["deleted static chunks (assets/ kept)", (d: string) => fs.rmSync(path.join(d, ".open-next/assets/_next"), { recursive: true })],
    ["an edited file of the output", (d: string) => fs.appendFileSync(path.join(d, ".open-next/assets/BUILD_ID"), "x")],
    ["a file added to the output", (d: string) => fs.writeFileSync(path.join(d, ".open-next/assets/stray.txt"), "x")],
  ] as const) {
    it(`${what} makes it build again instead of failing or planning without it`, () => {
      const app = fakeApp();
      const quiet = { buildCommand: app.buildCommand, say: () => undefined };
      buildNextApp(app.dir, quiet);
      assert.strictEqual(buildNextApp(app.dir, quiet).built, false);
      damage(app.dir);
      const again = buildNextApp(app.dir, quiet);
      assert.deepStrictEqual([again.built, app.builds()], [true, 2]);
      assert.ok(fs.existsSync(path.join(app.dir, ".open-next/server-functions/default/index.mjs")));
      assert.ok(fs.existsSync(path.join(app.dir, ".open-next/assets/_next/static/chunks/v1-0.js")));
      assert.strictEqual(buildNextApp(app.dir, quiet).built, false, "and the new build is reused");
    });
  }

  it("hashes sources reached through a symlink and the workspace packages the app depends on", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "mono-"));
    const app = path.join(root, "apps/web");
    const shared = path.join(root, "shared");
    const ui = path.join(root, "packages/ui");
    for (const d of [app, shared, ui, path.join(root, "node_modules/@acme")]) fs.mkdirSync(d, { recursive: true });
    fs.writeFileSync(path.join(app, "package.json"), JSON.stringify({ dependencies: { "@acme/ui": "*", left: "*" } }));
    fs.writeFileSync(path.join(shared, "copy.ts"), "export const copy = 1;");
    fs.symlinkSync(shared, path.join(app, "shared"));
    fs.writeFileSync(path.join(ui, "package.json"), "{\"name\":\"@acme/ui\"}");
    fs.writeFileSync(path.join(ui, "button.tsx"), "export const Button = 1;");
    fs.symlinkSync(ui, path.join(root, "node_modules/@acme/ui"));
    // A registry package (a real folder in node_modules) is not a source.
    fs.mkdirSync(path.join(root, "node_modules/left"));
    fs.writeFileSync(path.join(root, "node_modules/left/index.js"), "1");
    const h0 = sourceHash(app);
    fs.writeFileSync(path.join(shared, "copy.ts"), "export const copy = 2;");
    const h1 = sourceHash(app);
    fs.writeFileSync(path.join(ui, "button.tsx"), "export const Button = 2;");
    const h2 = sourceHash(app);
    fs.writeFileSync(path.join(root, "node_modules/left/index.js"), "2");
    assert.strictEqual(new Set([h0, h1, h2]).size, 3, "a change in a linked folder or a workspace package is a change");
    assert.strictEqual(sourceHash(app), h2, "a change in a registry package is not");
  });

  it("two plans of one app at once build once, one after the other, and make the same manifest as the files on disk (5 rounds)", async function () {
    // Hang guard, not a timing: ten plans, each a whole CLI process (about 20 s apiece on two busy cores).
    this.timeout(900_000);
    const app = fakeApp("r0");
    const stack = path.join(app.dir, "stack.yaml");
    fs.writeFileSync(stack, `resources:\n  web:\n    type: nextjs-web\n    properties:\n      appDirectory: .\n      buildCommand: ${JSON.stringify(app.buildCommand)}\n`);
    const plan = () => promisify(execFile)(process.execPath, ["--require", "tsx/cjs", RUN_CLI, "plan", stack, "--json"], { cwd: process.cwd(), encoding: "utf8", maxBuffer: 1 << 26 });
    for (let round = 1; round <= 5; round++) {
      fs.writeFileSync(path.join(app.dir, "src.txt"), `r${round}`);
      const [a, b] = await Promise.all([plan(), plan()]);
      const files = (out: string) => JSON.parse(out).resources.find((r: any) => r.type.endsWith(":AssetSync")).inputs.files;
      const onDisk = assetManifest(app.dir, JSON.parse(fs.readFileSync(path.join(app.dir, ".open-next/open-next.output.json"), "utf8"))).files;
      assert.deepStrictEqual(files(a.stdout), files(b.stdout), `round ${round}: both plans agree`);
      assert.deepStrictEqual(files(a.stdout), onDisk, `round ${round}: and match the files on disk`);
      assert.ok(files(a.stdout).every((f: any) => f.key === "_assets/BUILD_ID" || f.key.includes(`/r${round}-`)), `round ${round}: only this round's files`);
      assert.strictEqual(app.builds(), round, `round ${round}: one build`);
      assert.match(a.stderr + b.stderr, /web: sources unchanged, build skipped/);
    }
  });

  it("validate refuses two sites on one app directory with other build settings; equal settings share the build", () => {
    const two = (extra: string) => `resources:\n  a:\n    type: nextjs-web\n    properties:\n      appDirectory: ./app\n  b:\n    type: nextjs-web\n    properties:\n      appDirectory: app/\n${extra}`;
    assert.deepStrictEqual(analyzeStackfile("s.yaml", two("")).problems, []);
    assert.deepStrictEqual(analyzeStackfile("s.yaml", two("      streamingEnabled: true\n")).problems.map(formatProblem), [
      "s.yaml:9:21: appDirectory 'app/' is also built by 'a' with other build settings (buildCommand, streamingEnabled, useEdgeFunction); one app directory gives one build; make the settings equal (the sites then share the build), or give each site its own copy of the app",
    ]);
  });

  it("a next.config without generateBuildId is a warning that points at the docs' section, not at a file the package does not ship", () => {
    const app = fakeApp();
    fs.writeFileSync(path.join(app.dir, "next.config.mjs"), "export default {};\n");
    const r = buildNextApp(app.dir, { buildCommand: app.buildCommand, label: "web", say: () => undefined });
    const warning = r.warnings.find((w) => w.includes("generateBuildId"));
    assert.ok(warning, r.warnings.join("\n"));
    assert.doesNotMatch(warning, /examples\//);
    assert.match(warning, /"Reproducible builds" in stackfile's docs\/nextjs-web\.md/);
  });
});

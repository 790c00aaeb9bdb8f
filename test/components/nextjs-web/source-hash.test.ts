// What the source hash of an app covers in a monorepo: the workspace packages
// it depends on, and theirs in turn (app -> @acme/ui -> @acme/utils), each
// once, wherever the chain leads; registry packages are never sources.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { spawnSync } from "child_process";
import { sourceHash, workspacePackages } from "../../../src/components/nextjs-web/build/source-hash";

/** A hang guard, not a timing: generous, for a loaded machine; only a runaway case reaches it (the times are figures of `npm run bench`). */
const HANG_GUARD_MS = 20_000;

/** apps/web -> @acme/ui -> @acme/utils (and back to @acme/ui: a cycle), linked in the root node_modules as npm does. */
function monorepo(): { root: string; app: string; ui: string; utils: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "mono-"));
  const app = path.join(root, "apps/web");
  const ui = path.join(root, "packages/ui");
  const utils = path.join(root, "packages/utils");
  for (const d of [app, ui, utils, path.join(root, "node_modules/@acme"), path.join(root, "node_modules/left")]) fs.mkdirSync(d, { recursive: true });
  fs.writeFileSync(path.join(app, "package.json"), JSON.stringify({ dependencies: { "@acme/ui": "*" } }));
  fs.writeFileSync(path.join(ui, "package.json"), JSON.stringify({ name: "@acme/ui", dependencies: { "@acme/utils": "*", left: "*" } }));
  fs.writeFileSync(path.join(ui, "button.tsx"), "export const Button = 1;");
  fs.writeFileSync(path.join(utils, "package.json"), JSON.stringify({ name: "@acme/utils", peerDependencies: { "@acme/ui": "*" } }));
  fs.writeFileSync(path.join(utils, "format.ts"), "export const f = 1;");
  fs.writeFileSync(path.join(root, "node_modules/left/index.js"), "1");
  fs.symlinkSync(ui, path.join(root, "node_modules/@acme/ui"));
  fs.symlinkSync(utils, path.join(root, "node_modules/@acme/utils"));
  return { root, app, ui, utils };
}

describe("the source hash of an app in a monorepo", () => {
  it("covers a workspace package imported through another one (app -> @acme/ui -> @acme/utils)", () => {
    const m = monorepo();
    const before = sourceHash(m.app);
    fs.writeFileSync(path.join(m.utils, "format.ts"), "export const f = 2;");
    assert.notStrictEqual(sourceHash(m.app), before);
  });

  it("lists each workspace package once, by name, through cycles; a registry package is not one", () => {
    const m = monorepo();
    assert.deepStrictEqual(workspacePackages(m.app).map((p) => [p.name, path.relative(m.root, p.dir)]), [
      ["@acme/ui", "packages/ui"],
      ["@acme/utils", "packages/utils"],
    ]);
    const before = sourceHash(m.app);
    fs.writeFileSync(path.join(m.root, "node_modules/left/index.js"), "2");
    assert.strictEqual(sourceHash(m.app), before);
  });
});

describe("the source hash: inputs are what the user wrote", () => {
  function app(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hash-app-"));
    fs.writeFileSync(path.join(dir, "package.json"), "{}");
    fs.writeFileSync(path.join(dir, "page.tsx"), "export default 1;");
    return dir;
  }

  it("files the build writes (next-env.d.ts, .next, .open-next, .turbo, .swc, *.tsbuildinfo) never change it", () => {
    const dir = app();
    const fresh = sourceHash(dir);
    fs.writeFileSync(path.join(dir, "next-env.d.ts"), '/// <reference types="next" />\n');
    fs.writeFileSync(path.join(dir, "tsconfig.tsbuildinfo"), "{}");
    for (const d of [".next", ".open-next", ".turbo", ".swc"]) {
      fs.mkdirSync(path.join(dir, d));
      fs.writeFileSync(path.join(dir, d, "x"), "built");
    }
    assert.strictEqual(sourceHash(dir), fresh);
  });

  it("git-ignored files never change it; tracked and untracked ones do", function () {
    const dir = app();
    const git = (...args: string[]) => spawnSync("git", args, { cwd: dir, encoding: "utf8" });
    if (git("init", "-q").status !== 0) this.skip();
    fs.writeFileSync(path.join(dir, ".gitignore"), "*.log\ncoverage/\n");
    const before = sourceHash(dir);
    fs.writeFileSync(path.join(dir, "debug.log"), "noise");
    fs.mkdirSync(path.join(dir, "coverage"));
    fs.writeFileSync(path.join(dir, "coverage", "lcov.info"), "noise");
    assert.strictEqual(sourceHash(dir), before, "ignored files are not inputs");
    fs.writeFileSync(path.join(dir, "new.tsx"), "export const n = 1;");
    assert.notStrictEqual(sourceHash(dir), before, "an untracked, not ignored file is");
  });

  it("a symlink to a system folder (/usr, /proc) is not followed: the hash is unchanged and never fails on it (within a 20 s hang guard)", function () {
    if (!fs.existsSync("/usr/lib") || !fs.existsSync("/proc/self")) this.skip();
    const dir = app();
    const before = sourceHash(dir);
    fs.symlinkSync("/usr", path.join(dir, "usr-link"));
    fs.symlinkSync("/proc", path.join(dir, "proc-link"));
    const started = Date.now();
    assert.strictEqual(sourceHash(dir), before);
    // A followed /proc never ends.
    assert.ok(Date.now() - started < HANG_GUARD_MS, `hang guard: still hashing after ${HANG_GUARD_MS / 1000} s`);
  });
});

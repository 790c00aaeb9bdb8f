// Where function bundles are kept, and when a kept one is used: never in a
// folder another user can write (the shared temporary folder was: anyone
// could plant a stamp and a zip there, and plan deployed it, dev ran it),
// never on a stamp that records no inputs, and never on a stamp this user's
// own key did not seal (a stamp can name any archive and its hash).
import * as assert from "assert";
import { createHash } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { bundleFunction, BundleProblem } from "../../../src/components/function/bundle";
import { deterministicZip } from "../../../src/shared/files/zip";

const quiet = { runtime: "nodejs22.x", handlerFunction: "handler", say: () => undefined };
const sha256 = (b: Buffer | string) => createHash("sha256").update(b).digest("hex");

/** An entry outside the working directory (the project), like `infra/`'s `../functions/`. */
function outsideEntry(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fn-outside-"));
  fs.writeFileSync(path.join(dir, "handler.ts"), "export async function handler() {\n  return { statusCode: 200, body: 'real' };\n}\n");
  return path.join(dir, "handler.ts");
}

/** A zip an attacker would plant: a handler that answers with the victim's environment. */
const EVIL = deterministicZip([{ name: "index.mjs", data: Buffer.from("export const handler = async () => ({ statusCode: 200, body: JSON.stringify(process.env) });\n") }]);

function plant(cacheDir: string, stamp: Record<string, unknown>): void {
  fs.mkdirSync(cacheDir, { recursive: true });
  fs.writeFileSync(path.join(cacheDir, "evil.zip"), EVIL);
  fs.writeFileSync(path.join(cacheDir, "stamp.json"), JSON.stringify(stamp));
}

describe("function bundle cache", function () {
  this.timeout(60_000);
  let cacheHome: string;
  const saved = process.env.XDG_CACHE_HOME;
  beforeEach(() => {
    cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), "cache-home-"));
    process.env.XDG_CACHE_HOME = cacheHome;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.XDG_CACHE_HOME;
    else process.env.XDG_CACHE_HOME = saved;
  });

  it("keeps a bundle of an entry outside the project in the user's own cache folder (0700), not the shared temporary folder", () => {
    const b = bundleFunction(outsideEntry(), quiet);
    const root = path.join(cacheHome, "stackfile");
    assert.ok(b.archivePath.startsWith(root + path.sep), b.archivePath);
    assert.strictEqual(fs.statSync(root).mode & 0o777, 0o700);
    assert.ok(!b.archivePath.startsWith(path.join(os.tmpdir(), "stackfile-cache")));
  });

  it("never uses a stamp and zip planted where the old cache was (the shared temporary folder)", () => {
    const entry = outsideEntry();
    const first = bundleFunction(entry, quiet);
    const folder = path.basename(path.dirname(first.archivePath));
    const old = path.join(os.tmpdir(), "stackfile-cache", sha256(path.dirname(entry)).slice(0, 16), folder);
    const real = JSON.parse(fs.readFileSync(path.join(path.dirname(first.archivePath), "stamp.json"), "utf8"));
    fs.rmSync(path.dirname(first.archivePath), { recursive: true });
    plant(old, { key: real.key, format: "esm", exports: ["handler"], inputs: [], looked: [], archive: "evil.zip", archiveHash: sha256(EVIL) });
    const again = bundleFunction(entry, quiet);
    assert.strictEqual(again.built, true);
    assert.strictEqual(again.archiveHash, first.archiveHash);
  });

  it("never counts a stamp with no inputs as current, nor one this user's key did not seal", () => {
    const entry = outsideEntry();
    const first = bundleFunction(entry, quiet);
    const dir = path.dirname(first.archivePath);
    const real = JSON.parse(fs.readFileSync(path.join(dir, "stamp.json"), "utf8"));
    // Empty inputs and looked, the real key, the planted archive's own hash.
    plant(dir, { ...real, inputs: [], looked: [], archive: "evil.zip", archiveHash: sha256(EVIL) });
    const emptied = bundleFunction(entry, quiet);
    assert.deepStrictEqual([emptied.built, emptied.archiveHash], [true, first.archiveHash]);
    // The real inputs (anyone who can read the sources can hash them), the planted archive: no seal of this user's.
    const resealed = JSON.parse(fs.readFileSync(path.join(dir, "stamp.json"), "utf8"));
    plant(dir, { ...resealed, archive: "evil.zip", archiveHash: sha256(EVIL) });
    const forged = bundleFunction(entry, quiet);
    assert.deepStrictEqual([forged.built, forged.archiveHash], [true, first.archiveHash]);
    // A stamp copied from another machine (a committed .stackfile-cache) carries another key's seal.
    plant(dir, { ...resealed, seal: "0".repeat(64) });
    assert.strictEqual(bundleFunction(entry, quiet).built, true);
    // Its own stamp, untouched, is still reused.
    assert.strictEqual(bundleFunction(entry, quiet).built, false);
  });

  it("refuses a cache folder others can write, naming it and how to fix it", () => {
    const root = path.join(cacheHome, "stackfile");
    fs.mkdirSync(root, { mode: 0o777 });
    fs.chmodSync(root, 0o777);
    assert.throws(() => bundleFunction(outsideEntry(), quiet), (e: Error) => e instanceof BundleProblem &&
      e.message === `the build cache folder ${root} can be written by other users (mode 0777); stackfile keeps function bundles only where you alone can write: chmod 700 ${root}, or remove it`);
  });

  it("refuses a cache folder owned by another user", function () {
    if (process.getuid?.() !== 0) this.skip(); // only root can give a folder away
    const root = path.join(cacheHome, "stackfile");
    fs.mkdirSync(root, { mode: 0o700 });
    fs.chownSync(root, 12345, 12345);
    assert.throws(() => bundleFunction(outsideEntry(), quiet), (e: Error) => e instanceof BundleProblem &&
      e.message === `the build cache folder ${root} belongs to another user (uid 12345); stackfile keeps function bundles only in a folder of yours: remove it, or set XDG_CACHE_HOME to a folder of yours`);
  });

  it("refuses a cache folder that is a link", () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), "elsewhere-"));
    fs.chmodSync(elsewhere, 0o700);
    const root = path.join(cacheHome, "stackfile");
    fs.symlinkSync(elsewhere, root);
    assert.throws(() => bundleFunction(outsideEntry(), quiet), (e: Error) => e instanceof BundleProblem && /the build cache folder .* is a link/.test(e.message));
  });
});

describe("function bundle cache without a home to write", function () {
  this.timeout(60_000);
  it("bundles anyway, each time anew, in a private folder of its own (no stamp is trusted without the user's seal)", () => {
    const saved = process.env.XDG_CACHE_HOME;
    const readOnly = fs.mkdtempSync(path.join(os.tmpdir(), "ro-home-"));
    fs.writeFileSync(path.join(readOnly, "file"), "");
    process.env.XDG_CACHE_HOME = path.join(readOnly, "file"); // a file: no folder can be made below it
    try {
      const entry = outsideEntry();
      const a = bundleFunction(entry, quiet);
      const b = bundleFunction(entry, quiet);
      assert.deepStrictEqual([a.built, b.built], [true, true]);
      assert.strictEqual(a.archiveHash, b.archiveHash);
      assert.notStrictEqual(path.dirname(a.archivePath), path.dirname(b.archivePath));
      assert.strictEqual(fs.statSync(path.dirname(path.dirname(a.archivePath))).mode & 0o077, 0);
    } finally {
      if (saved === undefined) delete process.env.XDG_CACHE_HOME;
      else process.env.XDG_CACHE_HOME = saved;
    }
  });
});

// Next.js's per-build keys (server actions, draft mode) come from the build
// secret when one is given (STACKFILE_BUILD_SECRET, else the stack's config
// stackfile:buildSecret, else for plan the public placeholder): two builds of
// the same sources then give the same code, and a build is never reused with
// other keys; a deploy without one keeps random keys and says so.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { buildNextApp, type BuildOptions } from "../../../src/components/nextjs-web/build";
import { BUILD_SECRET_CONFIG, BUILD_SECRET_ENV, buildKeys } from "../../../src/components/nextjs-web/build/build-keys";
import { NextjsWeb } from "../../../src/components/nextjs-web";
import { run } from "../../harness";
import { fakeNextApp } from "../../fake-next-app";

const FAKE = path.join(__dirname, "../../fixtures/fake-open-next.js");
const SECRET = "0123456789abcdef0123456789abcdef-test-secret";

function app(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "keys-app-"));
  fs.writeFileSync(path.join(dir, "package.json"), "{}");
  fs.writeFileSync(path.join(dir, "next.config.mjs"), "export default { generateBuildId: async () => 'x' };\n");
  fs.writeFileSync(path.join(dir, "src.txt"), "v1");
  return dir;
}

/** Runs `fn` with STACKFILE_BUILD_SECRET set to `secret` (unset for undefined), until its promise settles if it returns one. */
function withSecret<T>(secret: string | undefined, fn: () => T): T {
  const before = process.env[BUILD_SECRET_ENV];
  const restore = () => {
    if (before === undefined) delete process.env[BUILD_SECRET_ENV];
    else process.env[BUILD_SECRET_ENV] = before;
  };
  if (secret === undefined) delete process.env[BUILD_SECRET_ENV];
  else process.env[BUILD_SECRET_ENV] = secret;
  let result: T;
  try {
    result = fn();
  } catch (err) {
    restore();
    throw err;
  }
  if (result instanceof Promise) return result.finally(restore) as T;
  restore();
  return result;
}

/** Builds in a fresh copy of the app and returns what the keys left in its output, and the warnings. */
function buildOnce(secret: string | undefined, opts: BuildOptions = {}): { files: Record<string, string>; warnings: string[] } {
  const dir = app();
  return withSecret(secret, () => {
    const r = buildNextApp(dir, { buildCommand: `node "${FAKE}"`, label: "web", say: () => undefined, ...opts });
    const base = path.join(dir, ".open-next/server-functions/default/.next");
    const files: Record<string, string> = {};
    for (const f of ["server/server-reference-manifest.json", "prerender-manifest.json", "server/preview-props.json"]) files[f] = fs.readFileSync(path.join(base, f), "utf8");
    return { files, warnings: r.warnings };
  });
}

describe("Next.js's build keys", function () {
  this.timeout(60000);

  it("with a build secret, two builds of the same sources leave the same keys, and nothing of the secret itself", () => {
    const [a, b] = [buildOnce(SECRET), buildOnce(SECRET)];
    assert.deepStrictEqual(a.files, b.files);
    const preview = JSON.parse(a.files["prerender-manifest.json"]).preview;
    assert.deepStrictEqual(JSON.parse(a.files["server/preview-props.json"]), preview, "both manifests hold the same draft-mode keys");
    assert.match(preview.previewModeId, /^[0-9a-f]{32}$/);
    assert.match(preview.previewModeSigningKey, /^[0-9a-f]{64}$/);
    assert.strictEqual(Buffer.from(JSON.parse(a.files["server/server-reference-manifest.json"]).encryptionKey, "base64").length, 32, "an AES-256 key");
    assert.ok(!Object.values(a.files).some((t) => t.includes(SECRET)));
    assert.ok(!a.warnings.some((w) => w.includes(BUILD_SECRET_ENV)));
  });

  it("another secret gives other keys", () => {
    assert.notDeepStrictEqual(buildOnce(SECRET).files, buildOnce(`${SECRET}-other`).files);
  });

  it("a deploy without one keeps Next.js's random keys and warns, naming the config command that sets one", () => {
    const [a, b] = [buildOnce(undefined), buildOnce(undefined)];
    assert.notStrictEqual(a.files["prerender-manifest.json"], b.files["prerender-manifest.json"]);
    assert.ok(a.warnings.some((w) => w.includes("no build secret is set") && w.includes("`pulumi config set --secret stackfile:buildSecret") && w.includes(BUILD_SECRET_ENV)), a.warnings.join("\n"));
  });

  it("the stack's config stackfile:buildSecret gives the keys STACKFILE_BUILD_SECRET would; the environment's wins when both are set", () => {
    const fromConfig = buildOnce(undefined, { configSecret: SECRET });
    assert.deepStrictEqual(fromConfig.files, buildOnce(SECRET).files);
    assert.deepStrictEqual(fromConfig.warnings.filter((w) => w.includes("build secret")), []);
    assert.deepStrictEqual(buildOnce(SECRET, { configSecret: `${SECRET}-other` }).files, buildOnce(SECRET).files);
    assert.throws(() => buildOnce(undefined, { configSecret: "short" }), /stackfile:buildSecret is 5 characters/);
  });

  it("a build made with one key is never reused with another: it is built again (the placeholder's, a secret's, random keys)", async () => {
    const dir = app();
    const builds = async (secret: string | undefined, planning = false) => {
      const lines: string[] = [];
      const build = async () => buildNextApp(dir, { buildCommand: `node "${FAKE}"`, label: "web", say: (l) => lines.push(l), placeholderSecret: planning });
      const r = await withSecret(secret, build);
      return { built: r.built, lines };
    };
    assert.strictEqual((await builds(undefined, true)).built, true, "a plan with the placeholder");
    const deploy = await builds(undefined);
    assert.deepStrictEqual([deploy.built, deploy.lines[0]], [true, "web: the last build used other build keys; building again"]);
    assert.strictEqual((await builds(SECRET)).built, true, "key A");
    assert.strictEqual((await builds(SECRET)).built, false, "key A again: reused");
    assert.strictEqual((await builds(`${SECRET}-b`)).built, true, "key B");
    assert.strictEqual((await builds(`${SECRET}-b`, true)).built, false, "a plan with key B in the environment reuses key B's build");
    assert.strictEqual((await builds(undefined, true)).built, true, "the placeholder again");
  });

  it("NextjsWeb reads the stack's secret config stackfile:buildSecret when it builds (pulumi up)", async () => {
    const site = fakeNextApp();
    const r = await withSecret(undefined, () => run(() => new NextjsWeb("web", { appDirectory: site.dir, buildCommand: site.buildCommand }), {
      config: { [BUILD_SECRET_CONFIG]: SECRET }, secretKeys: [BUILD_SECRET_CONFIG],
    }));
    const manifest = JSON.parse(fs.readFileSync(path.join(site.dir, ".open-next/server-functions/default/.next/prerender-manifest.json"), "utf8"));
    assert.deepStrictEqual(manifest.preview, buildKeys({ env: {}, config: SECRET })!.preview);
    assert.deepStrictEqual(r.result.build.warnings.filter((w) => w.includes("build secret")), []);
  });

  it("a short secret is refused with what to use instead", () => {
    assert.throws(() => buildOnce("short"), /STACKFILE_BUILD_SECRET is 5 characters; use at least 32 random ones/);
  });
});

// Next.js's per-build keys (server actions, draft mode) come from the build
// secret when one is set: two builds of the same sources then give the same
// code; without one they stay random and the build says so.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { buildNextApp } from "../../../src/components/nextjs-web/build";
import { BUILD_SECRET_ENV } from "../../../src/components/nextjs-web/build-keys";

const FAKE = path.join(__dirname, "../../fixtures/fake-open-next.js");
const SECRET = "0123456789abcdef0123456789abcdef-test-secret";

function app(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "keys-app-"));
  fs.writeFileSync(path.join(dir, "package.json"), "{}");
  fs.writeFileSync(path.join(dir, "next.config.mjs"), "export default { generateBuildId: async () => 'x' };\n");
  fs.writeFileSync(path.join(dir, "src.txt"), "v1");
  return dir;
}

/** Builds in a fresh copy of the app and returns what the keys left in its output, and the warnings. */
function buildOnce(secret: string | undefined): { files: Record<string, string>; warnings: string[] } {
  const dir = app();
  const before = process.env[BUILD_SECRET_ENV];
  if (secret === undefined) delete process.env[BUILD_SECRET_ENV];
  else process.env[BUILD_SECRET_ENV] = secret;
  try {
    const r = buildNextApp(dir, { buildCommand: `node "${FAKE}"`, label: "web", say: () => undefined });
    const base = path.join(dir, ".open-next/server-functions/default/.next");
    const files: Record<string, string> = {};
    for (const f of ["server/server-reference-manifest.json", "prerender-manifest.json", "server/preview-props.json"]) files[f] = fs.readFileSync(path.join(base, f), "utf8");
    return { files, warnings: r.warnings };
  } finally {
    if (before === undefined) delete process.env[BUILD_SECRET_ENV];
    else process.env[BUILD_SECRET_ENV] = before;
  }
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

  it("without one, the keys stay Next.js's random ones and the build says it is not reproducible", () => {
    const [a, b] = [buildOnce(undefined), buildOnce(undefined)];
    assert.notStrictEqual(a.files["prerender-manifest.json"], b.files["prerender-manifest.json"]);
    assert.ok(a.warnings.some((w) => w.includes(`no ${BUILD_SECRET_ENV} is set`)), a.warnings.join("\n"));
  });

  it("a short secret is refused with what to use instead", () => {
    assert.throws(() => buildOnce("short"), /STACKFILE_BUILD_SECRET is 5 characters; use at least 32 random ones/);
  });
});

// What normalizeBuildPaths makes of a build's output: the build machine's
// absolute paths in required-server-files.json become relative to the tracing
// root (paths outside it stay), npm's hidden lockfiles in node_modules go, and
// nothing else is touched; a second run changes nothing.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { normalizeBuildPaths } from "../../../src/components/nextjs-web/build/normalize-output";

function write(dir: string, rel: string, text: string): string {
  const p = path.join(dir, rel);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, text);
  return p;
}

describe("normalizeBuildPaths", () => {
  const root = "/home/ci/checkout-1234";
  const serverFiles = {
    version: 1,
    config: { outputFileTracingRoot: root, turbopack: { root }, distDir: ".next", experimental: { outputFileTracingIncludes: [`${root}/examples/app/data`, "/usr/share/zoneinfo"] } },
    appDir: `${root}/examples/app`,
    relativeAppDir: "examples/app",
    files: [".next/routes-manifest.json"],
  };

  it("makes the tracing root's absolute paths relative to it in every required-server-files.json, keeps other absolute paths", () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "normalize-"));
    const a = write(out, "server-functions/default/examples/app/.next/required-server-files.json", JSON.stringify(serverFiles));
    const b = write(out, "image-optimization-function/.next/required-server-files.json", JSON.stringify({ ...serverFiles, config: { ...serverFiles.config, outputFileTracingRoot: undefined } }));
    assert.deepStrictEqual(normalizeBuildPaths(out).sort(), [a, b].sort());
    assert.deepStrictEqual(JSON.parse(fs.readFileSync(a, "utf8")), {
      version: 1,
      config: { outputFileTracingRoot: ".", turbopack: { root: "." }, distDir: ".next", experimental: { outputFileTracingIncludes: ["examples/app/data", "/usr/share/zoneinfo"] } },
      appDir: "examples/app",
      relativeAppDir: "examples/app",
      files: [".next/routes-manifest.json"],
    });
    // Without outputFileTracingRoot, the app directory is the root.
    assert.deepStrictEqual(JSON.parse(fs.readFileSync(b, "utf8")).config.turbopack, { root: "/home/ci/checkout-1234" }, "outside the app directory: kept");
    assert.strictEqual(JSON.parse(fs.readFileSync(b, "utf8")).appDir, ".");
  });

  it("removes npm's node_modules/.package-lock.json (at any depth), and nothing else", () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "normalize-"));
    const hidden = write(out, "image-optimization-function/node_modules/.package-lock.json", `{"name":"tmp-${Math.random()}"}`);
    const nested = write(out, "server-functions/default/node_modules/sharp/node_modules/.package-lock.json", "{}");
    const kept = [
      write(out, "image-optimization-function/node_modules/sharp/package.json", "{}"),
      write(out, "assets/.package-lock.json", "{}"),
      write(out, "server-functions/default/index.mjs", "export const handler = 1;"),
    ];
    assert.deepStrictEqual(normalizeBuildPaths(out).sort(), [hidden, nested].sort());
    assert.ok(!fs.existsSync(hidden) && !fs.existsSync(nested));
    assert.ok(kept.every((f) => fs.existsSync(f)));
  });

  it("a second run, or an output with nothing absolute, changes nothing", () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "normalize-"));
    const file = write(out, "server-functions/default/.next/required-server-files.json", JSON.stringify(serverFiles));
    normalizeBuildPaths(out);
    const once = fs.readFileSync(file, "utf8");
    assert.deepStrictEqual(normalizeBuildPaths(out), []);
    assert.strictEqual(fs.readFileSync(file, "utf8"), once);
    assert.deepStrictEqual(normalizeBuildPaths(fs.mkdtempSync(path.join(os.tmpdir(), "normalize-"))), []);
  });
});

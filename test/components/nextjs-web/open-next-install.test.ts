// OpenNext is an optional peer: a Next.js app brings its own (beside `next`),
// and a project without one is told the command that installs it.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { OPEN_NEXT_VERSION, openNextCommand } from "../../../src/components/nextjs-web/build/open-next-config";

function app(withOpenNext: boolean): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "on-app-"));
  fs.writeFileSync(path.join(dir, "package.json"), "{}");
  if (withOpenNext) {
    fs.mkdirSync(path.join(dir, "node_modules/@opennextjs/aws/dist"), { recursive: true });
    fs.writeFileSync(path.join(dir, "node_modules/@opennextjs/aws/dist/index.js"), "");
  }
  return dir;
}

describe("OpenNext, an optional peer", () => {
  it("is taken from the app's own install first", () => {
    const dir = app(true);
    assert.deepStrictEqual(openNextCommand(dir), { file: process.execPath, args: [path.join(dir, "node_modules/@opennextjs/aws/dist/index.js"), "build"] });
  });

  it("else from the one installed beside stackfile", () => {
    assert.match(openNextCommand(app(false)).args[0], /node_modules\/@opennextjs\/aws\/dist\/index\.js$/);
  });

  it("when neither exists, the build stops with the command that installs it", () => {
    const dir = app(false);
    assert.throws(() => openNextCommand(dir, []), (err: Error) => {
      assert.strictEqual(err.message, `nextjs-web builds with OpenNext, which is not installed; run \`npm install --save-dev @opennextjs/aws@${OPEN_NEXT_VERSION}\` in ${dir} (or in your project), or give a buildCommand that runs it`);
      return true;
    });
  });

  it("the version stackfile names is the one it is tested with", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, "../../../package.json"), "utf8"));
    assert.strictEqual(pkg.devDependencies["@opennextjs/aws"], OPEN_NEXT_VERSION);
    assert.strictEqual(pkg.peerDependencies["@opennextjs/aws"], `^${OPEN_NEXT_VERSION}`);
    assert.deepStrictEqual(pkg.peerDependenciesMeta["@opennextjs/aws"], { optional: true });
    assert.ok(!pkg.dependencies["@opennextjs/aws"] && !pkg.dependencies.next, "a redis-only project installs no Next.js");
  });
});

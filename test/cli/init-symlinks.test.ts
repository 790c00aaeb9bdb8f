// `stackfile init` writes only regular files it makes itself: never through a
// symbolic link (a linked .gitignore or functions/ may lead out of the project).
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { cli } from "./cli-helpers";

describe("stackfile init and symbolic links", () => {
  it("refuses a .gitignore that is a link, leaving its target and the folder untouched", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "init-link-"));
    const target = path.join(root, "elsewhere.txt");
    fs.writeFileSync(target, "precious\n");
    const dir = path.join(root, "app");
    fs.mkdirSync(dir);
    fs.symlinkSync(target, path.join(dir, ".gitignore"));
    const r = await cli("init", dir);
    assert.strictEqual(r.code, 2);
    assert.match(r.err, /\.gitignore is a symbolic link; init writes only files it makes itself, never through a link/);
    assert.strictEqual(fs.readFileSync(target, "utf8"), "precious\n");
    assert.deepStrictEqual(fs.readdirSync(dir), [".gitignore"], "nothing else was written");
  });

  it("refuses a functions/ folder that is a link out of the project, writing nothing there", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "init-link-"));
    const outside = path.join(root, "outside");
    fs.mkdirSync(outside);
    const dir = path.join(root, "app");
    fs.mkdirSync(dir);
    fs.symlinkSync(outside, path.join(dir, "functions"));
    const r = await cli("init", dir);
    assert.strictEqual(r.code, 2);
    assert.match(r.err, /functions is a symbolic link/);
    assert.deepStrictEqual(fs.readdirSync(outside), []);
  });
});

describe("stackfile init and dangling links", () => {
  it("refuses a dangling link where it would write a file, creating nothing at its target", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "init-link-"));
    const dir = path.join(root, "app");
    fs.mkdirSync(dir);
    fs.symlinkSync(path.join(root, "target.yaml"), path.join(dir, "stack.yaml"));
    const r = await cli("init", dir);
    assert.strictEqual(r.code, 2);
    assert.match(r.err, /stack\.yaml is a symbolic link/);
    assert.ok(!fs.existsSync(path.join(root, "target.yaml")));
  });
});

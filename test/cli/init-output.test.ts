// What `stackfile init DIR` prints names DIR: a DIR holding terminal escape
// sequences (an OSC title, a colour, a newline) is printed escaped, and the
// `cd` it suggests reads back as DIR in a shell.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { execFileSync } from "child_process";
import { cli } from "./cli-helpers";

describe("stackfile init prints DIR safely", () => {
  it("no control character of DIR reaches the terminal, and the cd line names DIR exactly", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "init-escape-"));
    const name = "app\u001b]0;owned\u0007\u001b[31m\nnext: rm -rf ~ 'x";
    const dir = path.join(root, name);
    const r = await cli("init", dir);
    assert.strictEqual(r.code, 0, r.err);
    const printed = r.out + r.err;
    assert.ok(!/[\u0000-\u0008\u000b-\u001f\u007f]/.test(printed), JSON.stringify(printed));
    const lines = printed.split("\n");
    assert.ok(!lines.some((l) => l.startsWith("next: rm")), "a newline in DIR cannot forge a line");
    const cd = lines.find((l) => l.startsWith("next: cd "));
    assert.ok(cd, printed);
    const word = cd.slice("next: cd ".length, cd.indexOf(" && npm install"));
    assert.strictEqual(execFileSync("bash", ["-c", `printf %s ${word}`], { encoding: "utf8" }), dir);
    assert.ok(fs.existsSync(path.join(dir, "stack.yaml")));
  });

  it("a refusal names DIR escaped too", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "init-escape-"));
    const file = path.join(root, "x\u001b[2Jy");
    fs.writeFileSync(file, "");
    const r = await cli("init", file);
    assert.strictEqual(r.code, 2);
    assert.ok(!/\u001b/.test(r.err), JSON.stringify(r.err));
    assert.match(r.err, /x\\u001b\[2Jy is a file, not a folder/);
  });
});

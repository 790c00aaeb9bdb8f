// docs/stages.md, as a user follows it: each ```sh block is run from the root
// of the checkout exactly as written (one shell per block), and every line
// of the ```text block after it is a line of what the block printed; the
// stack file it shows is examples/stages/stack.yaml. It runs
// bin/stackfile.js, so the build must be of these sources.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { spawnSync } from "child_process";
import { commandsWithOutput, fencedBlocks } from "../docs-pages";
import { requireBuilt } from "../built";

const ROOT = path.resolve(__dirname, "..", "..");
const PAGE = path.join(ROOT, "docs", "stages.md");

describe("docs/stages.md, every command run as written", function () {
  this.timeout(600_000);
  before(() => requireBuilt("dist/cli/main.js"));

  it("shows examples/stages/stack.yaml as it is", () => {
    const shown = fencedBlocks(PAGE, "yaml");
    assert.strictEqual(shown.length, 1);
    assert.strictEqual(shown[0].code, fs.readFileSync(path.join(ROOT, "examples", "stages", "stack.yaml"), "utf8"));
  });

  it("has validate, a plan of each stage and a diff of one stage against another, each followed by what it prints", () => {
    const commands = commandsWithOutput(PAGE).map((b) => b.code);
    assert.deepStrictEqual(commands.map((c) => c.split(" ").slice(0, 3).join(" ")), [
      "node bin/stackfile.js validate",
      "node bin/stackfile.js plan",
      "node bin/stackfile.js plan",
      "node bin/stackfile.js diff",
    ]);
  });

  for (const block of commandsWithOutput(PAGE)) {
    it(`docs/stages.md:${block.line}: ${block.code.trim().split("\n").join(" ; ")}`, () => {
      const r = spawnSync("bash", ["-c", block.code], { cwd: ROOT, encoding: "utf8", maxBuffer: 1 << 26 });
      assert.strictEqual(r.status, 0, r.stderr);
      const printed = new Set([...r.stdout.split("\n"), ...r.stderr.split("\n")]);
      const missing = block.expected.filter((l) => !printed.has(l));
      assert.deepStrictEqual(missing, [], `printed:\n${r.stdout}\n${r.stderr}`);
    });
  }
});

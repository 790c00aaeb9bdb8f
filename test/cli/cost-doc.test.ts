// docs/cost.md, as a user follows it: each ```sh block is run from the root
// of the checkout exactly as written (one shell per block, so its `cd`
// holds for the block's next lines), and every line of the ```text block
// after it is a line of what the block printed (standard output or error).
// It runs bin/stackfile.js, so the build (`npm ci` or `npm run build`) must
// be of these sources.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { spawnSync } from "child_process";
import { commandsWithOutput as pagedCommands, fencedBlocks } from "../docs-pages";
import { exampleBuild } from "../nextjs-fixture";

const ROOT = path.resolve(__dirname, "..", "..");
const PAGE = path.join(ROOT, "docs", "cost.md");

const commandsWithOutput = () => pagedCommands(PAGE);

describe("docs/cost.md, every command run as written", function () {
  this.timeout(1_800_000);
  before(() => exampleBuild());

  it("has the plan, plan --usage and diff --max-monthly-increase commands, each followed by what it prints", () => {
    const commands = commandsWithOutput().map((b) => b.code);
    assert.strictEqual(commands.length, 3);
    assert.match(commands[0], /^node bin\/stackfile\.js plan examples\/yaml-stack\/stack\.yaml\n$/);
    assert.match(commands[1], / plan .* --usage examples\/yaml-stack\/usage\.yaml\n$/);
    assert.match(commands[2], / diff .* --max-monthly-increase 20\necho "exit code: \$\?"\n$/);
  });

  it("the usage file it shows is examples/yaml-stack/usage.yaml", () => {
    const shown = fencedBlocks(PAGE, "yaml");
    assert.strictEqual(shown.length, 1);
    assert.ok(fs.readFileSync(path.join(ROOT, "examples/yaml-stack/usage.yaml"), "utf8").endsWith(shown[0].code), "the page's usage file differs from examples/yaml-stack/usage.yaml");
  });

  for (const block of commandsWithOutput()) {
    it(`docs/cost.md:${block.line}: ${block.code.trim().split("\n").join(" ; ")}`, () => {
      const r = spawnSync("bash", ["-c", block.code], { cwd: ROOT, encoding: "utf8", maxBuffer: 1 << 26 });
      assert.strictEqual(r.status, 0, r.stderr);
      const printed = new Set([...r.stdout.split("\n"), ...r.stderr.split("\n")]);
      const missing = block.expected.filter((l) => !printed.has(l));
      assert.deepStrictEqual(missing, [], `printed:\n${r.stdout}\n${r.stderr}`);
    });
  }
});

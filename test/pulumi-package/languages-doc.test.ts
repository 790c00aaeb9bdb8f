// docs/languages.md: its Pulumi YAML program is examples/pulumi-yaml's (which
// the engine test runs), its stack file validates, and the stack file is the
// shortest of the four ways it shows. (Its TypeScript compiles with the
// other snippets, test/docs-snippets.test.ts; its Python against the SDK
// gen-sdk writes, sdk-languages.test.ts; its commands run as written in
// test/engine/yaml-package.test.ts and sdk-languages.test.ts.)
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { execFileSync } from "child_process";
import { DOCS, fencedBlocks } from "../docs-pages";

const REPO = path.resolve(__dirname, "..", "..");
const PAGE = path.join(DOCS, "languages.md");

/** Characters other than white space, and words: how long a program is to write and read. */
function size(code: string): { chars: number; words: number } {
  return { chars: code.replace(/\s/g, "").length, words: (code.match(/[A-Za-z0-9_]+/g) ?? []).length };
}

describe("docs/languages.md", () => {
  const yaml = fencedBlocks(PAGE, "yaml");
  const program = yaml.find((b) => b.code.includes("runtime: yaml"))!;
  const stackFile = yaml.find((b) => b.code.startsWith("resources:"))!;

  it("shows examples/pulumi-yaml's Pulumi.yaml, as it is", () => {
    assert.strictEqual(program.code, fs.readFileSync(path.join(REPO, "examples", "pulumi-yaml", "Pulumi.yaml"), "utf8"));
  });

  it("its stack file validates", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "languages-doc-"));
    try {
      fs.writeFileSync(path.join(dir, "stack.yaml"), stackFile.code);
      const out = execFileSync(process.execPath, [path.join(REPO, "bin", "stackfile.js"), "validate", path.join(dir, "stack.yaml")], { encoding: "utf8" });
      assert.strictEqual(out.trim(), "ok: 4 resources");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the stack file is the shortest of the four, in characters and in words", () => {
    const others = {
      typescript: fencedBlocks(PAGE, "ts")[0].code,
      python: fencedBlocks(PAGE, "python")[0].code,
      "pulumi yaml": program.code.slice(program.code.indexOf("resources:"), program.code.indexOf("outputs:")),
    };
    const own = size(stackFile.code);
    for (const [name, code] of Object.entries(others)) {
      const theirs = size(code);
      assert.ok(own.chars < theirs.chars && own.words < theirs.words, `${name}: ${JSON.stringify(theirs)} against the stack file's ${JSON.stringify(own)}`);
    }
  });
});

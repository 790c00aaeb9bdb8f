// Every TypeScript snippet of the README and docs/ compiles, as a user's
// program importing "stackfile" would (here mapped to src/index.ts): a
// snippet that does not type-check is a dead end for whoever copies it.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { spawnSync } from "child_process";
import { pages } from "./docs-pages";

const ROOT = path.resolve(__dirname, "..");

/** The ```ts blocks of a markdown file (indented ones too, as in a list), with their line. */
export function tsSnippets(file: string): { line: number; code: string }[] {
  const out: { line: number; code: string }[] = [];
  const lines = fs.readFileSync(file, "utf8").split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(ts|typescript)\s*$/.exec(lines[i]);
    if (!open) continue;
    const indent = open[1].length;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !/^\s*```\s*$/.test(lines[j]); j++) body.push(lines[j].slice(indent));
    out.push({ line: i + 1, code: body.join("\n") });
    i = j;
  }
  return out;
}

describe("TypeScript in the README and docs/", function () {
  this.timeout(300000);

  it("every ts snippet type-checks against stackfile's types", () => {
    const snippets = pages().flatMap((file) => tsSnippets(file).map((s) => ({ ...s, file: path.relative(ROOT, file) })));
    assert.ok(snippets.length >= 4, `only ${snippets.length} snippets`);
    // Below the repository's node_modules, so @pulumi/* resolve as in a project.
    const dir = fs.mkdtempSync(path.join(ROOT, "node_modules", ".snippets-"));
    try {
      const names = snippets.map((s, i) => {
        const name = `${String(i).padStart(2, "0")}-${s.file.replace(/[^\w]+/g, "-")}-${s.line}.ts`;
        fs.writeFileSync(path.join(dir, name), `${s.code}\nexport {};\n`);
        return name;
      });
      fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({
        compilerOptions: {
          strict: true, noEmit: true, target: "ES2022", module: "commonjs", moduleResolution: "node", esModuleInterop: true, skipLibCheck: true,
          baseUrl: ".", paths: { stackfile: [path.join(ROOT, "src", "index.ts")] },
        },
        files: names,
      }));
      const tsc = spawnSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", dir], { encoding: "utf8" });
      const errors = tsc.stdout.split("\n").filter((l) => /error TS/.test(l)).map((l) => {
        const m = /(?:^|\/)(\d+)-[^/]*?-(\d+)\.ts\((\d+),\d+\): (.*)$/.exec(l);
        if (!m) return l;
        const s = snippets[Number(m[1])];
        return `${s.file}:${s.line + Number(m[3])}: ${m[4]}`;
      });
      assert.deepStrictEqual(errors, []);
      assert.strictEqual(tsc.status, 0, tsc.stdout + tsc.stderr);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

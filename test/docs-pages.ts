// The markdown the docs tests read: the README and every page of docs/.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";

const ROOT = path.resolve(__dirname, "..");
export const DOCS = path.join(ROOT, "docs");

export function pages(): string[] {
  return [path.join(ROOT, "README.md"), ...fs.readdirSync(DOCS).filter((f) => f.endsWith(".md")).sort().map((f) => path.join(DOCS, f))];
}

/** The fenced blocks of one language (```sh, ```yaml, ...) of a markdown file, with the line each opens on. */
export function fencedBlocks(file: string, lang: string): { line: number; code: string }[] {
  const out: { line: number; code: string }[] = [];
  const lines = fs.readFileSync(file, "utf8").split("\n");
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() !== "```" + lang) continue;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && lines[j].trim() !== "```"; j++) body.push(lines[j]);
    out.push({ line: i + 1, code: body.join("\n") + "\n" });
    i = j;
  }
  return out;
}

/** Each ```sh block of a page with the ```text block that follows it (before the next sh block): the lines it prints. */
export function commandsWithOutput(page: string): { line: number; code: string; expected: string[] }[] {
  const sh = fencedBlocks(page, "sh");
  const text = fencedBlocks(page, "text");
  const name = path.relative(ROOT, page);
  return sh.map((b, i) => {
    const next = sh[i + 1]?.line ?? Infinity;
    const shown = text.find((t) => t.line > b.line && t.line < next);
    assert.ok(shown, `${name}:${b.line}: a sh block with no text block of what it prints after it`);
    return { line: b.line, code: b.code, expected: shown.code.split("\n").filter((l) => l.trim()) };
  });
}

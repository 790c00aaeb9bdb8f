// The README is the front door and docs/ the reference: every relative link
// of either resolves to a file of the repository, and every `#anchor` to a
// heading of the page it names (GitHub's heading slugs). The README stays
// short, keeps its two quick-start commands, and links every docs page.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";

import { DOCS, pages } from "./docs-pages";

const ROOT = path.resolve(__dirname, "..");

/** Text outside fenced code blocks (a link inside code is no link). */
function prose(text: string): string {
  return text.split(/^```.*$/m).filter((_, i) => i % 2 === 0).join("\n");
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to '-'. */
function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/<[^>]+>/g, "").replace(/[^\p{L}\p{N} _-]/gu, "").replace(/ /g, "-");
}

function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of prose(fs.readFileSync(file, "utf8")).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const base = slug(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

describe("the README and docs/", () => {
  it("every relative link resolves to a file, and every #anchor to a heading of that page", () => {
    const broken: string[] = [];
    let count = 0;
    for (const file of pages()) {
      for (const m of prose(fs.readFileSync(file, "utf8")).matchAll(/\]\(([^)\s]+)\)/g)) {
        const link = m[1];
        if (/^[a-z]+:/.test(link)) continue;
        count++;
        const [target, anchor] = link.split("#");
        const dest = target ? path.resolve(path.dirname(file), target) : file;
        const where = `${path.relative(ROOT, file)}: ${link}`;
        if (!fs.existsSync(dest)) broken.push(`${where} (no such file)`);
        else if (anchor !== undefined && dest.endsWith(".md") && !anchors(dest).has(anchor)) broken.push(`${where} (no such heading)`);
      }
    }
    assert.ok(count > 20, `only ${count} relative links found`);
    assert.deepStrictEqual(broken, []);
  });

  it("the README is a front door: at most 300 lines, the two quick-start commands as they are, a link to every docs page", () => {
    const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
    assert.ok(readme.split("\n").length <= 300, `${readme.split("\n").length} lines`);
    assert.ok(readme.includes("```sh\nnpm ci && node bin/stackfile.js plan examples/yaml-stack/stack.yaml\nnpm test\n```"), "the quick start");
    const unlinked = fs.readdirSync(DOCS).filter((f) => f.endsWith(".md") && !readme.includes(`](docs/${f})`));
    assert.deepStrictEqual(unlinked, []);
  });

  it("the package ships docs/, so the README's links work from the registry's page too", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
    assert.ok(pkg.files.includes("docs"));
  });
});

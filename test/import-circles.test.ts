// No import circles in src/: a module never reaches itself through what it
// imports. Type-only imports (`import type`, `typeof import(...)`) count too:
// they compile away, but a circle of them still means two modules each need
// the other to be read, and a later value import would make it a real one.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { importSpecifiers } from "./imports";

const SRC = path.resolve(__dirname, "..", "src");

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? tsFiles(path.join(dir, e.name)) : e.name.endsWith(".ts") ? [path.join(dir, e.name)] : []));
}

/** A relative specifier as the file it names (`./x` -> x.ts or x/index.ts), or undefined outside src/ or for packages. */
function resolve(from: string, spec: string): string | undefined {
  if (!spec.startsWith(".")) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  return [`${base}.ts`, path.join(base, "index.ts"), base].find((f) => f.endsWith(".ts") && fs.existsSync(f));
}

/** The import graph of the files: each file and the files it imports. */
function graphOf(files: string[]): Map<string, string[]> {
  return new Map(files.map((f) => [f, importSpecifiers(fs.readFileSync(f, "utf8")).flatMap((s) => resolve(f, s) ?? [])]));
}

/** Every circle of the graph, each as the files in it (Tarjan's strongly connected components of more than one file, or one that imports itself). */
export function importCircles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return circles;
}

describe("import circles", () => {
  it("reads every form of import, type-only ones included", () => {
    const text = [
      'import * as fs from "fs";',
      'import type { A } from "./a";',
      "import {",
      "  b,",
      '} from "./b";',
      'export { c } from "./c";',
      'import "./d";',
      'const e = require("./e") as typeof import("./f");',
      'import g = require("./g");',
      'const h = await import("./h");',
      '// import { x } from "./commented";',
      ' * see import("./in-a-doc-comment")',
    ].join("\n");
    assert.deepStrictEqual(importSpecifiers(text), ["fs", "./a", "./b", "./c", "./d", "./e", "./f", "./g", "./h"]);
  });

  it("finds a circle of three, one through a type-only import, and a module that imports itself", () => {
    const graph = new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]], ["d", ["a"]], ["e", ["e"]], ["f", []]]);
    assert.deepStrictEqual(importCircles(graph).sort(), [["a", "b", "c"], ["e"]]);
  });

  it("src/ has none", () => {
    const circles = importCircles(graphOf(tsFiles(SRC))).map((c) => c.map((f) => path.relative(SRC, f)).join(" <-> "));
    assert.deepStrictEqual(circles, [], `import circles in src/ (type-only imports count):\n${circles.join("\n")}`);
  });
});

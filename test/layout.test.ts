// The layout holds: imports between the top folders of src/ point one way,
// down this list (a folder may import any folder below it, none above, and
// none beside it on its line):
//
//   (index.ts, program-entry.ts)  the public API
//   cli, pulumi-package           the commands (`dev`'s session loops over the definitions, as the program does); the components as a Pulumi package (its provider)
//   config                        the YAML adapter: lists the types (the registry), runs the pipeline
//   components                    one folder per resource type (its definition, rules, component, maker, local runner)
//   dev, providers                the local services `dev`'s runners use; dynamic providers, one file each
//   shared                        what several types use, in folders by subject
//   aws-rules                     what AWS refuses, as data; imports nothing of ours
//
// Type-only imports count (`import type`, `typeof import(...)`): a type that
// points up is a value that will. Besides, `cli` reaches a type only through
// its definition (the registry), never a file of its folder.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { importSpecifiers } from "./imports";

const SRC = path.resolve(__dirname, "..", "src");

/** Top folders from the top down; folders on one line may not import each other. */
export const LAYERS: readonly (readonly string[])[] = [
  ["(root)"],
  ["cli", "pulumi-package"],
  ["config"],
  ["components"],
  ["dev", "providers"],
  ["shared"],
  ["aws-rules"],
];

/** Folders that reach the types only through the registry. */
const THROUGH_REGISTRY = ["cli", "pulumi-package"];

/** Imports still waiting for their move (the list only shrinks; issue 35 emptied it). */
const NOT_YET_MOVED: string[] = [];

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith(".ts") ? [path.join(dir, e.name)] : []));
}

/** The top folder of a path below src/ (`(root)` for the files directly in it). */
export function topFolder(relative: string): string {
  const parts = relative.split(/[\\/]/);
  return parts.length > 1 ? parts[0] : "(root)";
}

/** The modules a file's text imports, each below src/ (relative to it, without extension), packages left out. */
export function importsIn(file: string, text: string): string[] {
  return importSpecifiers(text).filter((s) => s.startsWith(".")).map((s) => path.relative(SRC, path.resolve(path.dirname(file), s)));
}

const isFolder = (relative: string) => fs.existsSync(path.join(SRC, relative)) && fs.statSync(path.join(SRC, relative)).isDirectory();

export interface Arrow {
  from: string;
  to: string;
  /** `file -> module` of each import along it. */
  imports: string[];
}

/** Every import between two top folders, grouped by the pair. */
export function arrowsOf(sources: { file: string; text: string }[]): Arrow[] {
  const arrows = new Map<string, Arrow>();
  for (const { file, text } of sources) {
    const rel = path.relative(SRC, file);
    const from = topFolder(rel);
    for (const target of importsIn(file, text)) {
      // `../providers` is the folder's index.
      const to = topFolder(isFolder(target) ? `${target}/index.ts` : target);
      if (to === from) continue;
      const key = `${from} -> ${to}`;
      const arrow = arrows.get(key) ?? { from, to, imports: [] };
      arrow.imports.push(`${rel} -> ${target}`);
      arrows.set(key, arrow);
    }
  }
  return [...arrows.values()].sort((a, b) => rank(a.from) - rank(b.from) || rank(a.to) - rank(b.to));
}

function rank(folder: string): number {
  const i = LAYERS.findIndex((line) => line.includes(folder));
  return i < 0 ? Number.NaN : i;
}

/** The arrows that break the order: up, sideways, from a folder not in LAYERS, or into a type's folder from cli/dev. */
export function wrongArrows(arrows: Arrow[], notYetMoved: readonly string[] = []): string[] {
  const out: string[] = [];
  for (const a of arrows) {
    if (Number.isNaN(rank(a.from)) || Number.isNaN(rank(a.to))) out.push(`${a.from} -> ${a.to}: a top folder the layout does not list (${a.imports[0]})`);
    else if (rank(a.to) <= rank(a.from)) out.push(...a.imports.map((i) => `${i}: ${a.to} is not below ${a.from}`));
    else if (THROUGH_REGISTRY.includes(a.from) && a.to === "components") {
      out.push(...a.imports.filter((i) => !notYetMoved.includes(i)).map((i) => `${i}: ${a.from} reaches a type only through the registry`));
    }
  }
  return out;
}

/** One line per arrow: `cli -> config: 25 imports`. */
export function summary(arrows: Arrow[]): string {
  return arrows.map((a) => `${a.from} -> ${a.to}: ${a.imports.length}`).join("\n");
}

const sources = () => files(SRC).map((file) => ({ file, text: fs.readFileSync(file, "utf8") }));

describe("the layout", () => {
  it("imports between the top folders of src/ point down the layers (the summary of the import graph is printed)", () => {
    const arrows = arrowsOf(sources());
    const wrong = wrongArrows(arrows, NOT_YET_MOVED);
    assert.deepStrictEqual(wrong, [], `imports against the layers:\n${wrong.join("\n")}\n\nthe import graph:\n${summary(arrows)}`);
    assert.ok(arrows.length >= 10, `only ${arrows.length} arrows: the graph was not read`);
    console.log(`      import graph of src/ by top folder (imports along each arrow):\n${summary(arrows).replace(/^/gm, "        ")}`);
  });

  it("every import still waiting for its move is still there (the list only shrinks)", () => {
    const all = arrowsOf(sources()).flatMap((a) => a.imports);
    assert.deepStrictEqual(NOT_YET_MOVED.filter((i) => !all.includes(i)), []);
  });

  it("the check can fail: it refuses an import up, one sideways, and cli reading a type's file", () => {
    const at = (rel: string, text: string) => ({ file: path.join(SRC, rel), text });
    const arrows = arrowsOf([
      at("shared/schema/x.ts", 'import { registry } from "../../config/registry";\n'),
      at("aws-rules/x.ts", 'import type { Problem } from "../shared/messages/problem";\n'),
      at("providers/x.ts", 'const r = require("../components/redis-cluster/rules") as typeof import("../components/redis-cluster/rules");\n'),
      at("cli/x.ts", 'import { routeKey } from "../components/http-api-gateway/routes";\n// import { y } from "../config/y";\n'),
      at("config/x.ts", 'import { registry } from "./registry";\nimport { own } from "../shared/messages/own";\n'),
    ]);
    assert.deepStrictEqual(wrongArrows(arrows), [
      "cli/x.ts -> components/http-api-gateway/routes: cli reaches a type only through the registry",
      "providers/x.ts -> components/redis-cluster/rules: components is not below providers",
      "providers/x.ts -> components/redis-cluster/rules: components is not below providers",
      "shared/schema/x.ts -> config/registry: config is not below shared",
      "aws-rules/x.ts -> shared/messages/problem: shared is not below aws-rules",
    ]);
  });

  it("each resource type's definition is in its component's folder, and config only lists them", () => {
    for (const type of fs.readdirSync(path.join(SRC, "components"))) {
      assert.ok(fs.existsSync(path.join(SRC, "components", type, "definition.ts")), `components/${type}/definition.ts`);
    }
    const registry = fs.readFileSync(path.join(SRC, "config", "registry.ts"), "utf8");
    assert.ok(!/literalOnly|childIds|staticRules/.test(registry), "registry.ts lists definitions and defines none");
  });

  it("src/shared holds folders by subject and no loose files; test/shared mirrors them", () => {
    const shared = path.join(SRC, "shared");
    const loose = fs.readdirSync(shared, { withFileTypes: true }).filter((e) => !e.isDirectory()).map((e) => e.name);
    assert.deepStrictEqual(loose, [], "every file of src/shared lives in a subject folder");
    const folders = fs.readdirSync(shared).sort();
    assert.deepStrictEqual(folders, ["alarms", "aws-naming", "component", "domains", "files", "logging", "messages", "process", "schema", "workloads"]);
    const testShared = path.resolve(__dirname, "shared");
    for (const e of fs.readdirSync(testShared, { withFileTypes: true })) {
      assert.ok(e.isDirectory() && folders.includes(e.name), `test/shared/${e.name} mirrors a folder of src/shared`);
    }
  });

  it("every top folder of src/ is in the layers", () => {
    const top = fs.readdirSync(SRC, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    assert.deepStrictEqual(top.filter((f) => Number.isNaN(rank(f))), []);
  });
});

// No module-level mutable state in src/components/ and src/shared/: what a
// component makes must depend on its arguments and the program run, never on
// what an earlier component (or an earlier run in the same process) left in a
// module. The test parses every file (so code inside template strings, such
// as a generated script, does not count) and lists its top-level `let` and
// `var` declarations and its top-level `const`s that hold a new Map, Set,
// WeakMap, WeakSet or Array. Each one left must be in ALLOWED, saying why it
// cannot change what a program makes.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import * as ts from "typescript";

const ROOT = path.join(__dirname, "..");
const DIRS = ["src/components", "src/shared"];
const CONTAINERS = new Set(["Map", "Set", "WeakMap", "WeakSet", "Array"]);

/** `file:name` -> why it may stay. */
const ALLOWED: Record<string, string> = {
  "src/components/nextjs-web/build/source-hash.ts:SKIP": "a constant lookup set of folder names the source hash skips; never written",
  "src/components/nextjs-web/build/build-keys.ts:MANIFESTS": "a constant lookup set of file names; never written",
  "src/shared/schema/schema.ts:DIRECTIVE_SCHEMA_REFS": "a constant lookup set of schema references; never written",
  "src/shared/schema/schema.ts:cached": "memo of the package's JSON schema, read from a file that does not change while the process runs",
  "src/shared/schema/schema.ts:unwrapped": "memo derived from that same schema (pure data)",
  "src/shared/schema/schema.ts:resolvedRefs": "memo of the schema's `$ref`s resolved, derived from that same schema (pure data)",
  "src/shared/workloads/package-size.ts:zippedMemo":
    "memo of deflated sizes by folder and the digest of its files: a changed folder misses it, so the answer is the same as measuring again",
  "src/shared/aws-naming/aws-arg-names.ts:cache": "memo of the argument names read from the installed @pulumi/aws declarations (files that do not change while the process runs)",
  "src/shared/aws-naming/aws-arg-names.ts:root": "memo of where @pulumi/aws is installed",
  "src/shared/component/saved-state.ts:readsByRun":
    "memo of the stack's last saved state, keyed by the program run's monitor object: read once per run, and another run (or a new mock) has another key",
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith(".ts") && !e.name.endsWith(".d.ts") ? [p] : [];
  });
}

/** The module-level mutable declarations of one file's text, by name. */
export function moduleState(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true);
  const out: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const list = statement.declarationList;
    const mutableBinding = (list.flags & (ts.NodeFlags.Let | ts.NodeFlags.Const)) !== ts.NodeFlags.Const;
    for (const d of list.declarations) {
      let init = d.initializer;
      while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init))) init = init.expression;
      const container = init !== undefined && ts.isNewExpression(init) && ts.isIdentifier(init.expression) && CONTAINERS.has(init.expression.text);
      if (mutableBinding || container) out.push(d.name.getText(source));
    }
  }
  return out;
}

describe("no module-level mutable state in src/components and src/shared", () => {
  const found = DIRS.flatMap((d) => sourceFiles(path.join(ROOT, d))).flatMap((file) => {
    const rel = path.relative(ROOT, file).split(path.sep).join("/");
    return moduleState(rel, fs.readFileSync(file, "utf8")).map((name) => `${rel}:${name}`);
  }).sort();

  it("the check finds what it looks for, and not what a template string holds", () => {
    const text = [
      "let a = 1;", "var b;", "const c = new Map<string, number>();", "const d = new WeakMap() as WeakMap<object, 1>;",
      "const e = new Set([1]);", "const f = 1;", "const g = { x: new Map() };", "export let h = 2;",
      "const script = `let inTemplate = false; const m = new Map();`;", "function fn() { let local = 1; const m = new Map(); return [local, m]; }",
    ].join("\n");
    assert.deepStrictEqual(moduleState("x.ts", text), ["a", "b", "c", "d", "e", "h"]);
  });

  it("each one left is in the allow-list, which says why", () => {
    assert.deepStrictEqual(found.filter((k) => !Object.hasOwn(ALLOWED, k)), []);
  });

  it("every allow-list entry is still in the code (no stale excuses)", () => {
    assert.deepStrictEqual(Object.keys(ALLOWED).filter((k) => !found.includes(k)).sort(), []);
  });
});

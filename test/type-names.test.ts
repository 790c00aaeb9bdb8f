// A resource type lives in one place (ARCHITECTURE.md, principle 10): outside
// src/components/<type>/, no code of config/, dev/, cli/ or pulumi-package/
// names a type by its string (`r.type === "http-api-gateway"`, a `case
// "function":`, a table keyed by type names); they loop over the registry's
// definitions instead. Comments and import paths do not count: only string
// literals in code whose text is a type name of the registry. `typeof x ===
// "function"` is JavaScript's, not the type's.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import * as ts from "typescript";
import { resourceTypes } from "../src/config/registry";

const SRC = path.resolve(__dirname, "..", "src");

/** The folders that loop over the definitions and may not name a type. */
const GENERIC = ["config", "dev", "cli", "pulumi-package"];

/** Where a type is named: `file:line: "type"`. */
export function typeNamesIn(file: string, text: string, types: readonly string[]): string[] {
  const names = new Set(types);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && names.has(node.text) && !isImportPath(node) && !isTypeofCheck(node)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push(`${file}:${line}: "${node.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function isImportPath(node: ts.Node): boolean {
  const p = node.parent;
  return ts.isImportDeclaration(p) || ts.isExportDeclaration(p) || ts.isExternalModuleReference(p) || (ts.isCallExpression(p) && p.expression.getText() === "require") || ts.isLiteralTypeNode(p) && ts.isImportTypeNode(p.parent);
}

/** `typeof x === "function"`: JavaScript's kind of value. */
function isTypeofCheck(node: ts.Node): boolean {
  const p = node.parent;
  if (!ts.isBinaryExpression(p)) return false;
  const other = p.left === node ? p.right : p.left;
  return ts.isTypeOfExpression(other);
}

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return e.name.endsWith(".ts") ? [p] : [];
  });
}

describe("a resource type is named only in its folder", () => {
  it("config/, dev/, cli/ and pulumi-package/ name no type by its string: they loop over the registry", () => {
    const found = GENERIC.flatMap((top) => files(path.join(SRC, top)))
      .flatMap((f) => typeNamesIn(path.relative(SRC, f), fs.readFileSync(f, "utf8"), resourceTypes));
    assert.deepStrictEqual(found, []);
  });

  it("the check can fail: it finds a comparison, a case and a table key, and passes comments, import paths and typeof", () => {
    const text = [
      `import { x } from "function";`,
      `// a "function" in a comment`,
      `if (r.type === "http-api-gateway") x();`,
      `switch (t) { case "function": break; }`,
      `const table = { "redis-cluster": 1 };`,
      `if (typeof f === "function") f();`,
      "const y = `nextjs-web`;",
    ].join("\n");
    assert.deepStrictEqual(typeNamesIn("x.ts", text, resourceTypes), [
      `x.ts:3: "http-api-gateway"`,
      `x.ts:4: "function"`,
      `x.ts:5: "redis-cluster"`,
      `x.ts:7: "nextjs-web"`,
    ]);
  });
});

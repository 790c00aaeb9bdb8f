// What a TypeScript module imports, read from its text (the layout and import-circle tests).

/** What a module's text imports, in every form: `import ... from`, `export ... from`, `import "x"`, `import(...)`, `require(...)`, `import x = require(...)`. */
export function importSpecifiers(text: string): string[] {
  // Comment lines may quote an import; code lines are read whole.
  const code = text.split("\n").filter((l) => !/^\s*(\/\/|\*|\/\*)/.test(l)).join("\n");
  return [...code.matchAll(/(?:\bfrom\s+|\bimport\s+|\bimport\s*\(\s*|\brequire\s*\(\s*)["']([^"']+)["']/g)].map((m) => m[1]);
}

// The layout holds: the components and the shared code they use never import
// the YAML adapter (src/config), so the TypeScript API stands on its own and
// each resource type's definition lives with its component.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";

const SRC = path.resolve(__dirname, "..", "src");

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith(".ts") ? [path.join(dir, e.name)] : []));
}

/** Every module a file imports or requires, resolved to a path below src/ (or the bare name). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const specs = [...text.matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*)["']([^"']+)["']/g)].map((m) => m[1]);
  return specs.map((s) => (s.startsWith(".") ? path.relative(SRC, path.resolve(path.dirname(file), s)) : s));
}

describe("the layout", () => {
  for (const layer of ["components", "shared", "providers", "aws-rules"]) {
    it(`nothing under src/${layer} imports src/config or src/cli`, () => {
      const offenders = files(path.join(SRC, layer)).flatMap((f) =>
        importsOf(f).filter((m) => /^(config|cli)(\/|$)/.test(m)).map((m) => `${path.relative(SRC, f)} imports ${m}`));
      assert.deepStrictEqual(offenders, []);
    });
  }

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
    assert.deepStrictEqual(folders, ["aws-naming", "component", "domains", "files", "logging", "messages", "process", "schema", "workloads"]);
    const testShared = path.resolve(__dirname, "shared");
    for (const e of fs.readdirSync(testShared, { withFileTypes: true })) {
      assert.ok(e.isDirectory() && folders.includes(e.name), `test/shared/${e.name} mirrors a folder of src/shared`);
    }
  });

  it("the check can fail: it sees an import of config", () => {
    const probe = path.join(SRC, "shared", ".layout-probe.ts");
    fs.writeFileSync(probe, 'import { registry } from "../config/registry";\n');
    try {
      assert.deepStrictEqual(importsOf(probe), ["config/registry"]);
    } finally {
      fs.rmSync(probe);
    }
  });
});

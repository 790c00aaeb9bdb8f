// What `npm pack` publishes: the program, its schema, docs and licence, and
// nothing of the repository's tests, sources or builds; the README's links
// work from the registry's page (absolute, or a file the package ships).
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { execFileSync } from "child_process";

const ROOT = path.resolve(__dirname, "..");

describe("the published package", function () {
  this.timeout(60000);
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
  let files: string[] = [];
  let modes = new Map<string, number>();
  before(() => {
    const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    const listed = JSON.parse(out)[0].files as { path: string; mode: number }[];
    files = listed.map((f) => f.path).sort();
    modes = new Map(listed.map((f) => [f.path, f.mode]));
  });

  it("ships the CLI, the built program, the schema, the README, its docs and the LICENSE", () => {
    for (const f of ["docs/cli.md", "bin/stackfile.js", "bin/validate-bundle.js", "dist/index.js", "dist/index.d.ts", "dist/program-entry.js", "dist/cli/main.js", "dist/bundles/validate/main.js", "dist/bundles/validate/main.js.v8-cache", "schema/stackfile.schema.json", "README.md", "LICENSE", "package.json"]) {
      assert.ok(files.includes(f), `${f} is in the package`);
    }
  });

  it("ships the component provider for other Pulumi languages: the executable plugin (a bin of the package) and the PulumiPlugin.yaml folder", () => {
    for (const f of ["bin/pulumi-resource-stackfile", "provider/PulumiPlugin.yaml", "provider/index.js", "dist/pulumi-package/main.js"]) {
      assert.ok(files.includes(f), `${f} is in the package`);
    }
    assert.ok((modes.get("bin/pulumi-resource-stackfile")! & 0o111) !== 0, "pulumi-resource-stackfile is executable");
    assert.strictEqual(pkg.bin["pulumi-resource-stackfile"], "bin/pulumi-resource-stackfile");
  });

  it("ships no tests, sources, examples or build output", () => {
    const stray = files.filter((f) => /^(test|src|examples|scripts|node_modules)\//.test(f) || /(^|\/)\.(open-next|next)\//.test(f) || f.endsWith(".tgz"));
    assert.deepStrictEqual(stray, []);
  });

  it("its published declarations name only what a user's install has: dependencies and peers with their own types, and Node's", () => {
    const builtins = new Set(require("module").builtinModules as string[]);
    const dts = files.filter((f) => f.endsWith(".d.ts"));
    assert.ok(dts.includes("dist/index.d.ts"));
    const named = new Set(dts.flatMap((f) => [...fs.readFileSync(path.join(ROOT, f), "utf8").matchAll(/(?:from\s+|import\(\s*|reference types=)["']([^"'.][^"']*)["']/g)].map((m) => m[1])));
    const installed = { ...pkg.dependencies, ...pkg.peerDependencies };
    // Its own declarations, as TypeScript's "node" resolution finds them: `types`, or a .d.ts beside `main` (or index.js).
    const ownTypes = (name: string) => {
      const file = require.resolve(`${name}/package.json`, { paths: [ROOT] });
      const meta = JSON.parse(fs.readFileSync(file, "utf8"));
      const main = String(meta.main ?? "index.js").replace(/\.[cm]?js$/, "");
      return Boolean(meta.types ?? meta.typings) || fs.existsSync(path.join(path.dirname(file), `${main}.d.ts`));
    };
    const missing = [...named].filter((spec) => {
      const name = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0];
      if (builtins.has(name.replace(/^node:/, ""))) return false;
      if (!Object.hasOwn(installed, name)) return true;
      return !ownTypes(name) && !Object.hasOwn(installed, `@types/${name.replace(/^@/, "").replace("/", "__")}`);
    });
    assert.deepStrictEqual(missing, [], "a .d.ts of dist/ names a package whose types a user's install lacks (a devDependency's)");
  });

  it("says where it comes from and under which licence", () => {
    assert.match(pkg.repository.url, /^git\+https:\/\/github\.com\/[\w.-]+\/[\w.-]+\.git$/);
    assert.match(pkg.homepage, /^https:\/\//);
    assert.match(pkg.bugs.url, /^https:\/\/.*\/issues$/);
    assert.strictEqual(pkg.license, "Apache-2.0");
    assert.match(fs.readFileSync(path.join(ROOT, "LICENSE"), "utf8"), /Apache License\s+Version 2\.0, January 2004/);
  });

  it("every link of the README is absolute or names a file the package ships", () => {
    const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
    const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
    assert.ok(links.length > 0);
    const broken = links.filter((l) => !/^https?:\/\//.test(l) && !l.startsWith("#") && !files.includes(l.replace(/^\.\//, "").replace(/#.*$/, "")));
    assert.deepStrictEqual(broken, []);
  });
});

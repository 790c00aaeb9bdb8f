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

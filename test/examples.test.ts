// Every example folder is a project a user can copy: it depends on stackfile
// the way a project `stackfile init` writes does (a packed tarball in its
// vendor/, not the registry, where stackfile is not yet), and its README has
// the lines that copy and install it. test/engine/user-path.test.ts runs
// those lines as written, then type-checks, plans and deploys each copy.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { vendoredTarball } from "../src/cli/init";
import { shBlock } from "./engine/user-path";

const ROOT = path.resolve(__dirname, "..");
const EXAMPLES = path.join(ROOT, "examples");

describe("the examples, each a project to copy", () => {
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));

  for (const example of ["typescript", "yaml-stack", "pulumi-yaml"]) {
    it(`examples/${example} depends on stackfile as init's projects do, and its README copies and installs it`, () => {
      for (const f of ["package.json", "Pulumi.yaml", "README.md"]) assert.ok(fs.existsSync(path.join(EXAMPLES, example, f)), `${example}/${f}`);
      const pkg = JSON.parse(fs.readFileSync(path.join(EXAMPLES, example, "package.json"), "utf8"));
      assert.strictEqual(pkg.dependencies.stackfile, `file:${vendoredTarball(version)}`);
      const copy = shBlock(path.join(EXAMPLES, example, "README.md"), "Copy it");
      assert.ok(copy.lines.some((l) => l.includes(`--pack-destination ../`) && l.includes("/vendor")), copy.lines.join("\n"));
      assert.ok(copy.lines.some((l) => /\bnpm install\b/.test(l)), copy.lines.join("\n"));
    });
  }

  it("the Next.js app, copied out and installed alone, declares what its TypeScript build needs (typescript, @types/node, @types/react)", () => {
    // next build type-checks an app with a tsconfig.json and stops when typescript is not installed in it;
    // in the checkout it was found in the repository's own node_modules, in a copy it is not.
    const app = path.join(EXAMPLES, "nextjs-app");
    assert.ok(fs.existsSync(path.join(app, "tsconfig.json")));
    const pkg = JSON.parse(fs.readFileSync(path.join(app, "package.json"), "utf8"));
    const declared = { ...pkg.dependencies, ...pkg.devDependencies };
    for (const name of ["typescript", "@types/node", "@types/react"]) assert.ok(declared[name], `examples/nextjs-app/package.json declares no ${name}`);
  });

  it("the TypeScript example imports stackfile by name and keeps Pulumi's template tsconfig.json (no skipLibCheck)", () => {
    assert.ok(fs.existsSync(path.join(EXAMPLES, "typescript", "tsconfig.json")));
    const code = fs.readFileSync(path.join(EXAMPLES, "typescript", "index.ts"), "utf8");
    assert.match(code, /from "stackfile";/);
    assert.doesNotMatch(code, /from "\.\.\//);
    assert.doesNotMatch(fs.readFileSync(path.join(EXAMPLES, "typescript", "tsconfig.json"), "utf8"), /skipLibCheck/);
    assert.match(fs.readFileSync(path.join(EXAMPLES, "nextjs-app", ".gitignore"), "utf8"), /^\.next\/$[\s\S]*^\.open-next\/$/m);
  });
});

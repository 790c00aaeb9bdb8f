// `stackfile init [DIR]`: a new project that validates, plans and deploys with
// no edits: package.json (stackfile and its Pulumi peers), Pulumi.yaml whose
// `main` is stackfile's program, a stack.yaml with the schema line for
// editors, and a .gitignore. Never overwrites a file.
import * as fs from "fs";
import * as path from "path";

export interface InitResult {
  dir: string;
  files: string[];
}

export class InitError extends Error {}

/** stackfile's own package.json (version, peer ranges). */
function ownPackage(): { version: string; peerDependencies: Record<string, string> } {
  return JSON.parse(fs.readFileSync(path.join(__dirname, "..", "..", "package.json"), "utf8"));
}

/** A Pulumi project name from a folder name: letters, digits, `-`, `_`, `.`. */
export function projectName(dir: string): string {
  const name = path.basename(path.resolve(dir)).replace(/[^A-Za-z0-9_.-]+/g, "-").replace(/^[-.]+|[-.]+$/g, "");
  return name || "stackfile-app";
}

/** The Pulumi SDK range for this Node.js: 3.249 and later want Node 22. */
function pulumiRange(peer: string): string {
  const major = Number(process.versions.node.split(".")[0]);
  return major < 22 ? "~3.248.0" : peer;
}

export function initFiles(dir: string): Record<string, string> {
  const own = ownPackage();
  const name = projectName(dir);
  const pkg = {
    name,
    private: true,
    description: "AWS infrastructure from stack.yaml, with stackfile on Pulumi.",
    scripts: { validate: "stackfile validate", plan: "stackfile plan" },
    dependencies: {
      "@pulumi/aws": own.peerDependencies["@pulumi/aws"],
      "@pulumi/pulumi": pulumiRange(own.peerDependencies["@pulumi/pulumi"]),
      stackfile: `^${own.version}`,
    },
  };
  return {
    "package.json": JSON.stringify(pkg, null, 2) + "\n",
    "Pulumi.yaml": [
      `name: ${name}`,
      "runtime: nodejs",
      "description: Resources of stack.yaml, made by stackfile",
      "main: node_modules/stackfile/dist/program-entry.js",
      "",
    ].join("\n"),
    "stack.yaml": [
      "# yaml-language-server: $schema=./node_modules/stackfile/schema/stackfile.schema.json",
      "# Check it with `npx stackfile validate`, see what AWS gets with `npx stackfile plan`,",
      "# deploy with `pulumi up` (set the secret first: pulumi config set --secret cachePassword ...).",
      "resources:",
      "  api:",
      "    type: http-api-gateway",
      "    properties:",
      "      cors:",
      "        enabled: true",
      "  cache:",
      "    type: redis-cluster",
      "    properties:",
      "      instanceSize: cache.t4g.micro",
      "      defaultUserPassword: $Secret('cachePassword')",
      "",
    ].join("\n"),
    ".gitignore": ["node_modules/", ".open-next/", ".next/", ""].join("\n"),
  };
}

/** Writes a new project into `dir` (made if missing); refuses to overwrite any file. */
export function init(dir: string): InitResult {
  const files = initFiles(dir);
  if (fs.existsSync(dir) && !fs.statSync(dir).isDirectory()) throw new InitError(`${dir} is a file, not a folder`);
  const taken = Object.keys(files).filter((f) => fs.existsSync(path.join(dir, f)));
  if (taken.length) throw new InitError(`${dir} already has ${taken.join(", ")}; init writes a new project and never overwrites a file`);
  fs.mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text, { flag: "wx" });
  return { dir, files: Object.keys(files) };
}

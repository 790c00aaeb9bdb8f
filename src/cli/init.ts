// `stackfile init [DIR]`: a new project that validates, plans and deploys with
// no edits: package.json (stackfile and its Pulumi peers), Pulumi.yaml whose
// `main` is stackfile's program, a stack.yaml (a gateway routing to a function
// connected to a cache) with the schema line for editors, the function's
// handler, and a .gitignore (or the lines an existing one lacks). Never
// overwrites a file.
import * as fs from "fs";
import * as path from "path";
import { execFileSync } from "child_process";

export interface InitResult {
  dir: string;
  /** The files written, relative to `dir`. */
  files: string[];
  /** Lines added to a .gitignore that was there already. */
  ignoreAdded: string[];
  /** The checkout stackfile was packed from, when the project depends on that tarball (not on the registry). */
  packedFrom?: string;
}

export class InitError extends Error {}

/** stackfile's own folder: a checkout, or an install below node_modules. */
const OWN_ROOT = path.join(__dirname, "..", "..");

/**
 * Run from a checkout (not from an install below node_modules): stackfile is
 * not in the npm registry yet, so the project depends on a tarball of this
 * checkout, packed into the project (`npm pack`, which packs what `files`
 * of package.json names: the built dist/, bin/, schema/, docs/).
 */
export function runsFromCheckout(root = OWN_ROOT): boolean {
  return !path.resolve(root).split(path.sep).includes("node_modules");
}

/** The tarball's path inside the project, as package.json names it. */
export function vendoredTarball(version: string): string {
  return `vendor/stackfile-${version}.tgz`;
}

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

/** The files of a new project; `stackfile` is its dependency on stackfile (the registry's range, or `file:` a tarball). */
export function initFiles(dir: string, stackfile = `^${ownPackage().version}`): Record<string, string> {
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
      stackfile,
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
      PASSWORD_RULES,
      "resources:",
      "  api:",
      "    type: http-api-gateway",
      "    properties:",
      "      cors:",
      "        enabled: true          # preflights allow the methods of the routes below",
      "  hello:",
      "    type: function",
      "    properties:",
      "      entryfilePath: ./functions/hello.ts",
      "      joinDefaultVpc: true     # to reach the cache (calls to the internet then fail)",
      "      connectTo: [cache]       # STP_CACHE_HOST, STP_CACHE_PORT, ...",
      "      environment:",
      "        - name: CACHE_PASSWORD",
      "          value: $Secret('cachePassword')",
      "      events:",
      "        - type: http-api-gateway",
      "          properties: { httpApiGatewayName: api, path: /hello, method: GET }",
      "  cache:",
      "    type: redis-cluster",
      "    properties:",
      "      instanceSize: cache.t4g.micro",
      "      defaultUserPassword: $Secret('cachePassword')",
      "",
    ].join("\n"),
    "functions/hello.ts": [
      "// GET /hello of the gateway (see stack.yaml). The cache is at",
      "// STP_CACHE_HOST:STP_CACHE_PORT (TLS, password CACHE_PASSWORD).",
      "export async function handler(event: { rawPath?: string; path?: string }) {",
      "  return {",
      "    statusCode: 200,",
      "    headers: { \"content-type\": \"application/json\" },",
      "    body: JSON.stringify({ hello: event.rawPath ?? event.path, cache: process.env.STP_CACHE_HOST ?? null }),",
      "  };",
      "}",
      "",
    ].join("\n"),
    ".gitignore": GITIGNORE.join("\n") + "\n",
  };
}

/** The cache password's rules, as redisPasswordProblem checks them (ElastiCache AUTH tokens, https://docs.aws.amazon.com/AmazonElastiCache/latest/dg/auth.html). */
export const PASSWORD_RULES = "# cachePassword: 16 to 128 characters: letters, digits and only these specials: ! & # $ ^ < > - (no spaces, / \\ \" or @).";

/** What the project's .gitignore holds: installs, build outputs, function bundles. */
const GITIGNORE = ["node_modules/", ".open-next/", ".next/", ".stackfile-cache/"];

/** `dir` as one shell word: quoted when it holds anything but letters, digits and `_ . / -`. */
export function shellWord(dir: string): string {
  if (/^[A-Za-z0-9_./-]+$/.test(dir)) return dir;
  // A control character (an escape sequence, a newline) would reach the terminal inside '...':
  // bash's $'...' writes it as \xHH instead (bash(1), QUOTING), and reads back the same bytes.
  const control = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
  if (control.test(dir)) {
    const code = (c: string) => c.charCodeAt(0).toString(16);
    return `$'${dir.replace(/[\\']/g, "\\$&").replace(control, (c) => (c < "\u0080" ? `\\x${code(c).padStart(2, "0")}` : `\\u${code(c).padStart(4, "0")}`))}'`;
  }
  return `'${dir.replace(/'/g, "'\\''")}'`;
}

/** The folders of a relative path, outermost first (`a/b/c.ts` -> a, a/b). */
function parentsOf(file: string): string[] {
  const parts = file.split("/").slice(0, -1);
  return parts.map((_, i) => parts.slice(0, i + 1).join("/"));
}

function isLink(p: string): boolean {
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * Writes a new project into `dir` (made if missing), beside whatever else is
 * there; refuses to overwrite any file. A .gitignore already there keeps its
 * lines and gets the ones it lacks.
 */
export function init(dir: string): InitResult {
  const fromCheckout = runsFromCheckout();
  const tarball = vendoredTarball(ownPackage().version);
  const files = initFiles(dir, fromCheckout ? `file:${tarball}` : undefined);
  if (fs.existsSync(dir) && !fs.statSync(dir).isDirectory()) throw new InitError(`${dir} is a file, not a folder`);
  const ignoreFile = path.join(dir, ".gitignore");
  const hasIgnore = fs.existsSync(ignoreFile);
  const written = Object.keys(files).filter((f) => !(f === ".gitignore" && hasIgnore));
  const taken = [...written, ...(fromCheckout ? [tarball] : [])].filter((f) => fs.existsSync(path.join(dir, f)));
  if (taken.length) throw new InitError(`${dir} already has ${taken.join(", ")}; init writes a new project and never overwrites a file`);
  // Never through a symbolic link: a linked .gitignore or functions/ may lead out of the project.
  const linked = [...new Set([...written.flatMap((f) => [...parentsOf(f), f]), ...(hasIgnore ? [".gitignore"] : [])])].filter((p) => isLink(path.join(dir, p)));
  if (linked.length) {
    throw new InitError(`${linked.map((p) => path.join(dir, p)).join(", ")} ${linked.length === 1 ? "is a symbolic link" : "are symbolic links"}; init writes only files it makes itself, never through a link: replace ${linked.length === 1 ? "it" : "them"} with a real ${linked.length === 1 ? "one" : "ones"}, or init another folder`);
  }
  fs.mkdirSync(dir, { recursive: true });
  for (const file of written) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), files[file], { flag: "wx" });
  }
  let ignoreAdded: string[] = [];
  if (hasIgnore) {
    const text = fs.readFileSync(ignoreFile, "utf8");
    const have = new Set(text.split(/\r?\n/).map((l) => l.trim()));
    ignoreAdded = GITIGNORE.filter((l) => !have.has(l) && !have.has(l.replace(/\/$/, "")));
    if (ignoreAdded.length) {
      // O_NOFOLLOW: should .gitignore become a link after the check above, the append fails instead of writing through it.
      const fd = fs.openSync(ignoreFile, fs.constants.O_WRONLY | fs.constants.O_APPEND | (fs.constants.O_NOFOLLOW ?? 0));
      try {
        fs.writeSync(fd, `${text === "" || text.endsWith("\n") ? "" : "\n"}# stackfile\n${ignoreAdded.join("\n")}\n`);
      } finally {
        fs.closeSync(fd);
      }
    }
  }
  if (fromCheckout) {
    packInto(path.join(dir, path.dirname(tarball)));
    written.push(tarball);
  }
  return { dir, files: written, ignoreAdded, packedFrom: fromCheckout ? path.resolve(OWN_ROOT) : undefined };
}

/** `npm pack` of this checkout into `dest` (scripts not run: dist/ is built, it is what runs init). */
function packInto(dest: string): void {
  fs.mkdirSync(dest, { recursive: true });
  try {
    execFileSync(process.platform === "win32" ? "npm.cmd" : "npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", path.resolve(dest)], {
      cwd: OWN_ROOT, stdio: ["ignore", "ignore", "pipe"], encoding: "utf8",
    });
  } catch (err) {
    const why = String((err as { stderr?: string }).stderr ?? (err as Error).message).trim().split("\n").slice(-1)[0];
    throw new InitError(`could not pack stackfile from ${OWN_ROOT} for the project (npm pack: ${why}); stackfile is not in the npm registry yet, so init packs the checkout it runs from`);
  }
}

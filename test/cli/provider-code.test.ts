// A `plan` or `diff` from the command line prints a dynamic resource's
// provider code as a placeholder, so its process does not make the code
// (src/cli/provider-code.ts): the SDK's serializer opens an inspector
// session for it, and loading it loads TypeScript and npm's arborist. The
// same plan run in another program still serializes, and prints the same bytes.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { spawnSync } from "child_process";
import { cacheStack, tmpFile } from "./cli-helpers";
import { fakeNextApp } from "../fake-next-app";

const ROOT = path.resolve(__dirname, "..", "..");

/** Counts the inspector sessions a process connects (written to file descriptor 3 on exit). */
const COUNTER = `
const inspector = require("inspector");
const connect = inspector.Session.prototype.connect;
let sessions = 0;
inspector.Session.prototype.connect = function (...args) { sessions++; return connect.apply(this, args); };
process.on("exit", () => require("fs").writeSync(3, JSON.stringify({
  sessions,
  serializerModules: Object.keys(require.cache).filter((m) => /node_modules\\/(typescript|@npmcli\\/arborist)\\//.test(m)).length,
})));`;

/** Runs `entry` (a program calling main() or runCli) with `argv`; what it printed and how many inspector sessions it opened. */
function run(entry: string, argv: string[]): { out: string; sessions: number; serializerModules: number; code: number | null; err: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "provider-code-"));
  const counter = path.join(dir, "counter.js");
  fs.writeFileSync(counter, COUNTER);
  const r = spawnSync(process.execPath, ["--require", "tsx/cjs", "--require", counter, "-e", entry, "--", ...argv], {
    cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe", "pipe"], env: { ...process.env, STACKFILE_SECRET_pw: "a-password-of-16-chars" },
  });
  const counts = JSON.parse(r.output[3] || '{"sessions":-1,"serializerModules":-1}') as { sessions: number; serializerModules: number };
  return { out: r.stdout, err: r.stderr, code: r.status, ...counts };
}

const MAIN = path.join(ROOT, "src", "cli", "main");
/** The command line: `bin/stackfile.js` calls main(). */
const commandLine = `process.argv.splice(1, 0, "stackfile"); require(${JSON.stringify(MAIN)}).main();`;
/** Another program (the tests' way): runCli in a process that goes on. */
const inProgram = `require(${JSON.stringify(MAIN)}).runCli(process.argv.slice(1), { out: (t) => process.stdout.write(t + "\\n"), err: (t) => process.stderr.write(t + "\\n") }).then((c) => { process.exitCode = c; });`;

describe("provider code under plan and diff", function () {
  this.timeout(180000);

  /** A stack with every dynamic resource kind: a Next.js site (its fake OpenNext build) and a redis cluster. */
  function webAndCacheStack(): string {
    const app = fakeNextApp();
    return tmpFile(`${cacheStack()}  web:
    type: nextjs-web
    properties:
      appDirectory: ./app
      buildCommand: ${JSON.stringify(app.buildCommand)}
`, "stack.yaml", path.dirname(app.dir));
  }

  it("a plan from the command line opens no inspector session, loads no TypeScript or arborist, and prints the bytes a serializing plan prints", () => {
    const stacks = [webAndCacheStack(), ...["every-field.yaml", "every-field-gateway.yaml", "every-field-function.yaml"].map((f) => path.join(ROOT, "test", "fixtures", f))];
    for (const stack of stacks) {
      const cli = run(commandLine, ["plan", stack, "--json"]);
      const other = run(inProgram, ["plan", stack, "--json"]);
      assert.strictEqual(cli.code, 0, cli.err);
      assert.strictEqual(other.code, 0, other.err);
      // Stacks with a dynamic resource (the first): the counter sees the serializer's session and modules in the other program.
      if (stack === stacks[0]) assert.strictEqual(other.sessions > 0 && other.serializerModules > 0, true, "the counter sees the serializer");
      assert.deepStrictEqual({ sessions: cli.sessions, serializerModules: cli.serializerModules }, { sessions: 0, serializerModules: 0 }, stack);
      assert.strictEqual(cli.out, other.out, stack);
    }
    const web = run(commandLine, ["plan", stacks[0], "--json"]).out;
    // The site's asset sync, invalidation and origin secret, and the cluster's update guard.
    assert.strictEqual(web.split('"__provider": "[dynamic provider code]"').length - 1, 4, web.slice(0, 300));
  });

  it("a diff from the command line opens no inspector session either, and prints what a serializing diff prints", () => {
    const before = tmpFile(cacheStack());
    const after = tmpFile(cacheStack("      numReplicaNodes: 2\n"));
    for (const format of ["json", "text"]) {
      const cli = run(commandLine, ["diff", before, after, "--format", format]);
      const other = run(inProgram, ["diff", before, after, "--format", format]);
      assert.strictEqual(cli.code, 0, cli.err);
      assert.deepStrictEqual({ sessions: cli.sessions, serializerModules: cli.serializerModules }, { sessions: 0, serializerModules: 0 });
      assert.ok(cli.out.includes("numReplicaNodes"), cli.out.slice(0, 500));
      assert.strictEqual(cli.out, other.out);
    }
  });

  it("without the Pulumi SDK installed, plan --help still answers and a plan says what is missing in one line", () => {
    const noSdk = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "no-sdk-")), "no-sdk.js");
    fs.writeFileSync(noSdk, `
      const Module = require("module");
      const resolve = Module._resolveFilename;
      Module._resolveFilename = function (request, ...rest) {
        if (/^@pulumi\\/pulumi(\\/|$)/.test(request)) { const e = new Error("Cannot find module '" + request + "'"); e.code = "MODULE_NOT_FOUND"; throw e; }
        return resolve.call(this, request, ...rest);
      };`);
    const withoutSdk = (argv: string[]) => spawnSync(process.execPath, ["--require", "tsx/cjs", "--require", noSdk, "-e", commandLine, "--", ...argv], { cwd: ROOT, encoding: "utf8" });
    const help = withoutSdk(["plan", "--help"]);
    assert.strictEqual(help.status, 0, help.stderr);
    assert.match(help.stdout, /stackfile plan/);
    const plan = withoutSdk(["plan", tmpFile(cacheStack())]);
    assert.notStrictEqual(plan.status, 0);
    assert.doesNotMatch(plan.stderr, /\n\s+at /, plan.stderr);
    assert.match(plan.stderr, /@pulumi\/pulumi/);
  });
});

describe("the SDK stand-ins under plan", function () {
  this.timeout(120000);

  it("answers what the SDK's own finder answers, loading it when asked", () => {
    const codePaths = path.join(ROOT, "node_modules", "@pulumi", "pulumi", "runtime", "closure", "codePaths.js");
    const ask = (install: boolean) => {
      const program = `
        ${install ? `require(${JSON.stringify(path.join(ROOT, "src", "cli", "provider-code"))}).providerCodeAsPlaceholder();` : ""}
        const finder = require(${JSON.stringify(codePaths)});
        const before = Object.keys(require.cache).some((m) => m.includes("@npmcli/arborist"));
        Promise.resolve(finder.findWorkspaceRoot(${JSON.stringify(ROOT)})).then((root) => process.stdout.write(JSON.stringify({ root, before })));`;
      const r = spawnSync(process.execPath, ["--require", "tsx/cjs", "-e", program], { cwd: ROOT, encoding: "utf8" });
      assert.strictEqual(r.status, 0, r.stderr);
      return JSON.parse(r.stdout) as { root: unknown; before: boolean };
    };
    const real = ask(false);
    const standIn = ask(true);
    assert.deepStrictEqual({ real: real.before, standIn: standIn.before }, { real: true, standIn: false });
    assert.deepStrictEqual(standIn.root, real.root);
  });

  it("the serializer's stand-in answers the placeholder, and any other name from the real serializer", () => {
    const program = `
      require(${JSON.stringify(path.join(ROOT, "src", "cli", "provider-code"))}).providerCodeAsPlaceholder();
      const pulumi = require("@pulumi/pulumi");
      const sc = require(${JSON.stringify(path.join(ROOT, "node_modules", "@pulumi", "pulumi", "runtime", "closure", "serializeClosure.js"))});
      (async () => {
        const placeholder = await pulumi.runtime.serializeFunction(() => 1);
        const other = await sc.serializeFunctionAsync(() => 42);
        process.stdout.write(JSON.stringify({ placeholder: placeholder.text, other }));
      })();`;
    const r = spawnSync(process.execPath, ["--require", "tsx/cjs", "-e", program], { cwd: ROOT, encoding: "utf8" });
    assert.strictEqual(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { placeholder: string; other: string };
    assert.strictEqual(out.placeholder, "[dynamic provider code]");
    assert.match(out.other, /exports\.handler[\s\S]*42/);
  });
});

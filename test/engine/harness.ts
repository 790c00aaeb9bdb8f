// Runs the real Pulumi CLI (built from Go modules into .tools/pulumi/ by
// scripts/build-pulumi.sh) on a stack file, through scripts/engine.sh: the
// interface outside checks use. Each test folder is a new Pulumi project with
// its own file backend, passphrase, local S3 and stand-in AWS account.
//
// Without the CLI, the engine tests are skipped with one line saying how to
// run them; where CI=true (or STACKFILE_ENGINE_REQUIRED=1) a missing CLI fails.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { spawn } from "child_process";
import { readWorld, type WorldFile } from "./stand-in/world";
import { descendants } from "../process-tree";
import { requireBuilt } from "../built";

export const REPO = path.resolve(__dirname, "..", "..");
const ENGINE = path.join(REPO, "scripts", "engine.sh");
const TOOLS = path.join(REPO, ".tools", "pulumi");

export function engineAvailable(also: readonly string[] = []): boolean {
  return ["pulumi", "pulumi-language-nodejs", ...also].every((b) => fs.existsSync(path.join(TOOLS, b)));
}

let announced = false;

/**
 * In a `before` hook: skips the suite without the CLI (one line, once), or
 * fails where the engine tests must run; fails when dist/ is missing or older
 * than src/ (the engine runs dist/program-entry.js, as users' Pulumi.yaml does;
 * `npm test` builds it, a test never does).
 * `also`: more programs of .tools/pulumi/ the suite needs (pulumi-language-yaml).
 */
export function requireEngine(ctx: Mocha.Context, also: readonly string[] = []): void {
  if (!engineAvailable(also)) {
    if (process.env.CI === "true" || process.env.STACKFILE_ENGINE_REQUIRED === "1") {
      throw new Error(`the real Pulumi CLI${also.length ? ` or ${also.join(", ")}` : ""} is missing (.tools/pulumi/): run scripts/build-pulumi.sh (needs Go); CI must run the engine tests`);
    }
    if (!announced) {
      announced = true;
      console.log("    (skipped: the engine tests in test/engine/ need the Pulumi CLI built from Go modules: run scripts/build-pulumi.sh, then npm test)");
    }
    ctx.skip();
  }
  // The engine runs dist/program-entry.js, which `npm run build` makes (no test writes dist/).
  requireBuilt("dist/program-entry.js");
}

export interface EngineRun {
  code: number;
  out: string;
}

export class EngineStack {
  constructor(readonly dir: string) {}

  /** Runs `scripts/engine.sh DIR ...args` (env adds STACKFILE_FAIL and the like). */
  run(args: string[], env: Record<string, string> = {}): Promise<EngineRun> {
    return new Promise((resolve, reject) => {
      const child = spawn(ENGINE, [this.dir, ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
      let out = "";
      child.stdout.on("data", (c) => (out += c));
      child.stderr.on("data", (c) => (out += c));
      child.on("error", reject);
      child.on("close", (code) => resolve({ code: code ?? 1, out }));
    });
  }

  /**
   * Runs `args` and kills the `pulumi` process with SIGKILL (as an out-of-memory
   * kill or a CI timeout would) once `when` holds of the output so far or of
   * the folder (checked every 50 ms); then ends the plugins it left running,
   * each by its id. Resolves with the output once everything has exited.
   */
  async killed(args: string[], when: (out: string) => boolean, env: Record<string, string> = {}): Promise<string> {
    const child = spawn(ENGINE, [this.dir, ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout!.on("data", (c) => (out += c));
    child.stderr!.on("data", (c) => (out += c));
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    // A hang guard, not a timing: the condition is met within seconds.
    const deadline = Date.now() + 300_000;
    while (!when(out)) {
      if (child.exitCode !== null) throw new Error(`pulumi ${args.join(" ")} ended before the kill:\n${out}`);
      if (Date.now() > deadline) throw new Error(`pulumi ${args.join(" ")}: the kill's moment did not come:\n${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const left = descendants(child.pid!);
    const pulumi = left.find((pid) => commandOf(pid).includes(path.join(".tools", "pulumi", "pulumi ")));
    assert.ok(pulumi, `no pulumi process among ${left.map((p) => `${p} ${commandOf(p)}`).join("; ")}`);
    process.kill(pulumi, "SIGKILL");
    await exited;
    for (const pid of left) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    return out;
  }

  /** Runs and expects exit 0 (the output in the failure message otherwise). */
  async ok(args: string[], env: Record<string, string> = {}): Promise<string> {
    const r = await this.run(args, env);
    assert.strictEqual(r.code, 0, `pulumi ${args.join(" ")} failed:\n${r.out}`);
    return r.out;
  }

  /** Runs and expects a failure. */
  async fails(args: string[], env: Record<string, string> = {}): Promise<string> {
    const r = await this.run(args, env);
    assert.notStrictEqual(r.code, 0, `pulumi ${args.join(" ")} should have failed:\n${r.out}`);
    return r.out;
  }

  writeStack(yaml: string): void {
    fs.writeFileSync(path.join(this.dir, "stack.yaml"), yaml);
  }

  /** The stand-in's account. */
  world(): WorldFile {
    return readWorld(path.join(this.dir, ".engine"));
  }

  /** Runs `fn` with a client of the folder's local S3 (the endpoints run only during a command: started for this). */
  async withS3<T>(fn: (client: import("@aws-sdk/client-s3").S3Client) => Promise<T>): Promise<T> {
    const port = fs.readFileSync(path.join(this.dir, ".engine", "port"), "utf8").trim();
    const child = spawn(process.execPath, ["--openssl-legacy-provider", "--import", `file://${REPO}/node_modules/tsx/dist/loader.mjs`,
      path.join(REPO, "test", "engine", "stand-in", "local-aws.ts"), path.join(this.dir, ".engine"), port], { stdio: ["ignore", "pipe", "inherit"] });
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on("data", (c) => String(c).includes("ready") && resolve());
        child.on("exit", (code) => reject(new Error(`local AWS endpoints exited (${code})`)));
      });
      const { S3Client } = await import("@aws-sdk/client-s3");
      const client = new S3Client({ region: "us-east-1", endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } });
      try {
        return await fn(client);
      } finally {
        client.destroy();
      }
    } finally {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
  }

  /** The objects of a bucket in the folder's local S3 (key -> content). */
  bucketObjects(bucket: string): Promise<Map<string, string>> {
    return this.withS3(async (client) => {
      const { ListObjectsV2Command, GetObjectCommand } = await import("@aws-sdk/client-s3");
      const out = new Map<string, string>();
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        for (const o of page.Contents ?? []) {
          out.set(o.Key!, await (await client.send(new GetObjectCommand({ Bucket: bucket, Key: o.Key! }))).Body!.transformToString());
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return out;
    });
  }

  /** The id of the one resource of `type` named `name` in the stand-in's account. */
  idOf(type: string, name: string): string {
    const r = Object.values(this.world().resources).find((x) => x.type === type && x.name === name);
    assert.ok(r, `no ${type} ${name} in the account`);
    return r.id;
  }

  /** `pulumi preview --json`: the steps (op, type, name). */
  async previewSteps(env: Record<string, string> = {}): Promise<{ op: string; type: string; name: string }[]> {
    const out = await this.ok(["preview", "--json"], env);
    const json = JSON.parse(out.slice(out.indexOf("{")));
    return (json.steps ?? []).map((s: { op: string; urn: string }) => ({
      op: s.op,
      type: s.urn.split("::")[2].split("$").pop()!,
      name: s.urn.slice(s.urn.lastIndexOf("::") + 2),
    }));
  }

  /** The deployment's resources from `pulumi stack export`. */
  async exported(): Promise<{ type: string; urn: string; inputs?: Record<string, unknown>; outputs?: Record<string, unknown>; protect?: boolean }[]> {
    const out = await this.ok(["stack", "export"]);
    return JSON.parse(out.slice(out.indexOf("{"))).deployment.resources ?? [];
  }
}

/**
 * A new engine folder with `stack.yaml` (and other files), its stack `dev`
 * created and selected. With `yaml` null there is no stack file: `files`
 * holds a TypeScript program, index.ts.
 */
export async function newStack(yaml: string | null, files: Record<string, string> = {}, secrets: Record<string, string> = {}, dir = fs.mkdtempSync(path.join(os.tmpdir(), "stackfile-engine-"))): Promise<EngineStack> {
  fs.mkdirSync(dir, { recursive: true });
  if (yaml !== null) fs.writeFileSync(path.join(dir, "stack.yaml"), yaml);
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  const s = new EngineStack(dir);
  await s.ok(["stack", "init", "dev"]);
  for (const [k, v] of Object.entries(secrets)) await s.ok(["config", "set", "--secret", k, v]);
  return s;
}


/** A process's command line ("" once it is gone). */
function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
  } catch {
    return "";
  }
}

export function removeStack(s: EngineStack | undefined): void {
  if (s && !process.env.STACKFILE_KEEP_ENGINE_DIRS) fs.rmSync(s.dir, { recursive: true, force: true });
}

/**
 * `npm install stackfile @pulumi/pulumi @pulumi/aws` in a project folder, as
 * links: node_modules/stackfile is a folder of links to what the package ships
 * (package.json's `files`) and @pulumi/* the checkout's. A folder, not a link
 * to the checkout: Pulumi's plugin loader caches a schema beside the plugin's
 * folder (node_modules/stackfile/schema-stackfile*.json, sdk/go/common/workspace
 * plugins.go, setFileMetadata), which must not land in the checkout.
 */
export function linkInstall(dir: string): void {
  const own = path.join(dir, "node_modules", "stackfile");
  fs.mkdirSync(own, { recursive: true });
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO, "package.json"), "utf8")) as { files: string[] };
  for (const entry of ["package.json", ...pkg.files]) fs.symlinkSync(path.join(REPO, entry), path.join(own, entry));
  fs.symlinkSync(path.join(REPO, "node_modules", "@pulumi"), path.join(dir, "node_modules", "@pulumi"));
}

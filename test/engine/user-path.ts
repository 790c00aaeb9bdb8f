// Runs what the README, docs/ and the examples tell a user to type, as
// written: the ```sh blocks of a page, line by line, in one bash session
// (so `cd` and `export` hold for the lines after them), in a folder beside a
// copy of the checkout named `stackfile`, as the README's "Start a project"
// lays them out. `pulumi` is test/engine/user-bin/pulumi: the real CLI
// through scripts/engine.sh, with the stand-in for AWS.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { execFileSync, spawn, type ChildProcess } from "child_process";
import { REPO } from "./harness";

export interface ShBlock {
  /** The page and the line the block starts at, for messages. */
  where: string;
  /** Its command lines (comment-only and empty lines left out), as written. */
  lines: string[];
}

/** The ```sh blocks of a markdown page (indented ones too), optionally only those under the heading `under`. */
export function shBlocks(file: string, under?: string): ShBlock[] {
  const text = fs.readFileSync(file, "utf8").split("\n");
  const out: ShBlock[] = [];
  let heading = "";
  for (let i = 0; i < text.length; i++) {
    if (/^#+ /.test(text[i])) heading = text[i].replace(/^#+ /, "").trim();
    const open = /^(\s*)```sh\s*$/.exec(text[i]);
    if (!open) continue;
    const lines: string[] = [];
    let j = i + 1;
    for (; j < text.length && !/^\s*```\s*$/.test(text[j]); j++) {
      const line = text[j].slice(open[1].length);
      if (line.trim() && !line.trim().startsWith("#")) lines.push(line);
    }
    if (under === undefined || heading === under) out.push({ where: `${path.relative(REPO, file)}:${i + 1}`, lines });
    i = j;
  }
  return out;
}

/** The one block under a heading of a page. */
export function shBlock(file: string, under: string): ShBlock {
  const blocks = shBlocks(file, under);
  assert.strictEqual(blocks.length, 1, `${path.relative(REPO, file)} has one sh block under "${under}"`);
  return blocks[0];
}

/**
 * A folder holding `stackfile`, a copy of this checkout as a fresh clone has
 * it after `npm ci`: the files git tracks (and new ones not ignored), the
 * built dist/, and node_modules (linked). The README's
 * `git clone ... && (cd stackfile && npm ci)` is this step: these machines
 * reach no git host, and the checkout's own install serves.
 */
export function besideAClone(prefix: string): string {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const clone = path.join(work, "stackfile");
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: REPO, encoding: "utf8", maxBuffer: 64 << 20 });
  for (const rel of listed.split("\0").filter(Boolean)) {
    const from = path.join(REPO, rel);
    if (!fs.existsSync(from)) continue;
    fs.mkdirSync(path.dirname(path.join(clone, rel)), { recursive: true });
    fs.copyFileSync(from, path.join(clone, rel));
    fs.chmodSync(path.join(clone, rel), fs.statSync(from).mode);
  }
  fs.cpSync(path.join(REPO, "dist"), path.join(clone, "dist"), { recursive: true });
  fs.symlinkSync(path.join(REPO, "node_modules"), path.join(clone, "node_modules"));
  return work;
}

export interface ShellRun {
  line: string;
  code: number;
  /** Standard output and error, in order. */
  out: string;
}

/**
 * One bash session in `cwd`. Each line runs with standard input closed (no
 * command waits on a prompt) and its output collected until it ends.
 */
export class Shell {
  private readonly proc: ChildProcess;
  private buffer = "";
  private count = 0;
  private waiting?: () => void;
  readonly history: ShellRun[] = [];

  constructor(cwd: string, env: NodeJS.ProcessEnv) {
    this.proc = spawn("bash", ["--noprofile", "--norc"], { cwd, env, stdio: ["pipe", "pipe", "pipe"] });
    const take = (chunk: Buffer) => {
      this.buffer += chunk.toString("utf8");
      this.waiting?.();
    };
    this.proc.stdout!.on("data", take);
    this.proc.stderr!.on("data", take);
  }

  /** Runs one line as written; `hangGuardMs` bounds a line that never ends (a hang guard, not a timing check). */
  async run(line: string, hangGuardMs = 1_500_000): Promise<ShellRun> {
    const mark = `__stackfile_line_done_${++this.count}__`;
    this.proc.stdin!.write(`{ ${line}\n} < /dev/null 2>&1; echo "${mark} $?"\n`);
    const started = Date.now();
    for (;;) {
      const at = this.buffer.indexOf(mark);
      if (at >= 0) {
        const end = this.buffer.indexOf("\n", at);
        if (end >= 0) {
          const code = Number(this.buffer.slice(at + mark.length, end).trim());
          const run = { line, code, out: this.buffer.slice(0, at) };
          this.buffer = this.buffer.slice(end + 1);
          this.history.push(run);
          return run;
        }
      }
      if (Date.now() - started > hangGuardMs) throw new Error(`hang guard: \`${line}\` did not end within ${hangGuardMs / 1000} s; its output:\n${this.buffer.slice(-4000)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 1000);
        this.waiting = () => {
          clearTimeout(t);
          resolve();
        };
      });
    }
  }

  /** Runs a line and expects exit 0 (its output in the failure message otherwise). */
  async ok(line: string): Promise<string> {
    const r = await this.run(line);
    assert.strictEqual(r.code, 0, `\`${line}\` failed (exit ${r.code}):\n${r.out.slice(-6000)}`);
    return r.out;
  }

  close(): void {
    this.proc.stdin!.end("exit\n");
  }
}

/** The environment of a user's terminal here: test/engine/user-bin first on PATH, a home of its own, npm's cache first. */
export function userEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) if (/^(npm_|PULUMI_|STACKFILE_)/.test(k)) delete env[k];
  return {
    ...env,
    PATH: [path.join(REPO, "test", "engine", "user-bin"), path.dirname(process.execPath), process.env.PATH].join(path.delimiter),
    HOME: home,
    // npm's cache where the checkout's install filled it (HOME moved), and read first; not offline on a cold cache.
    npm_config_cache: path.join(os.homedir(), ".npm"),
    npm_config_prefer_offline: "true",
    npm_config_audit: "false",
    npm_config_fund: "false",
    npm_config_update_notifier: "false",
    NEXT_TELEMETRY_DISABLED: "1",
  };
}

/** The resources a `stackfile plan` printed, as `type name` with pulumi's short type (`aws:apigatewayv2:Route`). */
export function plannedResources(planOut: string): string[] {
  return planOut.split("\n").map((l) => /^[\s│├└─]*(\S+)  \(([^)\s]+)\)$/.exec(l)).filter((m): m is RegExpExecArray => m !== null)
    .map((m) => `${shortType(m[2])} ${m[1]}`).sort();
}

/** What a `pulumi preview` prints for each step: `op type name`. */
export function previewSteps(out: string): { op: string; resource: string }[] {
  return out.split("\n").map((l) => /^\s*[+~\-]*[+~\- ]\s+([\w:/.-]+:[\w/.-]+:\w+) (\S+) (create|update|replace|delete|same|create-replacement|delete-replaced)\b/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null).map((m) => ({ op: m[3], resource: `${m[1]} ${m[2]}` }));
}

/**
 * A type as pulumi prints it: the module's last part left out when it is the
 * name in camelCase (`aws:apigatewayv2/route:Route` -> `aws:apigatewayv2:Route`;
 * `pulumi-nodejs:dynamic/stackfile:AssetSync` stays): sdk/go/common/tokens/tokens.go, Type.DisplayName.
 */
export function shortType(type: string): string {
  const [pkg, mod, name, ...rest] = type.split(":");
  if (name === undefined || rest.length || !name) return type;
  const slash = mod.lastIndexOf("/");
  if (slash < 0 || mod.slice(slash + 1) !== name[0].toLowerCase() + name.slice(1)) return type;
  return `${pkg}:${mod.slice(0, slash)}:${name}`;
}

/** The `pulumi stack output ...` commands a plan printed, as it printed them. */
export function outputCommands(planOut: string): string[] {
  return planOut.split("\n").filter((l) => /^ {2}pulumi stack output \S+ --json( --show-secrets)?$/.test(l)).map((l) => l.trim());
}

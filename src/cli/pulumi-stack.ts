// The Pulumi stack a stack file deploys with, and its configuration, for
// `plan`, `diff` and `dev`: the project is the nearest Pulumi.yaml at or
// above the stack file; the stack is `--stack NAME`, else the one
// `pulumi stack select` chose; its configuration (plain values and secrets,
// decrypted) is what `pulumi config --show-secrets --json --stack NAME`
// prints, so it is read as `pulumi up` reads it: whatever the backend, the
// secrets provider or the stack's config folder. Nothing is asked of `pulumi`
// until a value is needed, and at most once per command. When it cannot
// answer (not on PATH, no stack selected, no passphrase to decrypt), `why`
// says so in one line and the callers fall back to what they have.
import * as fs from "fs";
import * as path from "path";
import { spawnSync } from "child_process";
import * as yaml from "js-yaml";
import { escapeControl } from "../shared/messages/user-text";
import { PROJECT_FILES, pulumiProjectAbove } from "../shared/files/project-folder";


export interface PulumiProject {
  /** The folder of Pulumi.yaml. */
  dir: string;
  file: string;
  /** Its `name`: the namespace of the program's own config keys (`<name>:cachePassword`). */
  name: string;
  /** Pulumi.yaml as read (empty when it does not parse: the pulumi CLI then says why). */
  doc: Record<string, unknown>;
}

/** The nearest Pulumi.yaml at or above `dir`. */
export function findProject(dir: string): PulumiProject | undefined {
  const d = pulumiProjectAbove(dir);
  const file = d === undefined ? undefined : PROJECT_FILES.map((f) => path.join(d, f)).find((f) => fs.existsSync(f));
  if (d === undefined || file === undefined) return undefined;
  let doc: unknown;
  try {
    doc = yaml.load(fs.readFileSync(file, "utf8"));
  } catch {
    doc = undefined;
  }
  const obj = typeof doc === "object" && doc !== null && !Array.isArray(doc) ? (doc as Record<string, unknown>) : {};
  return { dir: d, file, name: typeof obj.name === "string" ? obj.name : path.basename(d), doc: obj };
}

/** What running `pulumi` gave: its exit code and output, or that it could not start. */
export interface PulumiRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Why it did not run to an end (not on PATH, no answer in time). */
  failed?: string;
}

export type PulumiRunner = (args: string[], cwd: string) => PulumiRun;

/** How long one `pulumi` command may take (a cloud backend answers over the network). */
export const PULUMI_TIMEOUT_MS = 60_000;

/** Runs the `pulumi` of PATH, non-interactive, in `cwd`; never waits on a prompt (stdin closed). */
export function runPulumi(args: string[], cwd: string): PulumiRun {
  const r = spawnSync("pulumi", [...args, "--non-interactive"], {
    cwd, encoding: "utf8", timeout: PULUMI_TIMEOUT_MS, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 << 20,
    env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" },
  });
  if (r.error) {
    const code = (r.error as NodeJS.ErrnoException).code;
    const failed = code === "ENOENT" ? "the pulumi CLI is not on PATH"
      : code === "ETIMEDOUT" ? `pulumi did not answer within ${PULUMI_TIMEOUT_MS / 1000} s`
      : `pulumi could not run (${code ?? r.error.message})`;
    return { code: null, stdout: "", stderr: "", failed };
  }
  return { code: r.status, stdout: r.stdout ?? "", stderr: r.stderr ?? "" };
}

/** The first line of pulumi's error output that says something (`error: ...`), one line, bounded. */
function errorLine(run: PulumiRun): string {
  if (run.failed) return run.failed;
  const lines = run.stderr.split("\n").map((l) => l.trim()).filter(Boolean);
  const line = lines.find((l) => /^error:/i.test(l)) ?? lines[0] ?? `pulumi exited with ${run.code}`;
  const text = escapeControl(line.replace(/^error:\s*/i, ""));
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** A stack's configuration: every key (`aws:region`, `<project>:cachePassword`) to its value as text. */
export type ConfigValues = Record<string, string>;

/** `pulumi config --json`'s answer: `{key: {value, secret, objectValue?}}`; a secret not shown has no value. */
function configValues(stdout: string): ConfigValues | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(stdout);
  } catch {
    return undefined;
  }
  if (typeof doc !== "object" || doc === null) return undefined;
  const out: ConfigValues = {};
  for (const [key, entry] of Object.entries(doc as Record<string, { value?: unknown; objectValue?: unknown }>)) {
    const value = entry?.value;
    if (typeof value === "string") Object.defineProperty(out, key, { value, enumerable: true });
  }
  return out;
}

/**
 * The stack of a project, asked of `pulumi` on first need. `stack` is the
 * name `--stack` gave (`org/project/stack` or `stack`), else the selected one.
 */
export class PulumiStack {
  private selected?: { name?: string; why?: string };
  private read?: { values?: ConfigValues; secretsShown: boolean; why?: string };

  constructor(readonly project: PulumiProject, private readonly wanted?: string, private readonly run: PulumiRunner = runPulumi) {}

  /** The stack's name, or undefined with `why` (no stack selected, pulumi missing). */
  name(): { name?: string; why?: string } {
    if (this.wanted) return { name: this.wanted };
    if (!this.selected) {
      const r = this.run(["stack", "--show-name"], this.project.dir);
      const name = r.code === 0 ? r.stdout.trim().split("\n").pop()?.trim() : undefined;
      this.selected = name ? { name } : { why: r.failed ?? (r.code === 0 ? "pulumi named no selected stack" : errorLine(r)) };
    }
    return this.selected;
  }

  /** Whether `pulumi` was asked anything yet (only then is there something to say). */
  get asked(): boolean {
    return this.selected !== undefined || this.read !== undefined;
  }

  /**
   * The configuration, decrypted; when the secrets cannot be decrypted (no
   * passphrase), the plain values alone and why.
   */
  private config(): { values?: ConfigValues; secretsShown: boolean; why?: string } {
    if (this.read) return this.read;
    const { name, why } = this.name();
    if (!name) return (this.read = { secretsShown: false, why });
    const args = ["config", "--json", "--stack", name];
    const full = this.run([...args, "--show-secrets"], this.project.dir);
    const values = full.code === 0 ? configValues(full.stdout) : undefined;
    if (values) return (this.read = { values, secretsShown: true });
    const fullWhy = full.code === 0 ? "pulumi config printed no JSON" : errorLine(full);
    if (full.failed) return (this.read = { secretsShown: false, why: fullWhy });
    // The secrets could not be decrypted: the plain values still serve (the region).
    const plain = this.run(args, this.project.dir);
    const plainValues = plain.code === 0 ? configValues(plain.stdout) : undefined;
    return (this.read = { values: plainValues, secretsShown: false, why: fullWhy });
  }

  /** Every configuration value by key (secrets only when they could be decrypted), or undefined when pulumi could not answer. */
  values(): Readonly<ConfigValues> | undefined {
    return this.config().values;
  }

  /** A configuration value (`aws:region`), or undefined. */
  value(key: string): string | undefined {
    const v = this.config().values;
    return v && Object.hasOwn(v, key) ? v[key] : undefined;
  }

  /** The program's secrets (`<project>:<name>`, what `$Secret('name')` reads under pulumi up), by name; empty when they cannot be read. */
  secrets(): Record<string, string> {
    const c = this.config();
    const out: Record<string, string> = {};
    if (!c.values || !c.secretsShown) return out;
    const prefix = `${this.project.name}:`;
    for (const [key, value] of Object.entries(c.values)) {
      if (key.startsWith(prefix)) Object.defineProperty(out, key.slice(prefix.length), { value, enumerable: true });
    }
    return out;
  }

  /**
   * One line about what was read, once `pulumi` was asked: the stack and
   * that its configuration was read, or why its secrets were not.
   */
  summary(): string | undefined {
    if (!this.asked) return undefined;
    const c = this.config();
    const stack = this.name().name;
    const where = `project ${this.project.name} (${path.relative(process.cwd(), this.project.file) || this.project.file})`;
    if (c.secretsShown) return `Pulumi stack ${stack} of ${where}: configuration and secrets read with pulumi config`;
    return `Pulumi stack${stack ? ` ${stack}` : ""} of ${where}: secrets not read (${c.why}); only --secret, --secrets-file and STACKFILE_SECRET_<NAME> give them`;
  }
}

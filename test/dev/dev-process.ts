// `stackfile dev` in a process of its own, on a copy of a fixture stack, with
// its output collected line by line and the processes it started findable.
import { execFileSync, spawn, type ChildProcess } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { Browser } from "playwright-core";
import { descendants } from "../process-tree";
export { descendants };

const RUN_CLI = path.join(__dirname, "..", "fixtures", "run-cli.ts");
export const FIXTURE = path.join(__dirname, "fixtures");

export interface DevProcess {
  proc: ChildProcess;
  dir: string;
  lines: string[];
  /** Standard output's lines only. */
  outLines: string[];
  /** Resolves with the first line (from `from` on) that matches. */
  waitFor(re: RegExp, ms?: number, from?: number): Promise<string>;
  exited: Promise<number | null>;
}

/** A copy of the fixture folder in a new temporary folder. */
export function copyFixture(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stackfile-dev-"));
  fs.cpSync(FIXTURE, dir, { recursive: true });
  return dir;
}

/** `built`: the shipped CLI (bin/stackfile.js and dist/, as `npm ci` builds it) instead of the sources under tsx. */
export function startDev(dir: string, args: string[], env: Record<string, string> = {}, built = false): DevProcess {
  const cli = built ? [path.join(__dirname, "..", "..", "bin", "stackfile.js")] : ["--require", require.resolve("tsx/cjs"), RUN_CLI];
  const proc = spawn(process.execPath, [...cli, "dev", path.join(dir, "stack.yaml"), ...args], {
    cwd: dir, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const outLines: string[] = [];
  const waiters: { re: RegExp; from: number; resolve(l: string): void }[] = [];
  const onText = (buf: string, chunk: Buffer, isOut = false): string => {
    const text = buf + chunk.toString("utf8");
    const parts = text.split("\n");
    for (const l of parts.slice(0, -1)) {
      lines.push(l);
      if (isOut) outLines.push(l);
      for (const w of [...waiters]) {
        if (lines.length - 1 >= w.from && w.re.test(l)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(l);
        }
      }
    }
    return parts[parts.length - 1];
  };
  let out = "";
  let err = "";
  proc.stdout!.on("data", (c: Buffer) => (out = onText(out, c, true)));
  proc.stderr!.on("data", (c: Buffer) => (err = onText(err, c)));
  const exited = new Promise<number | null>((r) => proc.once("exit", (code) => r(code)));
  return {
    proc, dir, lines, outLines, exited,
    waitFor(re, ms = 30_000, from = 0) {
      const seen = lines.slice(from).find((l) => re.test(l));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no line matching ${re} in ${ms} ms; output:\n${lines.join("\n")}`)), ms);
        waiters.push({ re, from, resolve: (l) => { clearTimeout(t); resolve(l); } });
      });
    },
  };
}


export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    // A zombie is dead too.
    return !/^Z/.test(execFileSync("ps", ["-o", "stat=", "-p", String(pid)], { encoding: "utf8" }).trim());
  } catch {
    return false;
  }
}

/** A base port unlikely to be taken by another test run on the machine. */
export function basePort(): number {
  return 20000 + (process.pid % 2000) * 10;
}

/**
 * Posts the example app's /form as a browser without JavaScript does: the
 * form's hidden action fields plus `message`, multipart. Gives the form's
 * markup, the fields sent and the answer (not followed).
 */
export async function postServerAction(web: string, message: string): Promise<{ form: string; body: FormData; posted: Response }> {
  const page = await (await fetch(`${web}/form`)).text();
  const form = /<form[^>]*>([\s\S]*?)<\/form>/.exec(page)?.[1] ?? "";
  const body = new FormData();
  for (const m of form.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(m[0])?.[1];
    if (name) body.append(name, /value="([^"]*)"/.exec(m[0])?.[1] ?? "");
  }
  body.append("message", message);
  const posted = await fetch(`${web}/form`, { method: "POST", body, redirect: "manual" });
  return { form, body, posted };
}

/**
 * Types `message` into the example app's /form in a browser and submits it:
 * the server action runs and redirects. Gives the text the page it lands on
 * shows (`#said`).
 */
export async function submitFormInBrowser(browser: Browser, web: string, message: string): Promise<string | null> {
  const page = await browser.newPage();
  await page.goto(`${web}/form`);
  await page.fill("input[name=message]", message);
  await Promise.all([page.waitForURL(/said=/), page.click("button[type=submit]")]);
  return page.textContent("#said");
}

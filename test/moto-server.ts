// moto's server (PyPI moto[server], installed by scripts/install-moto.sh into
// .tools/moto/): an independent model of AWS for differential tests. One
// server per test run on a free loopback port, started by the first suite
// that asks and shared by the rest (each suite uses names of its own or
// resets it); it ends with the test process.
//
// Where it is missing: a suite skips with one line, except under CI=true,
// where .ci/run installs it and a missing moto fails the suite.
import { spawn, type ChildProcess } from "child_process";
import * as fs from "fs";
import * as http from "http";
import * as net from "net";
import * as path from "path";

const REPO = path.resolve(__dirname, "..");
export const MOTO_PYTHON = path.join(REPO, ".tools", "moto", "bin", "python");

export interface Moto {
  /** `http://127.0.0.1:PORT`: every service moto models answers here. */
  endpoint: string;
  port: number;
  /** Forgets every resource (moto's `POST /moto-api/reset`). */
  reset(): Promise<void>;
}

/** Credentials moto accepts (it checks no signature); set where a suite's clients need some. */
export const MOTO_CREDENTIALS = { accessKeyId: "testing", secretAccessKey: "testing" };

let started: Promise<Moto> | undefined;
let child: ChildProcess | undefined;
let announced = false;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

function request(port: number, method: string, urlPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path: urlPath }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.setTimeout(5000, () => req.destroy(new Error("moto did not answer")));
    req.end();
  });
}

async function start(): Promise<Moto> {
  const port = await freePort();
  const log: string[] = [];
  const proc = spawn(MOTO_PYTHON, ["-m", "moto.server", "-H", "127.0.0.1", "-p", String(port)], {
    stdio: ["ignore", "pipe", "pipe"],
    // moto reads no credentials; TEST_SERVER_MODE-style variables are not needed for the server.
    env: { PATH: process.env.PATH ?? "", PYTHONDONTWRITEBYTECODE: "1" },
  });
  child = proc;
  // Its request log is kept only for a start that fails (bounded), never printed otherwise.
  const keep = (d: Buffer) => {
    if (log.length < 50) log.push(d.toString());
  };
  proc.stdout!.on("data", keep);
  proc.stderr!.on("data", keep);
  // Never keeps the test process alive; killed when it exits.
  proc.unref();
  (proc.stdout as unknown as net.Socket).unref?.();
  (proc.stderr as unknown as net.Socket).unref?.();
  process.once("exit", () => proc.kill("SIGKILL"));
  let exited = false;
  proc.once("exit", () => (exited = true));
  // Hang guard: moto is ready in about 1 s; 60 s on a loaded machine.
  for (let i = 0; ; i++) {
    if (exited) throw new Error(`moto's server exited at start:\n${log.join("").slice(-2000)}`);
    if ((await request(port, "GET", "/moto-api/").catch(() => 0)) === 200) break;
    if (i > 600) {
      proc.kill("SIGKILL");
      throw new Error(`moto's server did not answer on port ${port} within 60 s:\n${log.join("").slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    async reset() {
      const status = await request(port, "POST", "/moto-api/reset");
      if (status !== 200) throw new Error(`moto reset answered ${status}`);
    },
  };
}

/** Whether moto's server is installed here (.tools/moto/). */
export function motoInstalled(): boolean {
  return fs.existsSync(MOTO_PYTHON);
}

/**
 * In a `before` hook: moto's server (started once per test run), or a skip of
 * the suite with one line where it is not installed; under CI=true a missing
 * moto fails instead.
 */
export async function requireMoto(ctx: Mocha.Context): Promise<Moto> {
  if (!motoInstalled()) {
    if (process.env.CI === "true") throw new Error("moto's server is missing (.tools/moto/): .ci/run installs it with scripts/install-moto.sh");
    if (!announced) {
      announced = true;
      console.log("    (skipped: the tests against moto's server need it installed: run scripts/install-moto.sh (python3 and PyPI), then npm test)");
    }
    ctx.skip();
  }
  started ??= start();
  return started;
}

/** Stops the shared server (tests of the helper itself). */
export async function stopMoto(): Promise<void> {
  const p = child;
  started = undefined;
  child = undefined;
  if (p && p.exitCode === null) {
    p.kill("SIGTERM");
    await new Promise((r) => p.once("exit", r));
  }
}

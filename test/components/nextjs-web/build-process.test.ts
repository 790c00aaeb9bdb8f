// The build runs as argv unless the user wrote a buildCommand, and as a
// process group of its own: an interrupted plan ends all of it and leaves no lock.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { spawn } from "child_process";
import { buildNextApp } from "../../../src/components/nextjs-web/build";
import { LOCK } from "../../../src/components/nextjs-web/build/build-lock";
import { FAKE_OPEN_NEXT, fakeNextApp } from "../../fake-next-app";

const RUN_BUILD = path.join(__dirname, "../../fixtures/run-build.ts");

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(what: string, ok: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("the build process", function () {
  this.timeout(60_000);

  it("the default build runs OpenNext with paths as arguments: an app folder named `$(...)` runs nothing", () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), "argv-app-"));
    const dir = path.join(parent, 'app$(touch${IFS}INJECTED)"`x`');
    fakeNextApp("v1", parent);
    fs.renameSync(path.join(parent, "app"), dir);
    const bin = path.join(dir, "node_modules/@opennextjs/aws/dist/index.js");
    fs.mkdirSync(path.dirname(bin), { recursive: true });
    fs.copyFileSync(FAKE_OPEN_NEXT, bin);
    const r = buildNextApp(dir, { say: () => undefined });
    assert.strictEqual(r.built, true);
    assert.ok(fs.existsSync(path.join(dir, ".open-next", "open-next.output.json")));
    for (const where of [parent, dir]) assert.ok(!fs.existsSync(path.join(where, "INJECTED")), `the folder name ran as a command in ${where}`);
  });

  for (const [how, signal, toGroup] of [["Ctrl-C (SIGINT to the terminal's process group)", "SIGINT", true], ["SIGTERM to stackfile alone", "SIGTERM", false]] as const) {
    it(`${how} ends the build's whole process group and releases the lock`, async () => {
      const { dir } = fakeNextApp("v1");
      const pidFile = path.join(dir, "..", "sleeper.pid");
      // A build that leaves a background process running (a non-interactive shell's background jobs ignore SIGINT).
      const command = `sleep 120 & echo $! > ${JSON.stringify(pidFile)}; wait`;
      const runner = spawn(process.execPath, ["--require", "tsx/cjs", RUN_BUILD, dir, command], { detached: true, stdio: "ignore" });
      try {
        await until("the build started", () => fs.existsSync(pidFile) && fs.readFileSync(pidFile, "utf8").trim() !== "", 40_000);
        const sleeper = Number(fs.readFileSync(pidFile, "utf8"));
        assert.ok(alive(sleeper) && fs.existsSync(path.join(dir, LOCK)));
        process.kill(toGroup ? -runner.pid! : runner.pid!, signal);
        await until("the build's processes ended", () => !alive(sleeper), 8_000);
        await until("the lock was released", () => !fs.existsSync(path.join(dir, LOCK)), 8_000);
      } finally {
        try {
          process.kill(-runner.pid!, "SIGKILL");
        } catch {
          // Already gone.
        }
      }
    });
  }

  it("a build never sees the STACKFILE_SECRET_ variables stackfile reads", () => {
    const { dir, buildCommand } = fakeNextApp("v1");
    const seen = path.join(dir, "..", "env.json");
    process.env.STACKFILE_SECRET_CACHE_PASSWORD = "Correct-Horse-Battery-1";
    try {
      buildNextApp(dir, { buildCommand: `node -e "require('fs').writeFileSync('../env.json', JSON.stringify(Object.keys(process.env)))" && ${buildCommand}`, say: () => undefined });
    } finally {
      delete process.env.STACKFILE_SECRET_CACHE_PASSWORD;
    }
    const names = JSON.parse(fs.readFileSync(seen, "utf8")) as string[];
    assert.ok(names.includes("PATH"), "the build got the environment");
    assert.deepStrictEqual(names.filter((n) => n.startsWith("STACKFILE_SECRET_")), []);
  });
});

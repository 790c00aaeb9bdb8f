// The machine's errors end in one line and no stack trace: a closed pipe ends
// quietly, a full disk or a read-only folder names the file and what to do,
// and no half-written temporary file is left behind.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { spawn, spawnSync } from "child_process";
import { systemErrorMessage } from "../../src/shared/process/system-error";
import { bundleFunction, BundleProblem } from "../../src/components/function/bundle";
import { userCacheRoot } from "../../src/shared/files/user-cache";
import { cli } from "./cli-helpers";

const BIN_MAIN = path.join(__dirname, "../fixtures/run-main.ts");

describe("errors of the machine", function () {
  this.timeout(60_000);

  it("a closed pipe (`| head -c1`) ends the output quietly, with the command's exit code", async () => {
    const child = spawn(process.execPath, ["--require", "tsx/cjs", BIN_MAIN, "schema"], { stdio: ["ignore", "pipe", "pipe"] });
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    // The reader is gone before the first write.
    child.stdout.destroy();
    const code = await new Promise<number | null>((r) => child.on("close", (c) => r(c)));
    assert.strictEqual(err, "", "nothing on stderr");
    assert.strictEqual(code, 0);
  });

  it("a full disk on standard output (>/dev/full) is one line and exit 1, never a stack trace", function () {
    if (!fs.existsSync("/dev/full")) this.skip();
    const full = fs.openSync("/dev/full", "w");
    try {
      const r = spawnSync(process.execPath, ["--require", "tsx/cjs", BIN_MAIN, "schema"], { stdio: ["ignore", full, "pipe"], encoding: "utf8", timeout: 30_000 });
      assert.strictEqual(r.status, 1, r.stderr);
      assert.strictEqual(r.stderr.trim().split("\n").length, 1, r.stderr);
      assert.match(r.stderr, /^stackfile: cannot write standard output: .*no space left on the device; free some space and run again \(ENOSPC\)/);
    } finally {
      fs.closeSync(full);
    }
  });

  it("ENOSPC, EROFS, EACCES and ELOOP name the file and say what to do", () => {
    const e = (code: string, syscall: string, p: string) => Object.assign(new Error(`${code}: x, ${syscall} '${p}'`), { code, syscall, path: p });
    assert.strictEqual(systemErrorMessage(e("ENOSPC", "write", "/w/fn.zip.1.tmp")), "cannot write /w/fn.zip.1.tmp: no space left on the device; free some space and run again (ENOSPC)");
    assert.match(systemErrorMessage(e("EROFS", "open", "/ro/x"))!, /^cannot open \/ro\/x: the file system is read-only; run where the project folder is writable \(EROFS\)$/);
    assert.match(systemErrorMessage(e("EACCES", "scandir", "/proc/1/fd"))!, /^cannot scandir \/proc\/1\/fd: permission denied/);
    assert.match(systemErrorMessage(e("ELOOP", "stat", "/app/.open-next/x"))!, /a loop of symbolic links; remove or fix the link \(ELOOP\)$/);
    assert.strictEqual(systemErrorMessage(new Error("boom")), undefined);
  });

  it("a machine error during a command (a full disk under init) is one line and exit 2, not 'internal error ... please report this'", async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "stackfile-full-")), "app");
    const nodeFs = require("fs") as { writeFileSync: (...a: unknown[]) => unknown };
    const real = nodeFs.writeFileSync;
    nodeFs.writeFileSync = (file: unknown, ...rest: unknown[]) => {
      if (typeof file === "string" && file.startsWith(dir)) throw Object.assign(new Error("ENOSPC: no space left on device, open"), { code: "ENOSPC", syscall: "open", path: file });
      return real.call(nodeFs, file, ...rest);
    };
    let r;
    try {
      r = await cli("init", dir);
    } finally {
      nodeFs.writeFileSync = real;
    }
    assert.strictEqual(r.code, 2);
    assert.ok(!/internal error|please report/.test(r.err), r.err);
    assert.match(r.err, /^stackfile init: cannot open .*app\/package\.json: no space left on the device; free some space and run again \(ENOSPC\)$/);
  });

  it("a bundle whose zip cannot be written (a full disk) leaves no .zip.<pid>.tmp behind", () => {
    const dir = fs.mkdtempSync(path.join(process.cwd(), ".tmp-bundle-"));
    try {
      fs.writeFileSync(path.join(dir, "fn.ts"), "export const handler = async () => 1;\n");
      const nodeFs = require("fs") as { writeFileSync: (...a: unknown[]) => unknown };
      const real = nodeFs.writeFileSync;
      nodeFs.writeFileSync = (file: unknown, ...rest: unknown[]) => {
        if (typeof file === "string" && file.endsWith(".tmp")) {
          real.call(nodeFs, file, "partial");
          throw Object.assign(new Error(`ENOSPC: no space left on device, write`), { code: "ENOSPC", syscall: "write", path: file });
        }
        return real.call(nodeFs, file, ...rest);
      };
      try {
        assert.throws(() => bundleFunction(path.join(dir, "fn.ts"), { runtime: "nodejs22.x", handlerFunction: "handler", say: () => undefined }), /ENOSPC/);
      } finally {
        nodeFs.writeFileSync = real;
      }
      const left = (d: string): string[] => fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? left(path.join(d, e.name)) : [e.name]));
      assert.deepStrictEqual(left(dir).filter((n) => n.endsWith(".tmp")), []);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("files outside the project", function () {
  this.timeout(60_000);

  it("a function whose entry is outside the project caches its bundle in the user's own cache folder, neither beside the entry nor in the shared temp folder", () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), "global-install-"));
    fs.writeFileSync(path.join(outside, "fn.ts"), "export const handler = async () => 1;\n");
    const b = bundleFunction(path.join(outside, "fn.ts"), { runtime: "nodejs22.x", handlerFunction: "handler", say: () => undefined });
    assert.ok(!fs.existsSync(path.join(outside, ".stackfile-cache")), "wrote a cache beside a file outside the project");
    assert.ok(!b.archivePath.startsWith(path.join(os.tmpdir(), "stackfile-cache")), `a predictable path in the shared temp folder: ${b.archivePath}`);
    assert.ok(b.archivePath.startsWith(userCacheRoot() + path.sep), b.archivePath);
  });

  it("an entry that leads into /proc (a symlink to /proc/self/environ) is refused, never bundled", function () {
    if (!fs.existsSync("/proc/self/environ")) this.skip();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "proc-entry-"));
    fs.symlinkSync("/proc/self/environ", path.join(dir, "fn.js"));
    assert.throws(() => bundleFunction(path.join(dir, "fn.js"), { runtime: "nodejs22.x", handlerFunction: "handler", say: () => undefined }),
      (err: Error) => err instanceof BundleProblem && /leads to \/proc, which holds no source file/.test(err.message) && !/PATH=/.test(err.message));
  });
});

// A real redis-server (Debian's package) on loopback with TLS and a password,
// its certificate signed by a throwaway CA, for the connectTo check.
import { execFileSync, spawn, type ChildProcess } from "child_process";
import * as fs from "fs";
import * as net from "net";
import * as os from "os";
import * as path from "path";
import * as tls from "tls";

export interface LocalRedis {
  port: number;
  password: string;
  caFile: string;
  stop(): Promise<void>;
}

export function hasRedisServer(): boolean {
  try {
    execFileSync("redis-server", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export async function startTlsRedis(password: string): Promise<LocalRedis> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "redis-tls-"));
  const f = (n: string) => path.join(dir, n);
  const ssl = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "ignore" });
  ssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.crt", "-days", "1", "-subj", "/CN=stackfile test CA");
  ssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1");
  fs.writeFileSync(f("san.ext"), "subjectAltName=IP:127.0.0.1\n");
  ssl("x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial", "-out", "server.crt", "-days", "1", "-extfile", "san.ext");
  const port = await freePort();
  const proc: ChildProcess = spawn("redis-server", [
    "--port", "0", "--tls-port", String(port), "--bind", "127.0.0.1",
    "--tls-cert-file", f("server.crt"), "--tls-key-file", f("server.key"), "--tls-ca-cert-file", f("ca.crt"),
    "--tls-auth-clients", "no", "--requirepass", password, "--save", "", "--appendonly", "no", "--dir", dir,
  ], { stdio: "ignore" });
  // Ready when a TLS handshake succeeds.
  for (let i = 0; ; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = tls.connect({ host: "127.0.0.1", port, ca: fs.readFileSync(f("ca.crt")) }, () => { s.end(); resolve(true); });
      s.on("error", () => resolve(false));
    });
    if (ok) break;
    if (i > 50) throw new Error("redis-server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    password,
    caFile: f("ca.crt"),
    async stop() {
      proc.kill();
      await new Promise((r) => proc.once("exit", r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

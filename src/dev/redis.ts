// A redis-cluster, locally: Debian's redis-server on 127.0.0.1 with TLS only
// (the session certificate, tls.ts), the cluster's defaultUserPassword as the
// default user's password (ElastiCache's AUTH token), its data folder under
// .stackfile-cache/dev/redis/<name>/ and nothing saved (its settings, password
// included, reach it on standard input: no file holds them). With enableSharding
// it runs in cluster mode (one node holding every slot, announcing
// 127.0.0.1), so cluster clients work as against a configuration endpoint.
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as path from "path";
import * as tls from "tls";
import { startChild, type Child, type LogLine } from "./children";
import { MissingToolError, type SessionTls } from "./tls";

export interface RedisSpec {
  name: string;
  port: number;
  password: string;
  sharded: boolean;
}

export function checkRedisServer(): void {
  try {
    execFileSync("redis-server", ["--version"], { stdio: "ignore" });
  } catch {
    throw new MissingToolError("redis-server is not installed (a redis-cluster runs locally on it); install it: apt-get install redis-server (Debian, Ubuntu), brew install redis (macOS)");
  }
}

/** The first whole RESP reply in `text` (simple, error, integer or bulk), and the rest; undefined until it is whole. */
function firstReply(text: Buffer): { reply: string; rest: Buffer } | undefined {
  const eol = text.indexOf("\r\n");
  if (eol < 0) return undefined;
  const head = text.subarray(0, eol).toString("utf8");
  if (head[0] !== "$") return { reply: head, rest: text.subarray(eol + 2) };
  const n = Number(head.slice(1));
  if (n < 0) return { reply: "", rest: text.subarray(eol + 2) };
  if (text.length < eol + 2 + n + 2) return undefined;
  return { reply: text.subarray(eol + 2, eol + 2 + n).toString("utf8"), rest: text.subarray(eol + 2 + n + 2) };
}

/** One command over a fresh TLS connection after AUTH: its reply (`+OK`, `-ERR ...`, a bulk string's text). */
export function redisCommand(port: number, caFile: string, password: string, args: string[]): Promise<string> {
  const encode = (parts: string[]) => `*${parts.length}\r\n` + parts.map((p) => `$${Buffer.byteLength(p)}\r\n${p}\r\n`).join("");
  return new Promise((resolve, reject) => {
    const s = tls.connect({ host: "127.0.0.1", port, ca: fs.readFileSync(caFile) }, () => s.write(encode(["AUTH", password]) + encode(args)));
    let buf = Buffer.alloc(0);
    s.on("data", (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      const auth = firstReply(buf);
      if (!auth) return;
      if (!auth.reply.startsWith("+OK")) {
        s.destroy();
        reject(new Error(`AUTH: ${auth.reply}`));
        return;
      }
      const second = firstReply(auth.rest);
      if (!second) return;
      s.end();
      resolve(second.reply);
    });
    s.on("error", reject);
    s.setTimeout(2000, () => {
      s.destroy();
      reject(new Error("no answer"));
    });
  });
}

export async function startRedis(spec: RedisSpec, tlsFiles: SessionTls, cacheDir: string, log: LogLine): Promise<Child> {
  const dir = path.join(cacheDir, "redis", spec.name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  // The settings (the password among them) through standard input (`redis-server -` reads its
  // configuration there: redis.io/docs/latest/operate/oss_and_stack/management/config/), never on
  // the command line (ps shows it) nor in a file (left behind after dev).
  const lines = [
    "port 0", `tls-port ${spec.port}`, "bind 127.0.0.1", `dir ${JSON.stringify(dir)}`,
    `tls-cert-file ${JSON.stringify(tlsFiles.certFile)}`, `tls-key-file ${JSON.stringify(tlsFiles.keyFile)}`, `tls-ca-cert-file ${JSON.stringify(tlsFiles.caFile)}`,
    "tls-auth-clients no", `requirepass ${JSON.stringify(spec.password)}`, 'save ""', "appendonly no", "daemonize no",
  ];
  if (spec.sharded) lines.push("cluster-enabled yes", "cluster-config-file nodes.conf", "cluster-node-timeout 500", "tls-cluster yes", "tls-replication yes", "cluster-announce-ip 127.0.0.1", `masterauth ${JSON.stringify(spec.password)}`);
  const child = startChild("redis-server", ["-"], { cwd: dir, log, stdio: ["pipe", "pipe", "pipe"] });
  child.process.stdin!.on("error", () => undefined); // a server that failed to start: its exit says why
  child.process.stdin!.end(lines.join("\n") + "\n");
  for (let i = 0; ; i++) {
    try {
      await redisCommand(spec.port, tlsFiles.caFile, spec.password, ["PING"]);
      break;
    } catch (err) {
      if (i > 100) {
        await child.stop();
        throw new Error(`redis-server did not answer on port ${spec.port}: ${(err as Error).message}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  if (spec.sharded) {
    await redisCommand(spec.port, tlsFiles.caFile, spec.password, ["CLUSTER", "ADDSLOTSRANGE", "0", "16383"]);
    for (let i = 0; i < 100; i++) {
      const info = await redisCommand(spec.port, tlsFiles.caFile, spec.password, ["CLUSTER", "INFO"]).catch(() => "");
      if (info.includes("cluster_state:ok")) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return child;
}

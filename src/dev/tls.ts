// The session's certificates: a certificate authority made for this session
// and a server certificate for 127.0.0.1 and localhost signed by it, written
// under .stackfile-cache/dev/tls/. Local redis-servers serve it; local
// workloads trust it through NODE_EXTRA_CA_CERTS (as they trust ElastiCache's
// certificate in AWS), so TLS is checked as it is in AWS, not switched off.
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as path from "path";

import type { SessionTls } from "../shared/component/local-runner";

export type { SessionTls };

export class MissingToolError extends Error {}

export function makeSessionTls(cacheDir: string): SessionTls {
  const dir = path.join(cacheDir, "tls");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const ssl = (...args: string[]) => {
    try {
      execFileSync("openssl", args, { cwd: dir, stdio: "ignore" });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") throw new MissingToolError("openssl is not installed (it makes the session's TLS certificate); install it: apt-get install openssl");
      throw new Error(`openssl ${args[0]} failed`);
    }
  };
  ssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", "ca.key", "-out", "ca.crt", "-days", "2", "-subj", "/CN=stackfile dev session CA");
  ssl("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1");
  fs.writeFileSync(path.join(dir, "san.ext"), "subjectAltName=IP:127.0.0.1,DNS:localhost\n");
  ssl("x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial", "-out", "server.crt", "-days", "2", "-extfile", "san.ext");
  // The CA's key is of no more use: nothing else can be signed with it.
  fs.rmSync(path.join(dir, "ca.key"), { force: true });
  return { caFile: path.join(dir, "ca.crt"), certFile: path.join(dir, "server.crt"), keyFile: path.join(dir, "server.key") };
}

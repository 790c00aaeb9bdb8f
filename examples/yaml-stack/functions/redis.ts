// A PING over TLS to a redis cluster this function is connected to: host and
// port from the STP_ variables stackfile injects, the password from an
// environment variable fed by $Secret (stackfile never puts it in STP_ vars).
import { connect } from "node:tls";
import { isIP } from "node:net";

export async function pingRedis(host: string, port: number, password: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const arg = (s: string) => `$${Buffer.byteLength(s)}\r\n${s}\r\n`;
    const socket = connect({ host, port, servername: isIP(host) ? undefined : host }, () => {
      socket.write(`*3\r\n${arg("AUTH")}${arg("default")}${arg(password)}*1\r\n${arg("PING")}`);
    });
    let received = "";
    socket.setTimeout(5000, () => socket.destroy(new Error("timed out")));
    socket.on("data", (chunk) => {
      received += chunk.toString("utf8");
      const replies = received.split("\r\n").filter(Boolean);
      if (replies.length < 2) return;
      socket.end();
      if (replies[0] !== "+OK") reject(new Error(`AUTH failed: ${replies[0]}`));
      else resolve(replies[1].replace(/^\+/, ""));
    });
    socket.on("error", reject);
  });
}

// An address where a TCP connect hangs, as it does from a VPC without a route
// to a service: a listener whose accept queue is full (its one slot taken and
// never accepted), so the kernel drops further SYNs. Python's socket API can
// hold a listener without accepting; Node's accepts by itself.
import { spawn, type ChildProcess } from "child_process";

export interface Blackhole {
  endpoint: string;
  stop(): void;
}

const SCRIPT = `
import socket, sys, time
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(0)
port = s.getsockname()[1]
filler = socket.socket()
filler.setblocking(False)
try:
    filler.connect(("127.0.0.1", port))
except BlockingIOError:
    pass
time.sleep(0.2)
print(port, flush=True)
sys.stdin.read()
`;

export function startBlackhole(): Promise<Blackhole> {
  const child: ChildProcess = spawn("python3", ["-c", SCRIPT], { stdio: ["pipe", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.stdout!.once("data", (d: Buffer) => {
      const port = Number(d.toString().trim());
      resolve({ endpoint: `http://127.0.0.1:${port}`, stop: () => child.kill() });
    });
  });
}

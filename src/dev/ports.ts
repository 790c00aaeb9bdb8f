// Ports: the one asked for when it is free, else the next free one above it.
import * as net from "net";

export function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once("error", () => resolve(false));
    s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });
}

/** `wanted` if free, else the next free port above it (skipping `taken`). */
export async function freePortFrom(wanted: number, taken: Set<number>): Promise<number> {
  for (let p = wanted; p < 65536; p++) {
    if (!taken.has(p) && (await portFree(p))) {
      taken.add(p);
      return p;
    }
  }
  throw new Error(`no free port from ${wanted} up`);
}

// The processes a test started, found through the process table: what a
// test stops or checks is every process below the one it spawned,
// whatever process group each is in.
import { execFileSync } from "child_process";

/** Every process below `pid` (children, theirs, ...), deepest last. */
export function descendants(pid: number): number[] {
  const table = execFileSync("ps", ["-e", "-o", "pid=,ppid="], { encoding: "utf8" }).trim().split("\n").map((l) => l.trim().split(/\s+/).map(Number));
  const out: number[] = [];
  const walk = (p: number) => {
    for (const [c, pp] of table) if (pp === p) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

// `plan` holds every registration of the stack in memory. Past what node's
// heap can hold it stops with a message at the resource it reached, rather
// than dying with "JavaScript heap out of memory" and a native stack trace.
import { getHeapSpaceStatistics, getHeapStatistics } from "v8";

/** The share of the old generation's limit past which `plan` stops (what is left is for printing and exiting cleanly). */
export const HEAP_SHARE = 0.8;

const MB = 1024 * 1024;
const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/** The young generation's most: three semi-spaces, of 16 MB each unless node was told otherwise. */
function youngGeneration(): number {
  const flags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)];
  const semi = flags.map((a) => /^--max-semi-space-size=(\d+)$/.exec(a)).find((m) => m !== null);
  return 3 * (semi ? Number(semi[1]) : 16) * MB;
}

/** What long-lived objects may fill: node's heap limit (`--max-old-space-size`) less the young generation. */
export function oldGenerationLimit(): number {
  return getHeapStatistics().heap_size_limit - youngGeneration();
}

/** The old generation in use: the heap less its young objects. */
function oldGenerationUsed(): number {
  const young = getHeapSpaceStatistics().filter((s) => s.space_name === "new_space" || s.space_name === "new_large_object_space");
  return getHeapStatistics().used_heap_size - young.reduce((n, s) => n + s.space_used_size, 0);
}

/**
 * A check to run after each resource is made: throws when the old
 * generation in use is past `HEAP_SHARE` of `limit` (node's own unless given).
 */
export function heapGuard(total: number, limit = oldGenerationLimit()): (resource: string, made: number) => void {
  return (resource, made) => {
    const used = oldGenerationUsed();
    if (used <= HEAP_SHARE * limit) return;
    throw new Error(
      `plan stopped after making '${resource}' (${made} of ${total} resources): it holds ${mb(used)} of the ${mb(limit)} node may use; ` +
      "split the stack into smaller ones, or give node more memory (NODE_OPTIONS=--max-old-space-size=MB)",
    );
  };
}

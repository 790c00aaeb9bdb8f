// Dependency order between resources; a cycle is reported with its whole path.

export interface GraphResult {
  /** Names, every resource after the ones it references. */
  order: string[];
  /** Each cycle as the list of names along it, first name repeated at the end. */
  cycles: string[][];
}

/** `edges[a]` lists the resources `a` references. Order follows `names` where free. */
export function dependencyOrder(names: string[], edges: Record<string, string[]>): GraphResult {
  const order: string[] = [];
  const cycles: string[][] = [];
  const state = new Map<string, "visiting" | "done">();
  const stack: string[] = [];
  const seenCycles = new Set<string>();
  const known = new Set(names);

  const visit = (n: string): void => {
    const s = state.get(n);
    if (s === "done") return;
    if (s === "visiting") {
      const cycle = [...stack.slice(stack.indexOf(n)), n];
      const key = [...cycle.slice(0, -1)].sort().join(",");
      if (!seenCycles.has(key)) {
        seenCycles.add(key);
        cycles.push(cycle);
      }
      return;
    }
    state.set(n, "visiting");
    stack.push(n);
    for (const dep of [...new Set(edges[n] ?? [])]) if (known.has(dep)) visit(dep);
    stack.pop();
    state.set(n, "done");
    order.push(n);
  };
  for (const n of names) visit(n);
  return { order, cycles };
}

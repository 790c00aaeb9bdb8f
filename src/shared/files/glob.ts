// Glob patterns (`**`, `*`, `?`, `{a,b}`) over `/`-separated paths, matched
// by simulating an automaton: the work is (pattern length) x (path length)
// whatever the pattern, where a regular expression with nested `(?:.*\/)?`
// groups backtracks exponentially (`**/**/**/.../x` on a deep path).

/** One step of the automaton: reads a character that passes `test`, or nothing (`test` undefined). */
interface Edge {
  test?: (c: string) => boolean;
  to: number;
}

const ANY = () => true;
const NOT_SLASH = (c: string) => c !== "/";
const SLASH = (c: string) => c === "/";

class Automaton {
  readonly edges: Edge[][] = [[]];
  state(): number {
    this.edges.push([]);
    return this.edges.length - 1;
  }
  edge(from: number, to: number, test?: (c: string) => boolean): void {
    this.edges[from].push({ test, to });
  }
}

/** Adds `glob` (no braces inside) from state `from`; returns the state it ends in. */
function addSequence(a: Automaton, from: number, glob: string): number {
  let at = from;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    const next = a.state();
    if (c === "*" && glob[i + 1] === "*") {
      let j = i + 2;
      if (glob[j] === "/") {
        // `**/`: nothing, or any characters ending in `/` (zero or more folders).
        a.edge(at, next);
        const inner = a.state();
        a.edge(at, inner);
        a.edge(inner, inner, ANY);
        a.edge(inner, next, SLASH);
        j++;
      } else {
        a.edge(at, next);
        a.edge(next, next, ANY);
      }
      i = j - 1;
    } else if (c === "*") {
      a.edge(at, next);
      a.edge(next, next, NOT_SLASH);
    } else if (c === "?") {
      a.edge(at, next, NOT_SLASH);
    } else if (c === "{" && glob.indexOf("}", i) > i) {
      const end = glob.indexOf("}", i);
      for (const alt of glob.slice(i + 1, end).split(",")) a.edge(addSequence(a, at, alt), next);
      i = end;
    } else {
      a.edge(at, next, (x) => x === c);
    }
    at = next;
  }
  return at;
}

/** The states reachable from `states` without reading a character. */
function closure(a: Automaton, states: Set<number>): Set<number> {
  const stack = [...states];
  while (stack.length) {
    const s = stack.pop()!;
    for (const e of a.edges[s]) {
      if (e.test === undefined && !states.has(e.to)) {
        states.add(e.to);
        stack.push(e.to);
      }
    }
  }
  return states;
}

/** A matcher of whole paths against `glob`; linear in the path for a given pattern. */
export function globMatcher(glob: string): (path: string) => boolean {
  const a = new Automaton();
  const accept = addSequence(a, 0, glob);
  const start = closure(a, new Set([0]));
  return (text) => {
    let current = start;
    for (const c of text) {
      const next = new Set<number>();
      for (const s of current) for (const e of a.edges[s]) if (e.test?.(c)) next.add(e.to);
      if (next.size === 0) return false;
      current = closure(a, next);
    }
    return current.has(accept);
  };
}

// Where each node of a document is, recorded while js-yaml reads it (its
// `listener` hears every node open and close), so that placing a problem or a
// warning needs no second parse: the positioned parser (`yaml`) costs about
// seven times the read itself, more than every check of a 200-resource file.
// Positions are those the positioned parser gives (a test compares them on
// every node of the example and fixture files); whatever this index cannot
// place for sure (explicit `?` keys, a count that does not match what was
// read), it declines, and the caller asks the positioned parser.
import type { Position } from "./position";

/** One node as js-yaml composed it. */
interface Frame {
  /** Offset where js-yaml started reading it (before the space and properties in front of it). */
  open: number;
  /** js-yaml's kind once read: `mapping`, `sequence`, `scalar`, or null when the node is empty. */
  kind: string | null;
  result: unknown;
  end: number;
  children: Frame[];
  /** A mapping's pairs by key, made on first lookup. */
  pairs?: Map<string, { key: Frame; value?: Frame }> | null;
}

/** The listener state js-yaml passes (the fields read here). */
interface ListenerState {
  position: number;
  kind: string | null;
  result: unknown;
}

export interface PositionIndex {
  /** js-yaml's `listener` option. */
  listener(event: "open" | "close", state: ListenerState): void;
  /** Line:col as `locate` of the positioned parser gives it, or undefined when this index cannot say. */
  positionOf(path: readonly (string | number)[], key: boolean): Position | undefined;
}

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

export function positionIndex(text: string): PositionIndex {
  const stack: Frame[] = [{ open: 0, kind: null, result: undefined, end: 0, children: [] }];
  let lineStarts: number[] | undefined;

  /** The offset where a node's content starts: past space, comments, and its tag and anchor. */
  const contentStart = (f: Frame): number => {
    let i = f.open;
    // An empty value is where its line goes on after the space (a comment, or the line's end).
    if (f.kind === null) {
      while (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x09) i++;
      return i;
    }
    for (;;) {
      const c = text.charCodeAt(i);
      if (isSpace(c)) i++;
      else if (c === 0x23 /* # */) while (i < text.length && text.charCodeAt(i) !== 0x0a) i++;
      else if (c === 0x21 /* ! */ || c === 0x26 /* & */) while (i < text.length && !isSpace(text.charCodeAt(i))) i++;
      else return i;
    }
  };

  const position = (offset: number): Position => {
    if (!lineStarts) {
      lineStarts = [0];
      for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) lineStarts.push(i + 1);
    }
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: offset - lineStarts[lo] + 1 };
  };

  /** A scalar read while js-yaml looked for a mapping holds the same node once more: the inner one. */
  const unwrap = (f: Frame): Frame => (f.kind === "scalar" && f.children.length === 1 ? unwrap(f.children[0]) : f);

  /** A mapping's pairs, or null when they do not match what was read (then the positioned parser decides). */
  const pairsOf = (f: Frame): Map<string, { key: Frame; value?: Frame }> | null => {
    if (f.pairs !== undefined) return f.pairs;
    const pairs = new Map<string, { key: Frame; value?: Frame }>();
    const kids = f.children;
    for (let i = 0; i < kids.length; ) {
      const key = kids[i++];
      let at = key.end;
      while (text.charCodeAt(at) === 0x20 || text.charCodeAt(at) === 0x09) at++;
      const value = text.charCodeAt(at) === 0x3a /* : */ && i < kids.length ? kids[i++] : undefined;
      const name = String(key.result);
      if (key.kind !== "scalar" || text.charCodeAt(contentStart(key)) === 0x3f /* ? */ || pairs.has(name)) return (f.pairs = null);
      pairs.set(name, { key, value });
    }
    const result = f.result as Record<string, unknown> | null;
    f.pairs = result !== null && typeof result === "object" && Object.keys(result).length === pairs.size ? pairs : null;
    return f.pairs;
  };

  return {
    listener(event, state) {
      if (event === "open") {
        stack.push({ open: state.position, kind: null, result: undefined, end: state.position, children: [] });
        return;
      }
      const f = stack.pop()!;
      f.kind = state.kind;
      f.result = state.result;
      f.end = state.position;
      stack[stack.length - 1].children.push(f);
    },
    positionOf(path, key) {
      const top = stack[0].children;
      if (stack.length !== 1 || top.length !== 1) return undefined;
      let node: Frame | undefined = unwrap(top[0]);
      if (node.kind === null) return { line: 1, col: 1 };
      let keyFrame: Frame | undefined;
      let at = position(contentStart(node));
      for (const seg of path) {
        let next: Frame | undefined;
        keyFrame = undefined;
        if (node.kind === "mapping") {
          const pairs = pairsOf(node);
          if (!pairs) return undefined;
          const pair = pairs.get(String(seg));
          if (pair) {
            keyFrame = pair.key;
            next = pair.value;
          }
        } else if (node.kind === "sequence" && typeof seg === "number") {
          if (node.children.length !== (node.result as unknown[]).length) return undefined;
          next = node.children[seg];
        }
        if (!next) return keyFrame ? position(contentStart(keyFrame)) : at;
        node = unwrap(next);
        at = position(contentStart(node));
      }
      if (key && keyFrame) return position(contentStart(keyFrame));
      return at;
    },
  };
}

// Where each node of a document is, recorded while js-yaml reads it (its
// `listener` hears every node open and close), so that placing a problem or a
// warning needs no second parse: the positioned parser (`yaml`) costs about
// seven times the read itself, more than every check of a 200-resource file,
// and for a 2 MiB file hundreds of megabytes.
// Positions are those the positioned parser gives (a test compares them on
// every node of the example and fixture files and of awkward documents:
// anchors, aliases and merge keys `<<`, explicit `?` keys); whatever this
// index cannot place for sure (a complex key, a count that does not match what
// was read), it declines, and the caller asks the positioned parser.
import type { Position } from "./position";

/** One node as js-yaml composed it. */
interface Frame {
  /** Offset where js-yaml started reading it (before the space and properties in front of it). */
  open: number;
  /** js-yaml's kind once read: `mapping`, `sequence`, `scalar`, `alias` (set here), or null when the node is empty. */
  kind: string | null;
  /** An alias's anchored node (undefined when the name was not heard). */
  target?: Frame;
  result: unknown;
  end: number;
  /** Shared and empty (NO_CHILDREN) until a first child closes: most nodes are scalars. */
  children: Frame[];
  /** A mapping's pairs by key and the maps merged into it (`<<`), made on first lookup. */
  pairs?: Pairs | null;
}

interface Pair {
  key: Frame;
  value?: Frame;
}

interface Pairs {
  own: Map<string, Pair>;
  /** Maps merged in (`<<: *a` or `<<: [*a, *b]`), first match first, as YAML 1.1 says. */
  merged: Frame[];
}

/** The listener state js-yaml passes (the fields read here). */
interface ListenerState {
  position: number;
  kind: string | null;
  result: unknown;
  /** The anchor (`&name`) of the node that closes. */
  anchor?: string | null;
}

export interface PositionIndex {
  /** js-yaml's `listener` option. */
  listener(event: "open" | "close", state: ListenerState): void;
  /** Line:col as `locate` of the positioned parser gives it, or undefined when this index cannot say. */
  positionOf(path: readonly (string | number)[], key: boolean): Position | undefined;
}

const NO_CHILDREN: readonly Frame[] = Object.freeze([]);

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
/** Ends an alias's name: space or a flow indicator, as js-yaml reads it. */
const endsName = (c: number) => isSpace(c) || c === 0x2c || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d || Number.isNaN(c);

export function positionIndex(text: string): PositionIndex {
  const stack: Frame[] = [{ open: 0, kind: null, result: undefined, end: 0, children: [] }];
  let lineStarts: number[] | undefined;
  /** The node each anchor names, the latest one first: an alias names the anchor written last before it. */
  const anchors = new Map<string, Frame>();

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

  /** What a node stands for: an alias's anchored node, or undefined when that is not known. */
  const resolve = (f: Frame): Frame | undefined => (f.kind === "alias" ? (f.target ? unwrap(f.target) : undefined) : f);

  /** Offset just past the space and comments from `i` on. */
  const skipSpace = (i: number): number => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (isSpace(c)) i++;
      else if (c === 0x23 /* # */ && (i === 0 || isSpace(text.charCodeAt(i - 1)))) while (i < text.length && text.charCodeAt(i) !== 0x0a) i++;
      else return i;
    }
  };

  /** A mapping's pairs, or null when they do not match what was read (then the positioned parser decides). */
  const pairsOf = (f: Frame): Pairs | null => {
    if (f.pairs !== undefined) return f.pairs;
    const own = new Map<string, Pair>();
    const merged: Frame[] = [];
    const keys = new Set<string>();
    const kids = f.children;
    f.pairs = null;
    for (let i = 0; i < kids.length; ) {
      const key = kids[i++];
      let at = key.end;
      while (text.charCodeAt(at) === 0x20 || text.charCodeAt(at) === 0x09) at++;
      // An explicit key (`? key`) has its `:` on a line of its own.
      if (text.charCodeAt(at) !== 0x3a) at = skipSpace(at);
      const value = text.charCodeAt(at) === 0x3a /* : */ && (at + 1 >= text.length || endsName(text.charCodeAt(at + 1))) && i < kids.length ? kids[i++] : undefined;
      if (key.kind !== "scalar" || text.charCodeAt(contentStart(key)) === 0x3f /* ? */) return null;
      const name = String(key.result);
      if (name === "<<") {
        // A merge key only when written plain, as the positioned parser reads it.
        if (text.charCodeAt(contentStart(key)) !== 0x3c || !value) return null;
        const v = resolve(unwrap(value));
        const sources = v?.kind === "sequence" ? v.children.map((c) => resolve(unwrap(c))) : [v];
        for (const src of sources) {
          if (src?.kind !== "mapping" || src === f || src.result === null || typeof src.result !== "object") return null;
          merged.push(src);
          for (const k of Object.keys(src.result)) keys.add(k);
        }
        continue;
      }
      if (own.has(name)) return null;
      own.set(name, { key, value });
      keys.add(name);
    }
    const result = f.result as Record<string, unknown> | null;
    if (result === null || typeof result !== "object" || Object.keys(result).length !== keys.size) return null;
    return (f.pairs = { own, merged });
  };

  /** The pair for `key`: the map's own, else the first merged map's; null when this index cannot say. */
  const lookup = (f: Frame, key: string, depth = 0): Pair | undefined | null => {
    const pairs = pairsOf(f);
    if (!pairs) return null;
    const own = pairs.own.get(key);
    if (own || depth > 20) return own;
    for (const src of pairs.merged) {
      const found = lookup(src, key, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  };

  return {
    listener(event, state) {
      if (event === "open") {
        stack.push({ open: state.position, kind: null, result: undefined, end: state.position, children: NO_CHILDREN as Frame[] });
        return;
      }
      const f = stack.pop()!;
      f.kind = state.kind;
      f.result = state.result;
      f.end = state.position;
      if (f.kind === null && f.result !== null && f.result !== undefined) {
        // An alias (`*name`): js-yaml gives it its anchor's value and no kind.
        const at = skipSpace(f.open);
        if (text.charCodeAt(at) === 0x2a /* * */ && at < f.end) {
          let stop = at + 1;
          while (stop < f.end && !endsName(text.charCodeAt(stop))) stop++;
          f.kind = "alias";
          f.target = anchors.get(text.slice(at + 1, stop));
        }
      }
      if (state.anchor) anchors.set(state.anchor, f);
      const parent = stack[stack.length - 1];
      if (parent.children === NO_CHILDREN) parent.children = [f];
      else parent.children.push(f);
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
        // A value merged or repeated by an alias is placed at its anchored source, as the positioned parser does.
        if (node.kind === "alias") {
          const target = resolve(node);
          if (!target) return undefined;
          node = target;
        }
        if (node.kind === "mapping") {
          const pair = lookup(node, String(seg));
          if (pair === null) return undefined;
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

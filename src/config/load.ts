// Text -> document whose every node knows its line and column.
// Two parsers: js-yaml reads the value (fast: most files have no problem),
// and `yaml` builds the positioned document only when a problem needs a
// position or the text does not parse.
import * as jsYaml from "js-yaml";
import { load as fastLoad, CORE_SCHEMA, YAMLException, type LoadOptions, type Type } from "js-yaml";
import type * as Yaml from "yaml";
import type { Document, Node, Pair, YAMLMap } from "yaml";
import { yamlParser } from "../shared/process/lazy";
import type { Problem } from "../shared/messages/problem";
import { keyWords } from "../shared/messages/user-text";
import { positionIndex, type PositionIndex } from "./positions";
import { explainSyntaxProblems, parserWords } from "./yaml-messages";
import type { Position, PositionedProblem } from "./position";
export type { Position, PositionedProblem } from "./position";

export interface LoadedFile {
  file: string;
  /** The document as plain data (maps, lists, scalars). */
  value: unknown;
  /** YAML syntax problems, already positioned. */
  syntaxProblems: PositionedProblem[];
  /** Line:col of the value at `path` (of its key with `key`), or of its deepest existing parent. */
  positionOf(path: readonly (string | number)[], key?: boolean): Position;
}

interface Positioned {
  doc: Document;
  pos(offset: number): Position;
}

// The positioned parser's functions, loading it on first use (shared/process/lazy.ts says why).
const isAlias = ((n: unknown) => yamlParser().isAlias(n)) as typeof Yaml.isAlias;
const isMap = ((n: unknown) => yamlParser().isMap(n)) as typeof Yaml.isMap;
const isScalar = ((n: unknown) => yamlParser().isScalar(n)) as typeof Yaml.isScalar;
const isSeq = ((n: unknown) => yamlParser().isSeq(n)) as typeof Yaml.isSeq;

function parsePositioned(text: string): Positioned {
  const { LineCounter, parseDocument } = yamlParser();
  const lineCounter = new LineCounter();
  // Duplicate keys are found by `duplicateKeys`, in one pass: the parser's own check compares every pair of keys.
  // YAML 1.1 merge keys (`<<: *defaults`) share settings between resources.
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false, merge: true });
  return {
    doc,
    pos(offset) {
      const p = lineCounter.linePos(offset);
      return { line: p.line, col: p.col };
    },
  };
}

/** Aliases (`*name`) can expand exponentially: only `yaml`, which limits them, reads those (and merge keys, `<<`). */
const ALIAS = /(^|[\s,[{:-])\*[^\s,\]}]|<</m;

/**
 * The core schema with YAML 1.1 merge keys (`<<: *defaults`), as the positioned parser reads them.
 * @internal Not in the published types (tsconfig.build.json's stripInternal): its type is js-yaml's,
 * whose declarations are a devDependency, so a user's program could not compile against it.
 */
export const MERGE_SCHEMA = CORE_SCHEMA.extend({ implicit: [(jsYaml as unknown as { types: { merge: Type } }).types.merge] });

/**
 * Nodes of `value` once every shared object (an alias) is counted where it is
 * used, without expanding anything (each object sized once); Infinity for an
 * alias inside its own anchor (a cycle).
 */
function expandedSize(value: unknown): number {
  const sizes = new Map<object, number>();
  const busy = new Set<object>();
  const size = (v: unknown): number => {
    if (typeof v !== "object" || v === null) return 1;
    const known = sizes.get(v);
    if (known !== undefined) return known;
    if (busy.has(v)) return Infinity;
    busy.add(v);
    let n = 1;
    for (const x of Array.isArray(v) ? v : Object.values(v)) {
      n += 1 + size(x);
      if (n > MAX_EXPANDED_NODES) break;
    }
    busy.delete(v);
    sizes.set(v, n);
    return n;
  };
  return size(value);
}

export function loadText(file: string, text: string): LoadedFile {
  let positioned: Positioned | undefined;
  const positionedDoc = (): Positioned => (positioned ??= parsePositioned(text));
  const syntaxProblems: PositionedProblem[] = [];
  const indexes = new WeakMap<YAMLMap, MapIndex>();
  let value: unknown = null;
  let fastError: YAMLException | undefined;
  // Positions heard while js-yaml reads: most files then never need the positioned parser.
  let fastPositions: PositionIndex | undefined;
  if (!ALIAS.test(text)) {
    try {
      fastPositions = positionIndex(text);
      value = fastLoad(text, { schema: CORE_SCHEMA, filename: file, listener: fastPositions.listener as LoadOptions["listener"] }) ?? null;
    } catch (err) {
      if (!(err instanceof YAMLException)) throw err;
      fastError = err;
      // Its nodes are of no use now: free them before the positioned parser reads the file.
      fastPositions = undefined;
    }
  }
  const aliasCount = countAliases(text);
  if (aliasCount.count > MAX_ALIASES) {
    // Refused before any parser reads them: the library's alias lookup is quadratic in their number.
    syntaxProblems.push({ file, ...aliasCount.at!, message: `invalid YAML: the file uses ${aliasCount.count} aliases (*name); a stack file may use at most ${MAX_ALIASES}: write the values out, or share fewer of them` });
    return { file, value: null, syntaxProblems, positionOf: () => ({ line: 1, col: 1 }) };
  }
  let aliased = ALIAS.test(text);
  let aliasError: YAMLException | undefined;
  if (aliased) {
    // js-yaml resolves an alias in constant time (a shared object); the positioned parser is kept for files with problems.
    try {
      fastPositions = positionIndex(text);
      const shared = fastLoad(text, { schema: MERGE_SCHEMA, filename: file, listener: fastPositions.listener as LoadOptions["listener"] }) ?? null;
      const size = expandedSize(shared);
      if (size > MAX_EXPANDED_NODES) {
        const why = size === Infinity ? "an alias (*name) is used inside its own anchor, so its value never ends" : `its aliases (*name) expand to more than ${MAX_EXPANDED_NODES} values; a stack file may expand to at most that: repeat fewer aliases of large values`;
        syntaxProblems.push({ file, line: 1, col: 1, message: `invalid YAML: ${why}` });
        return { file, value: null, syntaxProblems, positionOf: () => ({ line: 1, col: 1 }) };
      }
      value = shared;
      aliased = false;
    } catch (err) {
      if (!(err instanceof YAMLException)) throw err;
      fastPositions = undefined;
      aliasError = err;
      // Duplicate keys, a merge of a non-map, a syntax error: the positioned parser says where.
    }
  }
  const refused = fastError ?? aliasError;
  if (refused && isTooDeep(refused)) {
    // The positioned parser recurses once a level: thousands of levels overflow its stack (after seconds).
    const mark = refused.mark;
    syntaxProblems.push({ file, line: (mark?.line ?? 0) + 1, col: (mark?.column ?? 0) + 1, message: `invalid YAML: ${TOO_DEEP}` });
    return { file, value: null, syntaxProblems, positionOf: () => ({ line: 1, col: 1 }) };
  }
  if (refused && text.length > MAX_POSITIONED_PARSE_CHARS) {
    // Too large for the positioned parser's bounds (it holds the whole file's tree: about 100 bytes a character):
    // js-yaml's own reason, at its mark.
    const mark = refused.mark;
    syntaxProblems.push({ file, line: (mark?.line ?? 0) + 1, col: (mark?.column ?? 0) + 1, message: `invalid YAML: ${parserWords(refused.reason)}` });
    return { file, value: null, syntaxProblems: explainSyntaxProblems(file, text, syntaxProblems), positionOf: () => ({ line: 1, col: 1 }) };
  }
  if (fastError || aliased) {
    const { doc, pos } = positionedDoc();
    for (const e of doc.errors) {
      const at = e.linePos?.[0] ?? pos(e.pos[0]);
      if (STACK_OVERFLOW.test(e.message)) {
        // Its stack ran out on a nesting too deep (`? ? ? ...` that js-yaml refuses for another reason): one line, not one a level.
        syntaxProblems.splice(0, syntaxProblems.length, { file, line: at.line, col: at.col, message: `invalid YAML: ${TOO_DEEP}` });
        break;
      }
      syntaxProblems.push({ file, line: at.line, col: at.col, message: `invalid YAML: ${parserWords(firstLine(e.message))}` });
    }
    if (syntaxProblems.length === 0) {
      for (const key of duplicateKeys(doc)) {
        const at = pos(key.range?.[0] ?? 0);
        syntaxProblems.push({ file, line: at.line, col: at.col, message: `invalid YAML: Map keys must be unique; ${keyWords(String((key as { value?: unknown }).value))} appears more than once in this map` });
      }
    }
    if (syntaxProblems.length === 0 && fastError) {
      // Only js-yaml objects: report its reason at its mark.
      const mark = fastError.mark;
      syntaxProblems.push({ file, line: (mark?.line ?? 0) + 1, col: (mark?.column ?? 0) + 1, message: `invalid YAML: ${parserWords(fastError.reason)}` });
    }
    if (syntaxProblems.length === 0) {
      const tooMany = aliasExpansionProblem(doc.contents as Node | null);
      if (tooMany) syntaxProblems.push({ file, line: 1, col: 1, message: `invalid YAML: ${tooMany}` });
    }
    if (syntaxProblems.length === 0) {
      try {
        // Bounded above, in nodes: the library's own count refuses a map merged into more than 100 resources.
        value = doc.toJS({ maxAliasCount: -1 });
      } catch (err) {
        syntaxProblems.push({ file, line: 1, col: 1, message: `invalid YAML: ${parserWords(firstLine(String((err as Error).message)))}` });
      }
    }
  }
  return {
    file,
    value,
    syntaxProblems: explainSyntaxProblems(file, text, syntaxProblems),
    positionOf(path, key = false) {
      const fast = fastPositions && !fastError ? fastPositions.positionOf(path, key) : undefined;
      if (fast) return fast;
      const { doc, pos } = positionedDoc();
      return locate(doc, path, key, pos, indexes);
    },
  };
}

/**
 * The positioned parser (`yaml`) reads a file js-yaml refused only up to this
 * size: it costs about 1 µs of CPU and 100 bytes of memory a character, so a
 * 2 MiB file would take 2 s and 250 MB. Larger files get js-yaml's reason at
 * its mark, as precise a place, in js-yaml's words.
 */
export const MAX_POSITIONED_PARSE_CHARS = 512 * 1024;

/** js-yaml's nesting bound (its `maxDepth`, 100 unless set: js-yaml 4.x lib/loader.js), so also ours: a deeper file is refused at the level past it. */
const MAX_DEPTH = 100;

const TOO_DEEP = `nesting exceeded ${MAX_DEPTH} levels; a stack file needs a few`;
/** The positioned parser's error for a stack it ran out of. */
const STACK_OVERFLOW = /Maximum call stack size exceeded/;

function isTooDeep(err: YAMLException): boolean {
  return /^nesting exceeded maxDepth/.test(err.reason ?? "");
}

/** At most this many aliases: the YAML library looks each one up among all earlier anchors and aliases. */
export const MAX_ALIASES = 1_000;

/** How many aliases the text seems to use (a `*` in a quoted string may count too), and where the first one past the bound is. */
function countAliases(text: string): { count: number; at?: Position } {
  const re = new RegExp(ALIAS.source.replace("|<<", ""), "gm");
  let count = 0;
  let at: Position | undefined;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    count++;
    if (count === MAX_ALIASES + 1) {
      const offset = m.index + m[1].length;
      const before = text.slice(0, offset);
      const line = before.split("\n").length;
      at = { line, col: offset - before.lastIndexOf("\n") };
    }
  }
  return { count, at };
}
/** At most this many nodes once every alias is expanded (a "billion laughs" file stays small on disk). */
export const MAX_EXPANDED_NODES = 1_000_000;

/**
 * Why the document's aliases would cost too much to expand, or undefined: one
 * pass in document order, each anchor's size (in nodes) known when an alias
 * names it, so the count never expands anything.
 */
function aliasExpansionProblem(root: Node | null): string | undefined {
  const sizes = new Map<string, number>();
  const size = (node: unknown): number => {
    if (node === null || node === undefined) return 1;
    if (isAlias(node)) {
      return sizes.get(node.source) ?? 1;
    }
    let n = 1;
    if (isMap(node)) for (const pair of node.items) n += size(pair.key) + size(pair.value);
    else if (isSeq(node)) for (const item of node.items) n += size(item);
    if (n > MAX_EXPANDED_NODES) n = MAX_EXPANDED_NODES + 1;
    const anchor = (node as { anchor?: string }).anchor;
    if (anchor) sizes.set(anchor, n);
    return n;
  };
  let total: number;
  try {
    total = size(root);
  } catch (err) {
    if (err instanceof RangeError) return TOO_DEEP;
    throw err;
  }
  if (total > MAX_EXPANDED_NODES) return `its aliases (*name) expand to more than ${MAX_EXPANDED_NODES} values; a stack file may expand to at most that: repeat fewer aliases of large values`;
  return undefined;
}

function firstLine(s: string): string {
  return s.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "").trim();
}

/** The keys that repeat a key of the same map, in one pass over the document. */
function duplicateKeys(doc: Document): Node[] {
  const out: Node[] = [];
  yamlParser().visit(doc, {
    Map(_, map) {
      const seen = new Set<string>();
      for (const pair of map.items) {
        const k = pair.key as Node | null;
        if (!isScalar(k) || isMergeKey(k)) continue;
        const text = String(k.value);
        if (seen.has(text)) out.push(k);
        seen.add(text);
      }
    },
  });
  return out;
}

function isMergeKey(k: unknown): boolean {
  return isScalar(k) && (k.value === "<<" || typeof k.value === "symbol");
}

/** A map's own pairs by key, and the maps merged into it (`<<`), first match first. */
interface MapIndex {
  own: Map<string, Pair>;
  merged: Node[];
}

function indexMap(map: YAMLMap, doc: Document, cache: WeakMap<YAMLMap, MapIndex>): MapIndex {
  let ix = cache.get(map);
  if (ix) return ix;
  ix = { own: new Map(), merged: [] };
  for (const pair of map.items) {
    const k = pair.key as Node | null;
    if (isMergeKey(k)) {
      const v = pair.value as Node | null;
      const sources = isSeq(v) ? (v.items as Node[]) : v ? [v] : [];
      for (const src of sources) ix.merged.push(isAlias(src) ? (src.resolve(doc) as Node) : src);
      continue;
    }
    const text = String((k as { value?: unknown } | null)?.value ?? k);
    if (!ix.own.has(text)) ix.own.set(text, pair);
  }
  cache.set(map, ix);
  return ix;
}

/** The pair for `key` in `map`: its own, else the first merged map's (explicit keys win, as in YAML 1.1). */
function lookup(map: YAMLMap, key: string, doc: Document, cache: WeakMap<YAMLMap, MapIndex>, depth = 0): Pair | undefined {
  const ix = indexMap(map, doc, cache);
  const own = ix.own.get(key);
  if (own || depth > 20) return own;
  for (const src of ix.merged) {
    if (!isMap(src)) continue;
    const found = lookup(src, key, doc, cache, depth + 1);
    if (found) return found;
  }
  return undefined;
}

function locate(
  doc: Document,
  path: readonly (string | number)[],
  key: boolean,
  pos: (offset: number) => Position,
  cache: WeakMap<YAMLMap, MapIndex>,
): Position {
  let node: Node | null | undefined = doc.contents as Node | null;
  let keyNode: Node | undefined;
  let at: Position = node?.range ? pos(node.range[0]) : { line: 1, col: 1 };
  for (const seg of path) {
    let next: Node | undefined;
    keyNode = undefined;
    // A value merged or repeated by an alias is placed at its anchored source.
    if (isAlias(node)) node = node.resolve(doc) as Node | undefined;
    if (isMap(node)) {
      const pair = lookup(node, String(seg), doc, cache);
      if (pair) {
        keyNode = pair.key as Node;
        next = (pair.value as Node | null) ?? undefined;
        if (!next) at = keyNode?.range ? pos(keyNode.range[0]) : at;
      }
    } else if (isSeq(node) && typeof seg === "number") {
      next = node.items[seg] as Node | undefined;
    }
    if (!next) {
      // An empty value (`key:`) points at its key; a missing one at its parent.
      return keyNode?.range ? pos(keyNode.range[0]) : at;
    }
    node = next;
    at = node.range ? pos(node.range[0]) : at;
  }
  if (key && keyNode?.range) return pos(keyNode.range[0]);
  return at;
}

/** Line:col by the positioned parser alone: what positions.ts must agree with (its test compares them). */
export function positionedLocator(text: string): (path: readonly (string | number)[], key?: boolean) => Position {
  const { doc, pos } = parsePositioned(text);
  const cache = new WeakMap<YAMLMap, MapIndex>();
  return (path, key = false) => locate(doc, path, key, pos, cache);
}

/** Problems with paths relative to the document root, positioned in `loaded`. */
export function positionProblems(loaded: LoadedFile, problems: Problem[]): PositionedProblem[] {
  return problems.map((p) => {
    const at = loaded.positionOf(p.path, p.atKey);
    const message = p.hint ? `${p.message}; ${p.hint}` : p.message;
    return p.warning ? { file: loaded.file, line: at.line, col: at.col, message, warning: true } : { file: loaded.file, line: at.line, col: at.col, message };
  });
}

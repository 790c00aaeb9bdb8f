// Text -> document whose every node knows its line and column.
// Two parsers: js-yaml reads the value (fast: most files have no problem),
// and `yaml` builds the positioned document only when a problem needs a
// position or the text does not parse.
import { load as fastLoad, CORE_SCHEMA, YAMLException } from "js-yaml";
import { isMap, isSeq, LineCounter, parseDocument, type Document, type Node } from "yaml";
import type { Problem } from "../shared/problem";

export interface Position {
  line: number;
  col: number;
}

export interface LoadedFile {
  file: string;
  /** The document as plain data (maps, lists, scalars). */
  value: unknown;
  /** YAML syntax problems, already positioned. */
  syntaxProblems: PositionedProblem[];
  /** Line:col of the value at `path` (of its key with `key`), or of its deepest existing parent. */
  positionOf(path: readonly (string | number)[], key?: boolean): Position;
}

export interface PositionedProblem extends Position {
  file: string;
  message: string;
  /** Printed as a warning; the file stays valid. */
  warning?: boolean;
}

interface Positioned {
  doc: Document;
  pos(offset: number): Position;
}

function parsePositioned(text: string): Positioned {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  return {
    doc,
    pos(offset) {
      const p = lineCounter.linePos(offset);
      return { line: p.line, col: p.col };
    },
  };
}

/** Aliases (`*name`) can expand exponentially: only `yaml`, which limits them, reads those. */
const ALIAS = /(^|[\s,[{:-])\*[^\s,\]}]/m;

export function loadText(file: string, text: string): LoadedFile {
  let positioned: Positioned | undefined;
  const positionedDoc = (): Positioned => (positioned ??= parsePositioned(text));
  const syntaxProblems: PositionedProblem[] = [];
  let value: unknown = null;
  let fastError: YAMLException | undefined;
  if (!ALIAS.test(text)) {
    try {
      value = fastLoad(text, { schema: CORE_SCHEMA, filename: file }) ?? null;
    } catch (err) {
      if (!(err instanceof YAMLException)) throw err;
      fastError = err;
    }
  }
  if (fastError || ALIAS.test(text)) {
    const { doc, pos } = positionedDoc();
    for (const e of doc.errors) {
      const at = e.linePos?.[0] ?? pos(e.pos[0]);
      syntaxProblems.push({ file, line: at.line, col: at.col, message: `invalid YAML: ${firstLine(e.message)}` });
    }
    if (syntaxProblems.length === 0 && fastError) {
      // Only js-yaml objects: report its reason at its mark.
      const mark = fastError.mark;
      syntaxProblems.push({ file, line: (mark?.line ?? 0) + 1, col: (mark?.column ?? 0) + 1, message: `invalid YAML: ${fastError.reason}` });
    }
    if (syntaxProblems.length === 0) {
      try {
        value = doc.toJS({ maxAliasCount: 100 });
      } catch (err) {
        syntaxProblems.push({ file, line: 1, col: 1, message: `invalid YAML: ${firstLine(String((err as Error).message))}` });
      }
    }
  }
  return {
    file,
    value,
    syntaxProblems,
    positionOf(path, key = false) {
      const { doc, pos } = positionedDoc();
      return locate(doc, path, key, pos);
    },
  };
}

function firstLine(s: string): string {
  return s.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "").trim();
}

function locate(
  doc: Document,
  path: readonly (string | number)[],
  key: boolean,
  pos: (offset: number) => Position,
): Position {
  let node: Node | null | undefined = doc.contents as Node | null;
  let keyNode: Node | undefined;
  let at: Position = node?.range ? pos(node.range[0]) : { line: 1, col: 1 };
  for (const seg of path) {
    let next: Node | undefined;
    keyNode = undefined;
    if (isMap(node)) {
      for (const pair of node.items) {
        const k = pair.key as Node & { value?: unknown };
        if (k && String(k.value ?? k) === String(seg)) {
          keyNode = k;
          next = (pair.value as Node | null) ?? undefined;
          if (!next) at = k.range ? pos(k.range[0]) : at;
          break;
        }
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

/** Problems with paths relative to the document root, positioned in `loaded`. */
export function positionProblems(loaded: LoadedFile, problems: Problem[]): PositionedProblem[] {
  return problems.map((p) => {
    const at = loaded.positionOf(p.path, p.atKey);
    const message = p.hint ? `${p.message}; ${p.hint}` : p.message;
    return p.warning ? { file: loaded.file, line: at.line, col: at.col, message, warning: true } : { file: loaded.file, line: at.line, col: at.col, message };
  });
}

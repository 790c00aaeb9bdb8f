// Text -> document whose every node knows its line and column.
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
}

export function loadText(file: string, text: string): LoadedFile {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const syntaxProblems: PositionedProblem[] = doc.errors.map((e) => {
    const at = e.linePos?.[0] ?? lineCounter.linePos(e.pos[0]);
    return { file, line: at.line, col: at.col, message: `invalid YAML: ${firstLine(e.message)}` };
  });
  let value: unknown = null;
  if (syntaxProblems.length === 0) {
    try {
      value = doc.toJS({ maxAliasCount: 100 });
    } catch (err) {
      syntaxProblems.push({ file, line: 1, col: 1, message: `invalid YAML: ${firstLine(String((err as Error).message))}` });
    }
  }
  const pos = (offset: number): Position => {
    const p = lineCounter.linePos(offset);
    return { line: p.line, col: p.col };
  };
  return {
    file,
    value,
    syntaxProblems,
    positionOf(path, key = false) {
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
    return { file: loaded.file, line: at.line, col: at.col, message: p.hint ? `${p.message}; ${p.hint}` : p.message };
  });
}

// The YAML parser's errors in a user's words. After its first error the
// parser is lost and reports every token that follows; two mistakes cause
// most of them, and each gets one line instead:
// - a plain value holding `{`, `}`, `[`, `]` or `,` inside a flow map
//   (`{ path: /items/{id}, method: GET }`): "put the value in quotes";
// - a key indented unlike its siblings: "indentation", and the column the
//   keys of its map start at (the parser names the line before or after).
import type { PositionedProblem } from "./position";

/** The parser's messages that an indentation mistake causes (yaml 2.x). */
const INDENTATION = /All mapping items must start at the same column|Nested mappings are not allowed in compact mappings|Implicit keys need to be on a single line|bad indentation|Implicit map keys need to be followed by map values|Sequence items must not have preceding content|unexpected end of the stream|Unexpected scalar at node end/i;
/** Messages of a flow collection broken by an unquoted `{`, `}`, `[`, `]` or `,`. */
const FLOW = /flow-map|flow-seq|Unexpected flow|Unexpected comma|Unexpected scalar at node end|Unexpected scalar token/i;

/**
 * A parser's message without the text of the file it quotes: yaml's
 * `Unexpected scalar token in YAML stream: "<token>"`, a tag (`!<...>`, `The
 * !x tag`), an alias or tag handle in quotes, a directive's name, a
 * malformed tag or header after `: `. A file that is not a stack file (a
 * link to `.git/config`) is otherwise printed a token at a time, secrets and
 * all; the position still says where.
 */
export function parserWords(message: string): string {
  return message
    .replace(/:\s.*$/s, "")
    .replace(/\s*!<[^>]*>/g, "")
    .replace(/^(Unknown directive|Unsupported YAML version|Invalid escape sequence) .*/s, "$1")
    .replace(/^The \S+ tag has no suffix$/, "A tag has no suffix")
    .replace(/^Unexpected (.{4,}) in (flow \w+|\w+ collection|collection)$/s, "Unexpected token in $2")
    .replace(/\s*"(?!(?:scalar|mapping|sequence)")[^"]*"/g, "")
    .replace(/^Verbatim tags aren't resolved, so\s*is invalid\.$/, "Verbatim tags aren't resolved")
    .trim();
}

/** One problem in the user's words for the parser's `problems` of `text`, or the problems as they are. */
export function explainSyntaxProblems(file: string, text: string, problems: PositionedProblem[]): PositionedProblem[] {
  if (!problems.length) return problems;
  const lines = text.split(/\r?\n/);
  const first = problems[0];
  const quote = FLOW.test(first.message) ? unquotedFlowValue(lines, first) : undefined;
  if (quote) return [{ file, ...quote }];
  if (problems.some((p) => INDENTATION.test(p.message))) {
    const indent = misindentedKey(lines);
    if (indent) return [{ file, ...indent }];
  }
  return problems;
}

/**
 * At the error's line: a `key: value` inside `{ ... }` whose plain value runs
 * into a flow indicator. YAML ends a plain value in a flow collection at
 * `,`, `[`, `]`, `{` and `}` (YAML 1.2.2 spec, 7.3.3 "Plain Style",
 * https://yaml.org/spec/1.2.2/#733-plain-style).
 */
function unquotedFlowValue(lines: string[], at: PositionedProblem): { line: number; col: number; message: string } | undefined {
  for (let n = at.line; n >= Math.max(1, at.line - 3); n--) {
    const line = lines[n - 1] ?? "";
    // The pattern backtracks on long runs of brackets: a longer line keeps the parser's words (bounded work).
    if (line.length > MAX_EXPLAINED_LINE || (!line.includes("{") && !line.includes("["))) continue;
    const pair = /([A-Za-z_][\w-]*):[ \t]+([^'"\s,{}[\]][^,\s]*?[{}[\]][^,\s]*?)(?=\s*,|\s*}\s*$|\s*]\s*$|\s*$)/g;
    for (const m of line.matchAll(pair)) {
      const [, key, value] = m;
      if (!flowDepthBefore(line, m.index!)) continue;
      const col = m.index! + m[0].indexOf(value, key.length + 1) + 1;
      const quoted = value.includes("'") ? `"${value}"` : `'${value}'`;
      return {
        line: n,
        col,
        message: `invalid YAML: the value of '${key}' holds '${value.match(/[{}[\]]/)![0]}', which ends a value inside { ... }: put the value in quotes: ${key}: ${quoted}`,
      };
    }
  }
  return undefined;
}

/** Longer lines are not searched for an unquoted value (at this length the search takes a few milliseconds). */
const MAX_EXPLAINED_LINE = 1000;

/** Is `index` inside an open `{` or `[` of the line (outside quotes)? */
function flowDepthBefore(line: string, index: number): boolean {
  let depth = 0;
  let quote = "";
  for (let i = 0; i < index; i++) {
    const c = line[i];
    if (quote) { if (c === quote) quote = ""; continue; }
    if (c === "'" || c === '"') quote = c;
    else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") depth--;
    else if (c === "#" && (i === 0 || /\s/.test(line[i - 1]))) break;
  }
  return depth > 0;
}

interface Level {
  /** Column (0-based) of the keys of this map. */
  indent: number;
  /** Line (1-based) and key of the first key at this level. */
  line: number;
  key: string;
  /** Keys seen at this level. */
  count: number;
}

const KEY_LINE = /^(\s*)((?:-\s+)*)([^\s#'"[\]{},:-][^:#]*?|'[^']*'|"[^"]*"):(?:\s|$)/;

/**
 * The first block-map key whose column matches no open map: indented more
 * than its siblings (not under a key that opens a map), or between two
 * levels. Block scalars (`|`, `>`) and lines that are not `key:` lines
 * (list scalars, continued flow collections, comments) are skipped.
 */
function misindentedKey(lines: string[]): { line: number; col: number; message: string } | undefined {
  const stack: Level[] = [];
  let opens = false;
  let blockScalarOf = -1;
  /** The file's indentation step: the first nesting's. */
  let step = 0;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    if (/^\s*(#.*)?$/.test(raw)) continue;
    const lead = raw.length - raw.trimStart().length;
    if (blockScalarOf >= 0) {
      if (lead > blockScalarOf) continue;
      blockScalarOf = -1;
    }
    const m = KEY_LINE.exec(raw);
    if (!m) {
      // A list item that is not a map (`- x`): its dash is a level of its own.
      if (/^\s*-(\s|$)/.test(raw)) {
        while (stack.length && stack[stack.length - 1].indent > lead) stack.pop();
        opens = false;
      }
      continue;
    }
    const dashes = m[2];
    let indent = lead;
    const key = m[3].trim();
    if (dashes) {
      // `- key:` starts a map at the key's column, below the list's dash.
      while (stack.length && stack[stack.length - 1].indent > lead) stack.pop();
      indent = lead + dashes.length;
      stack.push({ indent, line: i + 1, key, count: 1 });
    } else {
      const top = stack[stack.length - 1];
      if (!top || indent > top.indent) {
        if (top && !opens) return wrongIndent(i + 1, indent, key, top);
        if (top && step === 0) step = indent - top.indent;
        stack.push({ indent, line: i + 1, key, count: 1 });
      } else {
        let popped: Level | undefined;
        while (stack.length && stack[stack.length - 1].indent > indent) popped = stack.pop();
        const level = stack[stack.length - 1];
        if (!level || level.indent !== indent) {
          // The first key of a map set its column off the file's step, and this one keeps the step: the first is off.
          if (popped && level && popped.count === 1 && indent - level.indent === step && popped.indent - level.indent !== step) {
            return wrongIndent(popped.line, popped.indent, popped.key, { indent, line: i + 1, key, count: 1 });
          }
          return wrongIndent(i + 1, indent, key, nearest(popped, level, indent)!);
        }
        level.count++;
      }
    }
    const rest = raw.slice(m[0].length).replace(/\s+#.*$/, "").trim();
    opens = rest === "" || /^&\S+$/.test(rest);
    if (/^[|>][-+0-9]*$/.test(rest)) { blockScalarOf = indent; opens = false; }
  }
  return undefined;
}

/** Of the map just closed (deeper) and the one around it, the one whose column is closer (the deeper one on a tie). */
function nearest(deeper: Level | undefined, around: Level | undefined, indent: number): Level | undefined {
  if (!deeper) return around;
  if (!around) return deeper;
  return deeper.indent - indent <= indent - around.indent ? deeper : around;
}

function wrongIndent(line: number, indent: number, key: string, level: Level): { line: number; col: number; message: string } {
  const where = level.line === line ? "" : ` ('${level.key}', line ${level.line})`;
  return {
    line,
    col: indent + 1,
    message: `invalid YAML: indentation: '${key}' starts at column ${indent + 1}, but the keys of its map start at column ${level.indent + 1}${where}; indent it to column ${level.indent + 1}`,
  };
}

// `diff` output: text (for a terminal), markdown (a pull request comment:
// a summary line, then a table of changes, refused ones first) and json
// (`{config, resources, refused}`). Secret values never show: secret inputs
// are "[secret]", and secret fields of the file were masked before.
import { createHash } from "crypto";
import type { PositionedProblem } from "../config/load";
import type { ConfigChange } from "./diff";
import type { Action, ResourceChange } from "./resource-diff";
import { isSecretValue } from "./mock-engine";
import { maskSecrets, shortValue, SECRET_TEXT } from "./format";
import { authorizationLine, type AuthorizationChange } from "./route-authorization";
import { costChangeJson, costChangeLines, costChangeMarkdown, overLimit, type CostChange } from "./cost/diff-cost";

export interface DiffReport {
  /** The base file as named; undefined for a new stack. */
  oldLabel?: string;
  newLabel: string;
  config: ConfigChange[];
  configLines: string[];
  resources: ResourceChange[];
  refused: PositionedProblem[];
  /** Routes whose authorizer changes (gained, lost, another). */
  authorization?: AuthorizationChange[];
  /** What the change does to the monthly bill. */
  cost?: CostChange;
  /** The stage each side was resolved for, when its file reads one (`base`, `new`). */
  stages?: Partial<Record<"base" | "new", { name: string; from: string; region?: string }>>;
}

export const MARKDOWN_MARKER = "<!-- stackfile-diff -->";
/** A comment holds at most 65,536 characters: the table stops before. */
const MAX_ROWS = 150;

const SYMBOL: Record<Action, string> = { create: "+ ", update: "~ ", replace: "+-", delete: "- " };

/** Code as its digest: `archive of app/.open-next/x (12 files, sha256 <64 hex>)` -> `sha256 <12 hex>...`. */
const digestOnly = (s: string) => s.replace(/^(?:archive of|file|text,) .*sha256 ([0-9a-f]{12})[0-9a-f]{52}\)?$/, "sha256 $1...");

/**
 * A value as printed: secrets masked, code by its digest, unset as (unset);
 * a long list or map as its size and a digest of it (so two differ visibly).
 */
export function shownValue(v: unknown, max = 60): string {
  if (v === undefined) return "(unset)";
  if (isSecretValue(v)) return SECRET_TEXT;
  const plain = JSON.parse(JSON.stringify(v, (_k, x) => (isSecretValue(x) ? SECRET_TEXT : typeof x === "string" ? digestOnly(x) : x)));
  const archive = typeof plain === "object" && plain !== null && Object.keys(plain).length === 1 ? (plain as { archive?: unknown }).archive : undefined;
  if (typeof archive === "object" && archive !== null) {
    return `archive: ${Object.entries(archive).map(([k, d]) => `${k} ${String(d)}`).join(", ")}`;
  }
  const text = JSON.stringify(plain);
  if (typeof plain === "object" && plain !== null && text.length > max) {
    const size = Array.isArray(plain) ? `${plain.length} items` : `${Object.keys(plain).length} keys`;
    return `(${size}, sha256 ${createHash("sha256").update(text).digest("hex").slice(0, 12)}...)`;
  }
  return shortValue(plain, max);
}

function counts(r: ResourceChange[]): string {
  const n = (a: Action) => r.filter((c) => c.action === a).length;
  return `${n("replace")} to replace, ${n("delete")} to delete, ${n("create")} to create, ${n("update")} to update`;
}

function lossNote(c: ResourceChange): string {
  return c.lost ? `, loses ${c.lost}` : c.keptAside ? `, leaves ${c.keptAside} in the old one, outside the stack` : "";
}

export function renderText(report: DiffReport): string {
  const lines = [...report.configLines];
  const auth = report.authorization ?? [];
  if (auth.length) {
    if (lines.length) lines.push("");
    lines.push("Route authorization:", ...auth.map((c) => `  ${c.opened ? "! " : "  "}${authorizationLine(c)}`));
  }
  if (report.resources.length) {
    if (lines.length) lines.push("");
    lines.push(`Resources (what pulumi up would do, previewed offline: ${counts(report.resources)}):`);
    for (const c of report.resources) {
      const why = c.action === "replace" ? ` (${c.replaceBecause.join(", ")})` : "";
      lines.push(`  ${SYMBOL[c.action]} ${c.name}  ${c.type}  ${c.action}${why}${lossNote(c)}`);
      for (const p of c.changed) {
        const v = c.values[p];
        const to = v.via ? `(known after ${c.values[p].via} is replaced)` : shownValue(v.new);
        lines.push(`       ${p}: ${shownValue(v.old)} -> ${to}`);
      }
    }
  }
  const cost = report.cost ? costChangeLines(report.cost) : [];
  if (cost.length) lines.push(...(lines.length ? [""] : []), ...cost);
  if (!lines.length) lines.push("no changes");
  return lines.join("\n");
}

/** Old and new value of a changed input, in a table cell: `"6379" → "6380"`; a long list of changes gives paths only. */
function markdownChange(c: ResourceChange, p: string): string {
  const v = c.values[p];
  if (c.changed.length > MAX_VALUES_SHOWN) return "changed";
  return `${shownValue(v.old, 40)} → ${v.via ? `(known after ${v.via} is replaced)` : shownValue(v.new, 40)}`;
}

/** More changed inputs than this in one resource: the markdown row lists their paths only (the comment has a size limit). */
const MAX_VALUES_SHOWN = 8;

/** A changed input's old and new value for json: secrets "[secret]", unset null. */
function jsonValues(c: ResourceChange): Record<string, { old: unknown; new: unknown; via?: string }> {
  const shown = (v: unknown) => (v === undefined ? null : maskSecrets(v));
  return Object.fromEntries(c.changed.map((p) => {
    const v = c.values[p];
    return [p, v.via ? { old: shown(v.old), new: null, via: v.via } : { old: shown(v.old), new: shown(v.new) }];
  }));
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\r?\n/g, "<br>");
}

const code = (s: string) => `\`${s.replace(/`/g, "'")}\``;

export function renderMarkdown(report: DiffReport): string {
  const out = [MARKDOWN_MARKER];
  const { resources, refused } = report;
  const base = report.oldLabel === undefined ? "an empty stack (new stack)" : code(report.oldLabel);
  if (refused.length) out.push(`### ⛔ stackfile diff: ${refused.length} refused change${refused.length === 1 ? "" : "s"}`);
  else if (report.cost && overLimit(report.cost)) out.push("### ⛔ stackfile diff: the monthly cost rises more than its limit");
  else if (resources.length || report.config.length) out.push("### ✅ stackfile diff: every change is allowed");
  else out.push("### ✅ stackfile diff: no changes");
  out.push("", `${code(report.newLabel)} compared with ${base}, offline: ${counts(resources)}.`);
  if (report.cost) out.push("", ...costChangeMarkdown(report.cost));
  const rows: string[] = [];
  for (const p of refused) rows.push(`| ⛔ refused | ${cell(code(`${p.file}:${p.line}:${p.col}`))} | | ${cell(p.message)} |`);
  for (const c of report.authorization ?? []) {
    const mark = c.opened ? "🔓 opened" : c.new === undefined ? "" : "🔒 authorizer";
    rows.push(`| ${mark} | ${cell(`${code(c.route)} of ${code(c.gateway)} (${c.function})`)} | authorization | ${cell(authorizationLine(c).replace(/^.*\): /, ""))} |`);
  }
  const ordered = [...resources].sort((a, b) => Number(!!b.lost) - Number(!!a.lost));
  for (const c of ordered) {
    const details = c.action === "replace"
      ? `because ${c.replaceBecause.map(code).join(", ")}`
      : c.changed.map((p) => `${code(p)}: ${markdownChange(c, p)}`).join("<br>");
    const mark = c.lost ? "⚠️ data loss" : c.keptAside ? "⚠️ left outside the stack" : c.protected && (c.action === "delete" || c.action === "replace") ? "⚠️ protected" : "";
    rows.push(`| ${mark} | ${cell(`${code(c.name)} (${c.owner})<br>${c.type}`)} | ${c.action} | ${cell(`${details}${lossNote(c).replace(/^, /, details ? "; " : "")}`)} |`);
  }
  if (rows.length) {
    out.push("", "| | resource | action | details |", "|---|---|---|---|", ...rows.slice(0, MAX_ROWS));
    if (rows.length > MAX_ROWS) out.push("", `… and ${rows.length - MAX_ROWS} more rows (run \`stackfile diff --format text\` to see them all).`);
  }
  if (refused.length) out.push("", whatToDo(refused));
  if ((report.authorization ?? []).some((c) => c.opened)) {
    out.push("", "🔓 A route marked opened was guarded by an authorizer and is now public: anyone can call it. Where that is intended, run `stackfile diff` with `--allow-open <function>`.");
  }
  if (report.configLines.length) {
    out.push("", `<details><summary>Stack file changes (${report.config.length})</summary>`, "", "```", ...report.configLines, "```", "", "</details>");
  }
  return out.join("\n");
}

/**
 * What a reader of the comment can do about refused changes: fix them, or,
 * for a data loss meant on purpose, add the label the CI recipe
 * (examples/ci/stackfile-diff.yml) turns into `--allow-replace`.
 */
function whatToDo(refused: PositionedProblem[]): string {
  const names = [...new Set(refused.flatMap((p) => [...p.message.matchAll(/pass --allow-replace ([A-Za-z][A-Za-z0-9]*)/g)].map((m) => m[1])))];
  if (!names.length) return "A refused change fails this check: fix it in the stack file.";
  const labels = names.map((n) => code(`allow-replace:${n}`)).join(", ");
  return `A refused change fails this check. Fix it, or, where losing the data is intended, add the label ${labels} to this pull request: ` +
    "the workflow of examples/ci then runs the diff with `--allow-replace` for that resource (locally: `stackfile diff OLD NEW --allow-replace <resource>`).";
}

export function renderJson(report: DiffReport): string {
  const nul = (v: unknown) => (v === undefined ? null : v);
  return JSON.stringify({
    config: report.config.map((c) => ({
      resource: c.resource,
      type: c.type,
      action: c.action,
      ...(c.oldType ? { oldType: c.oldType } : {}),
      changes: c.changes.map((v) => ({ property: v.property, old: nul(v.old), new: nul(v.new) })),
    })),
    resources: report.resources.map((c) => ({
      name: c.name, type: c.type, action: c.action, changed: c.changed, values: jsonValues(c), replaceBecause: c.replaceBecause, dataLoss: c.lost !== undefined,
    })),
    refused: report.refused.map((p) => ({ file: p.file, line: p.line, col: p.col, message: p.message })),
    // Only when some route's authorization changes (the documented shape is {config, resources, refused}).
    ...(report.authorization?.length ? { routes: report.authorization.map((c) => ({ gateway: c.gateway, route: c.route, function: c.function, oldAuthorizer: nul(c.old), newAuthorizer: nul(c.new), opened: c.opened })) } : {}),
    ...(report.cost ? { cost: costChangeJson(report.cost) } : {}),
    // Only when a file reads the stage: {base?, new?: {name, from, region}}, as plan's `stage`.
    ...(report.stages && Object.keys(report.stages).length ? { stages: report.stages } : {}),
  }, null, 2);
}

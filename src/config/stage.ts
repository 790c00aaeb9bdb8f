// The stage a stack file is planned or deployed as: `$Stage()` (the Pulumi
// stack's name), `$Region()` (its AWS region), `$Config('key')` (a plain
// configuration value of the stack) and `$Select(value, {case: result, ...,
// default: result})`. They resolve before any other step, in properties and
// overrides alike, inside strings too: what follows (validate's schema and
// rules, the program, dev) sees the values the stage gives, so `plan --stack
// production` checks production's instance sizes as if written in the file.
// `pulumi up` takes the stage from the engine (config/deploy.ts); `plan`,
// `diff`, `dev` and `validate` from `--stack NAME` and the stack's
// `Pulumi.<stack>.yaml` (cli/stage-context.ts).
import { directiveSource, isStageDirective, mapDirectives, parseDirectives, type Directive, type SelectSubject } from "./directives";
import { isUnknown, unknownValue } from "../shared/component/unknown";
import type { Problem } from "../shared/messages/problem";
import { userText } from "../shared/messages/user-text";

/** Whether a stack file's text holds a stage directive (only then is the stage looked for, and cli/stage-context.ts loaded). */
export const STAGE_DIRECTIVE = /\$(Stage|Region|Config|Select)\s*\(/;

type Path = (string | number)[];

/** The stage a file is resolved for. */
export interface Stage {
  /** The Pulumi stack's name (`$Stage()`): the last part of `org/project/stack`. */
  name: string;
  /** The stack's AWS region (`$Region()`), when known. */
  region?: string;
  /** A plain configuration value of the stack (`$Config('key')`), as text or as set; undefined when the stack does not set it. */
  config(key: string): unknown;
  /** Whether the stack holds `key` as a secret (it is read with `$Secret`, never `$Config`). */
  isSecret?(key: string): boolean;
  /** How to set a value, for messages: `pulumi config set` and what follows the key (`--stack NAME`). */
  setCommand?(key: string): string;
}

/** What analysis knows of the stages: the one resolved for, and the stacks of the project (for validate's warnings). */
export interface StageOptions {
  stage?: Stage;
  /** The project's stacks (each `Pulumi.<stack>.yaml`): `$Select`'s cases are checked against them. */
  knownStages?: readonly string[];
  /** The configuration of each known stack, to check `$Config` offline when no stage is chosen. */
  stageConfig?(stage: string): Stage | undefined;
}

/** `pulumi config set KEY <value>` for the stage (with `--stack NAME` when the stage says so). */
function setLine(stage: Stage, key: string): string {
  return stage.setCommand?.(key) ?? `pulumi config set ${key} <value>`;
}

/**
 * A configuration value as the file reads it: text that is a number or
 * true/false becomes one (`pulumi config set replicas 3` gives 3), JSON text
 * of an object or list becomes it, other text stays text. The engine hands
 * the program every value as text, the stack's file may hold it typed: both
 * read the same.
 */
export function typedValue(v: unknown): unknown {
  if (typeof v !== "string") return v;
  return scalar(v);
}

/** A `$Select` result as written: quoted text is text; bare text a number, true/false, or text. */
function resultValue(written: string): unknown {
  const t = written.trim();
  const q = t[0];
  if ((q === "'" || q === '"') && t.length >= 2 && t[t.length - 1] === q) return t.slice(1, -1);
  return scalar(t);
}

function scalar(t: string): unknown {
  if (/^-?(0|[1-9]\d{0,14})(\.\d+)?$/.test(t)) return Number(t);
  if (t === "true" || t === "false") return t === "true";
  if ((t.startsWith("{") && t.endsWith("}")) || (t.startsWith("[") && t.endsWith("]"))) {
    try {
      return JSON.parse(t);
    } catch {
      return t;
    }
  }
  return t;
}

/** What a Select compares, for messages. */
function subjectText(on: SelectSubject): string {
  return on.kind === "Text" ? `'${userText(on.text)}'` : on.kind === "Config" ? `$Config('${on.key}')` : `$${on.kind}()`;
}

class Resolver {
  constructor(private readonly stage: Stage, private readonly problems: Problem[]) {}

  /** The value of a stage directive, or undefined (with a problem) when the stage cannot give one. */
  value(d: Directive, at: Path): unknown {
    switch (d.kind) {
      case "Stage": return this.stage.name;
      case "Region": return this.region(at);
      case "Config": return this.config(d.key, at);
      case "Select": return this.select(d, at);
      default: return undefined;
    }
  }

  private region(at: Path): unknown {
    if (this.stage.region !== undefined) return this.stage.region;
    this.problems.push({ path: at, message: `$Region(): stack ${this.stage.name} sets no AWS region; run: ${setLine(this.stage, "aws:region")}` });
    return undefined;
  }

  private config(key: string, at: Path): unknown {
    if (this.stage.isSecret?.(key)) {
      this.problems.push({ path: at, message: `$Config('${key}'): stack ${this.stage.name} holds '${key}' as a secret; read it with $Secret('${key}'), which never shows it` });
      return undefined;
    }
    const v = this.stage.config(key);
    if (v !== undefined && v !== null) return typedValue(v);
    this.problems.push({ path: at, message: `$Config('${key}'): stack ${this.stage.name} does not set '${key}'; run: ${setLine(this.stage, key)}` });
    return undefined;
  }

  private select(d: Extract<Directive, { kind: "Select" }>, at: Path): unknown {
    const on = d.on.kind === "Text" ? d.on.text : this.value(d.on, at);
    if (on === undefined) return undefined;
    const hit = d.cases.find(([k]) => k === String(on));
    const written = hit ? hit[1] : d.fallback;
    if (written === undefined) {
      this.problems.push({
        path: at,
        message: `$Select(${subjectText(d.on)}, ...) has no case for '${userText(String(on))}' and no default; add default: <value> (cases: ${d.cases.map(([k]) => k).join(", ")})`,
      });
      return undefined;
    }
    const result = resultValue(written);
    // A result may itself read the stage ('$Stage().example.com').
    return typeof result === "string" ? resolveStage(result, this.stage, this.problems, at) : result;
  }
}

/**
 * `value` with every stage directive replaced by what `stage` gives, the
 * other directives kept as written (they resolve later). A directive the
 * stage cannot serve is a problem at its path, and stays unknown.
 */
export function resolveStage(value: unknown, stage: Stage, problems: Problem[], path: Path = []): unknown {
  const resolver = new Resolver(stage, problems);
  return mapDirectives(value, {
    // A malformed string stays as written: the analysis after this pass says what is wrong with it.
    text: (text) => (parseDirectives(text)?.problems.length ? text : undefined),
    value(d, at) {
      if (!isStageDirective(d)) return directiveSource(d);
      const v = resolver.value(d, at);
      return v === undefined ? unknownValue() : v;
    },
    join: (values) => (values.some(isUnknown) ? unknownValue() : values.map((v) => (typeof v === "object" && v !== null ? JSON.stringify(v) : String(v))).join("")),
  }, path);
}

/**
 * The checks of stage directives that need no stage (validate, offline):
 * `$Select` cases that name no stack of the project are warnings; a
 * `$Select` without default is a problem when a stack of the project, or
 * the stage resolved for, is none of its cases; a `$Config` key a stack of
 * the project does not set is a problem with the `pulumi config set` line.
 */
export function stageChecks(value: unknown, opts: StageOptions, problems: Problem[], path: Path = []): void {
  const stages = [...new Set([...(opts.knownStages ?? []), ...(opts.stage ? [opts.stage.name] : [])])];
  const known = new Set(stages);
  const check = (d: Directive, at: Path) => {
    if (d.kind === "Select") {
      if (opts.knownStages && d.on.kind === "Stage") {
        for (const [k] of d.cases) {
          if (!known.has(k)) problems.push({ path: at, warning: true, message: `$Select's case '${userText(k)}' is no stack of this project (no Pulumi.${userText(k)}.yaml; stacks: ${stages.join(", ") || "none"}); it applies only once that stack exists` });
        }
      }
      if (d.fallback === undefined && !opts.stage) {
        const missing = d.on.kind === "Stage" ? stages.filter((s) => !d.cases.some(([k]) => k === s)) : [];
        const why = missing.length ? `stack ${missing.join(", ")} is none of its cases` : d.on.kind === "Stage" ? "a stage that is none of its cases (a new pull request's stack) has no value" : "";
        if (why) problems.push({ path: at, message: `$Select(${subjectText(d.on)}, ...) has no default, and ${why}; add default: <value>` });
      }
      if (d.on.kind === "Config") configCheck(d.on.key, at);
    }
    if (d.kind === "Config") configCheck(d.key, at);
  };
  // Without a stage, each stack of the project must set the keys the file reads.
  const configCheck = (key: string, at: Path) => {
    if (opts.stage) return;
    for (const s of opts.knownStages ?? []) {
      const stage = opts.stageConfig?.(s);
      if (!stage) continue;
      const v = stage.isSecret?.(key) ? "secret" : stage.config(key);
      if (v === "secret") problems.push({ path: at, message: `$Config('${key}'): stack ${s} holds '${key}' as a secret; read it with $Secret('${key}'), which never shows it` });
      else if (v === undefined || v === null) problems.push({ path: at, message: `$Config('${key}'): stack ${s} does not set '${key}'; run: ${setLine(stage, key)}` });
    }
  };
  mapDirectives(value, {
    malformed: () => undefined,
    value(d, at) {
      check(d, at);
      return "";
    },
  }, path);
}

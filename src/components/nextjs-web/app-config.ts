// The app's own OpenNext config, read before a build: what it asks of the
// server (a streaming wrapper, the CloudFront converter of Lambda@Edge, split
// functions) must agree with the resource's properties, or the build that
// follows (tens of seconds) is refused after the fact. The file is read as
// text, not run: the keys OpenNext documents ("Configuration file",
// https://opennext.js.org/aws/config: `default.override.wrapper`,
// `default.override.converter`, `functions`) are looked for in it.
import * as fs from "fs";
import * as path from "path";
import type { Problem } from "../../shared/messages/problem";

const CONFIG_FILES = ["open-next.config.ts", "open-next.config.mjs", "open-next.config.js"];
/** Whether nextjs-web deploys OpenNext's split functions (`functions` in the config). */
export const DEPLOYS_SPLIT_FUNCTIONS = true;

export interface AppOpenNextConfig {
  /** The config's file name, relative to the app. */
  file: string;
  /** Lines (1-based) of what the server's `default` block sets, if it sets it. */
  streamingWrapperLine?: number;
  edgeConverterLine?: number;
  /** Line of a `functions:` key (split functions), and the names it lists. */
  functionsLine?: number;
  functions: string[];
}

/** Text with comments blanked (kept the same length, so offsets and lines hold). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (m) => m.replace(/[^\n]/g, " "));
}

/** The `{...}` block that opens at `open` (an index of `{`): its end index. */
function blockEnd(text: string, open: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = undefined;
      continue;
    }
    if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i;
  }
  return text.length;
}

const lineAt = (text: string, index: number) => text.slice(0, index).split("\n").length;

/** The app's OpenNext config as far as the server's build depends on it, or undefined when the app has none. */
export function readAppOpenNextConfig(appDir: string): AppOpenNextConfig | undefined {
  const file = CONFIG_FILES.find((f) => fs.existsSync(path.join(appDir, f)));
  if (!file) return undefined;
  const text = withoutComments(fs.readFileSync(path.join(appDir, file), "utf8"));
  const out: AppOpenNextConfig = { file, functions: [] };
  const def = /\bdefault\s*:\s*\{/.exec(text);
  if (def) {
    const start = def.index + def[0].length - 1;
    const block = text.slice(start, blockEnd(text, start));
    const streaming = /\bwrapper\s*:\s*["'`]aws-lambda-streaming["'`]/.exec(block);
    if (streaming) out.streamingWrapperLine = lineAt(text, start + streaming.index);
    const edge = /\bconverter\s*:\s*["'`]aws-cloudfront["'`]/.exec(block);
    if (edge) out.edgeConverterLine = lineAt(text, start + edge.index);
  }
  const fns = /\bfunctions\s*:\s*\{/.exec(text);
  if (fns) {
    const start = fns.index + fns[0].length - 1;
    const end = blockEnd(text, start);
    out.functionsLine = lineAt(text, fns.index);
    // The block's own keys (depth 1): the functions' names.
    let depth = 0;
    const inner = text.slice(start, end + 1);
    const keyAt = /([A-Za-z_$][\w$]*|"[^"]+"|'[^']+')\s*:/y;
    for (let i = 0; i < inner.length; i++) {
      const c = inner[i];
      if (c === "{") depth++;
      else if (c === "}") depth--;
      else if (depth === 1 && /[A-Za-z_$"']/.test(c) && !/[\w$]/.test(inner[i - 1] ?? "")) {
        keyAt.lastIndex = i;
        const m = keyAt.exec(inner);
        if (m) {
          out.functions.push(m[1].replace(/^["']|["']$/g, ""));
          i = keyAt.lastIndex - 1;
          // Skip the value: to the next comma at depth 1.
          let d = 0;
          for (i++; i < inner.length; i++) {
            const v = inner[i];
            if (v === "{" || v === "[" || v === "(") d++;
            else if (v === "}" || v === "]" || v === ")") { if (d === 0) { i--; break; } d--; }
            else if (v === "," && d === 0) break;
          }
        }
      }
    }
  }
  return out;
}

/**
 * What the config asks that the properties do not (paths within
 * `properties`, at the property to change; appDirectory when it is not set).
 * `splitFunctions`: whether this stackfile deploys OpenNext's split functions.
 */
export function appConfigProblems(props: Record<string, unknown>, config: AppOpenNextConfig | undefined, splitFunctions: boolean): Problem[] {
  if (!config) return [];
  const out: Problem[] = [];
  const at = (key: string) => (props[key] === undefined ? ["appDirectory"] : [key]);
  const where = (line: number) => `${config.file}:${line}`;
  if (config.streamingWrapperLine !== undefined && props.streamingEnabled !== true && props.useEdgeFunction !== true) {
    out.push({
      path: at("streamingEnabled"),
      message: `${where(config.streamingWrapperLine)} sets the server's wrapper to "aws-lambda-streaming", so OpenNext builds a streaming server, but streamingEnabled is not true`,
      hint: "set streamingEnabled: true (the function URL then streams), or remove the wrapper from the OpenNext config",
    });
  }
  if (config.edgeConverterLine !== undefined && props.useEdgeFunction !== true) {
    out.push({
      path: at("useEdgeFunction"),
      message: `${where(config.edgeConverterLine)} sets the server's converter to "aws-cloudfront" (a Lambda@Edge server), but useEdgeFunction is not true`,
      hint: "set useEdgeFunction: true, or remove the converter from the OpenNext config",
    });
  }
  if (config.functionsLine !== undefined && config.functions.length) {
    if (props.useEdgeFunction === true) {
      out.push({
        path: ["useEdgeFunction"],
        message: `${where(config.functionsLine)} splits the server into functions (${config.functions.join(", ")}), which run as regional functions; useEdgeFunction puts one server at the edge`,
        hint: "remove useEdgeFunction, or remove `functions` from the OpenNext config",
      });
    } else if (!splitFunctions) {
      out.push({
        path: ["appDirectory"],
        message: `${where(config.functionsLine)} splits the server into functions (${config.functions.join(", ")}), which this version of nextjs-web does not deploy`,
        hint: "remove `functions` from the OpenNext config (one server serves every route)",
      });
    }
  }
  return out;
}

/** `plan`'s check of the files the properties name: the app's OpenNext config against them, before the build. */
export function nextjsFileProblems(props: Record<string, unknown>, baseDir: string): Problem[] {
  if (typeof props.appDirectory !== "string") return [];
  const dir = path.resolve(baseDir, props.appDirectory);
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) return [];
  return appConfigProblems(props, readAppOpenNextConfig(dir), DEPLOYS_SPLIT_FUNCTIONS);
}

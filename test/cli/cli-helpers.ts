import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { runCli } from "../../src/cli/main";

export interface CliResult {
  code: number;
  out: string;
  err: string;
}

/** Runs the CLI in this process, capturing what it prints. */
export async function cli(...argv: string[]): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

/** Writes `text` to a new file (`stack.yaml` by default) in a new temporary folder, or in `dir`. */
export function tmpFile(text: string, name = "stack.yaml", dir = fs.mkdtempSync(path.join(os.tmpdir(), "stackfile-"))): string {
  const f = path.join(dir, name);
  fs.writeFileSync(f, text);
  return f;
}

/** A stack with one small redis cluster named `cache` (password `$Secret(pw)`), and `props` (indented six spaces) added to its properties. */
export function cacheStack(props = ""): string {
  return `resources:
  cache:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.micro
      defaultUserPassword: $Secret(pw)
${props}`;
}

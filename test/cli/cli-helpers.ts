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

// The stack file a command names, or ./stack.yaml when it names none.
import * as fs from "fs";
import { UsageError } from "./usage-error";

/** The stack file of a command that takes one: the one named, else ./stack.yaml. */
export function stackFileArg(files: string[], command: string): string {
  if (files.length > 1) throw new UsageError(`${command} takes one file (got ${files.length})`);
  if (files.length === 1) return files[0];
  if (!fs.existsSync("stack.yaml")) throw new UsageError(`no FILE given and there is no ./stack.yaml; name the stack file (stackfile ${command} path/to/stack.yaml)`);
  return "stack.yaml";
}

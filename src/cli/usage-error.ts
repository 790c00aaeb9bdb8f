// A wrong command line: printed with the command's usage line, exit 2. Its
// message never repeats an option's value (it may be a secret).
export class UsageError extends Error {}

/** An option as named on the command line, without a value given with `=`. */
export function optionName(arg: string): string {
  return arg.split("=")[0];
}

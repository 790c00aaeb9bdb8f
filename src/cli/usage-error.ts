// A wrong command line: printed with the command's usage line, exit 2. Its
// message never repeats an option's value (it may be a secret).
export class UsageError extends Error {}

/** An option as named on the command line, without a value given with `=`. */
export function optionName(arg: string): string {
  return arg.split("=")[0];
}

/** An option that is not one, named only when it looks like an option name (a mistyped secret, or a newline, is not shown). */
export function unknownOption(arg: string, command: string): UsageError {
  const name = optionName(arg);
  return new UsageError(`unknown option ${/^--?[a-z][a-z-]{0,30}$/.test(name) ? name : "(not shown)"} for ${command}`);
}

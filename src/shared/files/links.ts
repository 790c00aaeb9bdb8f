// A file is read where it is named. Git keeps symbolic links, so a pull
// request can turn `stack.yaml` (or a secrets file) into a link to any file
// of the machine that checks it out: `.git/config` with the token a CI
// checkout leaves there, `/etc/shadow`, `~/.git-credentials`. A file whose
// real path leaves the real folder it is named in is refused unread, unless
// the user says the link is meant.
import * as fs from "fs";
import * as path from "path";

/** Whether `file`, followed through every link, is outside the folder it is named in (false when it does not exist: reading it says so). */
export function leadsOutsideItsFolder(file: string): boolean {
  let real: string;
  let folder: string;
  try {
    real = fs.realpathSync(file);
    folder = fs.realpathSync(path.dirname(path.resolve(file)));
  } catch {
    return false;
  }
  return path.relative(folder, real).split(path.sep)[0] === ".." || path.isAbsolute(path.relative(folder, real));
}

/** The refusal: `what` (the file as the message names it) and how to say the link is meant. */
export function outsideLinkMessage(what: string, allow: string): string {
  return `${what} is a link to a file outside its folder; stackfile reads it only inside the folder it is named in ` +
    `(a link in a pull request can lead anywhere): copy the file there, or ${allow} if the link is meant`;
}

/** How the command line says a link is meant. */
export const FOLLOW_LINKS_OPTION = "--follow-links";
export const ALLOW_ON_COMMAND_LINE = `pass ${FOLLOW_LINKS_OPTION}`;

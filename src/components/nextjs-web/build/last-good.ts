// A failed build keeps the last good output: `.open-next` is moved aside
// (a rename, instant) before a build and moved back when the build fails, so
// fixing the stack file costs no second build. An aside left by an
// interrupted build is moved back before anything reads `.open-next`.
import * as fs from "fs";

/** Beside `.open-next`, while a build runs. */
export const LAST_GOOD = ".open-next.last-good";

const aside = (outDir: string) => `${outDir}.last-good`;

/** Puts back the output an interrupted build set aside (the half-made one is dropped). */
export function recoverAside(outDir: string): void {
  if (!fs.existsSync(aside(outDir))) return;
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.renameSync(aside(outDir), outDir);
}

/** Runs `build` with the current output set aside: dropped when it succeeds, put back when it throws. */
export function keepingLastGood<T>(outDir: string, build: () => T): T {
  const had = fs.existsSync(outDir);
  if (had) fs.renameSync(outDir, aside(outDir));
  try {
    const result = build();
    fs.rmSync(aside(outDir), { recursive: true, force: true });
    return result;
  } catch (err) {
    if (had) recoverAside(outDir);
    throw err;
  }
}

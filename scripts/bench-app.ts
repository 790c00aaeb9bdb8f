// The generated app of the NextjsWeb benchmarks: the example's sources plus
// 2,000 files in public/ (1,980 small ones and 20 of 1 MB, a realistic mix).
import { randomBytes } from "crypto";
import * as fs from "fs";
import * as path from "path";

export const ROOT = path.join(__dirname, "..");
export const EXAMPLE = path.join(ROOT, "examples", "nextjs-app");

/** Writes the generated app at `appDir` (replacing what is there). */
export function generateBenchApp(appDir: string): void {
  fs.rmSync(appDir, { recursive: true, force: true });
  fs.mkdirSync(appDir, { recursive: true });
  for (const entry of ["app", "next.config.mjs", "open-next.config.ts", "package.json", "tsconfig.json", "next-env.d.ts"]) {
    fs.cpSync(path.join(EXAMPLE, entry), path.join(appDir, entry), { recursive: true });
  }
  fs.mkdirSync(path.join(appDir, "public", "files"), { recursive: true });
  for (let i = 0; i < 2000; i++) {
    const body = i < 20 ? randomBytes(1 << 20) : Buffer.from(`file ${i}\n`.repeat(1 + (i % 50)));
    fs.writeFileSync(path.join(appDir, "public", "files", `${String(i).padStart(4, "0")}.${i < 20 ? "bin" : "txt"}`), body);
  }
}

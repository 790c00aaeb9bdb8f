// The markdown the docs tests read: the README and every page of docs/.
import * as fs from "fs";
import * as path from "path";

const ROOT = path.resolve(__dirname, "..");
export const DOCS = path.join(ROOT, "docs");

export function pages(): string[] {
  return [path.join(ROOT, "README.md"), ...fs.readdirSync(DOCS).filter((f) => f.endsWith(".md")).sort().map((f) => path.join(DOCS, f))];
}

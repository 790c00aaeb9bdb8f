// A tiny Next.js app whose build is test/fixtures/fake-open-next.js (a
// `buildCommand`): an OpenNext-shaped output in milliseconds, its content
// following the app's src.txt.
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

export const FAKE_OPEN_NEXT = path.join(__dirname, "fixtures", "fake-open-next.js");

/** A new app folder; `version` goes into every file the build writes. */
export function fakeNextApp(version = "v1", parent = fs.mkdtempSync(path.join(os.tmpdir(), "fake-app-"))): { dir: string; buildCommand: string } {
  const dir = path.join(parent, "app");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "package.json"), "{}");
  fs.writeFileSync(path.join(dir, "next.config.mjs"), "export default { generateBuildId: async () => 'x' };\n");
  fs.writeFileSync(path.join(dir, "src.txt"), version);
  return { dir, buildCommand: `node "${FAKE_OPEN_NEXT}"` };
}

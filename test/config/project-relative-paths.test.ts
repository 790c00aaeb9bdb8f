// The folders a deploy reads files from (a bucket's directoryUpload, a site's
// static files: the asset sync's `baseDir`) are stored relative to the Pulumi
// project's folder (where Pulumi.yaml is), so `plan` shows what `pulumi up`
// stores wherever either runs from: the engine runs a YAML stack's program
// from node_modules/stackfile/dist (round4-facts.md, getPwdMain), plan from
// the user's shell.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { cli } from "../cli/cli-helpers";

const STACK = `resources:
  site:
    type: bucket
    properties:
      directoryUpload: { directoryPath: ../public }
`;

/** A project folder holding `public/index.html` and the stack file at `stackAt` (a path within it); Pulumi.yaml when asked. */
function project(stackAt: string, pulumiYaml: boolean): { root: string; file: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "project-paths-"));
  fs.mkdirSync(path.join(root, "public"));
  fs.writeFileSync(path.join(root, "public", "index.html"), "<p>hi</p>");
  if (pulumiYaml) fs.writeFileSync(path.join(root, "Pulumi.yaml"), "name: p\nruntime: nodejs\n");
  const file = path.join(root, stackAt);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, STACK);
  return { root, file };
}

async function syncBaseDir(file: string): Promise<string> {
  const r = await cli("plan", file, "--json");
  assert.strictEqual(r.code, 0, r.err);
  const sync = JSON.parse(r.out).resources.find((x: { name: string }) => x.name === "site-directory-sync");
  return sync.inputs.baseDir;
}

describe("paths a deploy reads are stored relative to the project folder, not to where the command runs", function () {
  this.timeout(60000);

  it("a stack file below the folder holding Pulumi.yaml (stackfile:file stacks/web.yaml): the directory relative to that folder", async () => {
    const { root, file } = project("stacks/web.yaml", true);
    try {
      assert.notStrictEqual(process.cwd(), root);
      assert.strictEqual(await syncBaseDir(file), "public");
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it("no Pulumi.yaml above the stack file: relative to the stack file's folder, where init puts Pulumi.yaml", async () => {
    const { root, file } = project("web/stack.yaml", false);
    try {
      assert.strictEqual(await syncBaseDir(file), "../public");
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

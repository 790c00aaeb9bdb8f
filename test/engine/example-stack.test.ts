// The example stack (examples/yaml-stack: redis clusters, a gateway with CORS,
// a custom domain and a CDN, a function, the Next.js site built by the real
// OpenNext build) under the real Pulumi engine: the first preview of a new
// stack, with computed outputs unknown, registers exactly what `plan` shows;
// `up` creates it; a second preview with no change shows no change, the
// builds and bundles included.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { execFileSync } from "child_process";
import { REPO, newStack, removeStack, requireEngine, type EngineStack } from "./harness";

const SECRETS = { sessionsPassword: "Sessions-Password-123", redis: JSON.stringify({ cachePassword: "Cache-Password-12345" }) };

describe("engine: the example stack (real pulumi)", function () {
  this.timeout(1_200_000);
  let s: EngineStack | undefined;
  let root: string | undefined;
  before(function () {
    requireEngine(this);
  });
  after(() => {
    removeStack(s);
    if (root && !process.env.STACKFILE_KEEP_ENGINE_DIRS) fs.rmSync(root, { recursive: true, force: true });
  });

  it("a new stack's first preview registers what plan shows; up; a second preview shows no change", async () => {
    // The example as a user's checkout has it: the stack folder beside the app it names (../nextjs-app).
    root = fs.mkdtempSync(path.join(os.tmpdir(), "stackfile-example-"));
    const dir = path.join(root, "yaml-stack");
    // Its stack file and functions; engine.sh makes the Pulumi project (the example's own Pulumi.yaml and
    // package.json install stackfile from the registry, which a test here cannot).
    const own = new Set(["Pulumi.yaml", "package.json", "package-lock.json", "node_modules", ".stackfile-cache"]);
    fs.cpSync(path.join(REPO, "examples", "yaml-stack"), dir, { recursive: true, filter: (p) => !own.has(path.basename(p)) });
    fs.symlinkSync(path.join(REPO, "examples", "nextjs-app"), path.join(root, "nextjs-app"));
    s = await newStack(fs.readFileSync(path.join(dir, "stack.yaml"), "utf8"), {}, SECRETS, dir);

    const plan = JSON.parse(execFileSync(process.execPath, [path.join(REPO, "bin", "stackfile.js"), "plan", path.join(dir, "stack.yaml"), "--json",
      ...Object.entries(SECRETS).map(([k, v]) => `--secret=${k}=${v}`)], { cwd: REPO, encoding: "utf8", maxBuffer: 64 << 20 }));
    const planned = (plan.resources as { type: string; name: string }[]).map((r) => `${r.type} ${r.name}`).sort();

    const first = await s.previewSteps();
    const previewed = first.filter((x) => x.type !== "pulumi:pulumi:Stack" && !x.type.startsWith("pulumi:providers:")).map((x) => `${x.type} ${x.name}`).sort();
    assert.deepStrictEqual(previewed, planned, "the engine's preview registers the resources plan shows");
    assert.ok(first.every((x) => x.op === "create"), "a new stack: every step creates");

    await s.ok(["up", "--yes"]);
    const world = s.world();
    assert.ok(Object.values(world.resources).some((r) => r.type === "aws:cloudfront/distribution:Distribution" && r.name === "web-distribution"));
    assert.ok(world.log.some((l) => l.startsWith("invalidate ")), "the site's cache was invalidated through the CloudFront endpoint");

    const second = await s.previewSteps();
    assert.deepStrictEqual(second.filter((x) => x.op !== "same").map((x) => `${x.op} ${x.type} ${x.name}`), [], "no change: builds and bundles are the same");
  });
});

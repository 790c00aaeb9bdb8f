// The preview-vs-plan comparison the engine tests use (preview-vs-plan.ts):
// it passes what agrees (unknowns at preview not judged) and fails naming the
// resource and the input, or the parent, where the two disagree.
import * as assert from "assert";
import { createHash } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { folderDigest } from "../../src/cli/assets-view";
import { autoName } from "../../src/aws-rules/naming";
import { assertPreviewMatchesPlan, previewVsPlan, UNKNOWN, type PlannedResource, type PreviewJsonStep } from "./preview-vs-plan";

const STACK = "urn:pulumi:dev::p::pulumi:pulumi:Stack::p-dev";
const COMPONENT = "urn:pulumi:dev::p::stackfile:index:Function::hello";
const FUNCTION = "urn:pulumi:dev::p::stackfile:index:Function$aws:lambda/function:Function::hello-function";

/** The name pulumi-aws's Check gives the function (the preview has it; the program registers none). */
const AUTO = (autoName("aws:lambda/function:Function", "hello-function") as { name: string }).name;

function steps(fnInputs: Record<string, unknown>, fnParent = COMPONENT): PreviewJsonStep[] {
  return [
    { op: "create", urn: STACK, newState: { type: "pulumi:pulumi:Stack", urn: STACK, inputs: {} } },
    { op: "create", urn: COMPONENT, newState: { type: "stackfile:index:Function", urn: COMPONENT, parent: STACK, inputs: {} } },
    { op: "create", urn: FUNCTION, newState: { type: "aws:lambda/function:Function", urn: FUNCTION, parent: fnParent, inputs: { name: AUTO, ...fnInputs } } },
  ];
}

const planned = (fnInputs: Record<string, unknown>): PlannedResource[] => [
  { type: "stackfile:index:Function", name: "hello", parent: null, inputs: {} },
  { type: "aws:lambda/function:Function", name: "hello-function", parent: "hello", inputs: fnInputs },
];

const PLAN = { memorySize: 512, role: "arn:aws:iam::123456789012:role/hello-role-1", environment: { variables: { GREETING: "hi", URL: "https://x" } }, architectures: ["arm64"] };

describe("preview vs plan: types, parents and the inputs known at preview", () => {
  it("agree where the preview knows the same values; an unknown (an output of a resource not made yet) is not judged", () => {
    const preview = { memorySize: 512, role: UNKNOWN, environment: { variables: { GREETING: "hi", URL: UNKNOWN } }, architectures: ["arm64"] };
    assert.deepStrictEqual(previewVsPlan(steps(preview), planned(PLAN)), []);
    assertPreviewMatchesPlan(steps(preview), planned(PLAN));
  });

  it("a deliberately wrong input fails, naming the resource and the input's path", () => {
    const preview = { ...PLAN, memorySize: 256, environment: { variables: { GREETING: "hello", URL: UNKNOWN } } };
    assert.deepStrictEqual(previewVsPlan(steps(preview), planned(PLAN)), [
      "aws:lambda/function:Function hello-function: input environment.variables.GREETING: preview \"hello\", plan \"hi\"",
      "aws:lambda/function:Function hello-function: input memorySize: preview 256, plan 512",
    ]);
    assert.throws(() => assertPreviewMatchesPlan(steps(preview), planned(PLAN)), /hello-function: input memorySize: preview 256, plan 512/);
  });

  it("an input on one side only, a list element, a different parent and a resource on one side only each fail", () => {
    const { architectures: _, ...noArch } = PLAN;
    assert.deepStrictEqual(previewVsPlan(steps({ ...noArch, timeout: 3 }), planned(PLAN)), [
      "aws:lambda/function:Function hello-function: input architectures: preview (none), plan [\"arm64\"]",
      "aws:lambda/function:Function hello-function: input timeout: preview 3, plan (none)",
    ]);
    assert.deepStrictEqual(previewVsPlan(steps({ ...PLAN, architectures: ["x86_64"] }), planned(PLAN)), [
      "aws:lambda/function:Function hello-function: input architectures[0]: preview \"x86_64\", plan \"arm64\"",
    ]);
    assert.deepStrictEqual(previewVsPlan(steps(PLAN, STACK), planned(PLAN)), ["aws:lambda/function:Function hello-function: parent: preview (the stack), plan hello"]);
    assert.deepStrictEqual(previewVsPlan(steps(PLAN).slice(0, 2), planned(PLAN)), ["aws:lambda/function:Function hello-function: in plan, not in the preview"]);
  });

  it("the name pulumi-aws's Check adds is compared with plan's auto-name, and an archive by its content hash", () => {
    const name = AUTO;
    const archive = (hash: string) => ({ "4dabf18193072939515e22adb298388d": "0def7320c3a5731c473e5ecbe6d01bc7", hash, path: "/tmp/x/.stackfile-cache/f.zip" });
    const planCode = { ...PLAN, code: "archive of .stackfile-cache/f.zip (sha256 abc123)" };
    assert.deepStrictEqual(previewVsPlan(steps({ ...planCode, name, code: archive("abc123") }), planned(planCode)), []);
    assert.deepStrictEqual(previewVsPlan(steps({ ...planCode, name: "hello-function-0000000", code: archive("def456") }), planned(planCode)), [
      "aws:lambda/function:Function hello-function: input code: preview sha256 def456, plan archive of .stackfile-cache/f.zip (sha256 abc123)",
      `aws:lambda/function:Function hello-function: input name: preview "hello-function-0000000", plan "${name}"`,
    ]);
  });

  it("a folder archive is compared by plan's digest of the folder the preview names (the engine's own hash is of its packing); an archive of assets member by member", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "preview-vs-plan-"));
    try {
      fs.writeFileSync(path.join(dir, "index.js"), "exports.handler = async () => 1;");
      const digest = folderDigest(dir).sha256;
      const SIG = "4dabf18193072939515e22adb298388d";
      const folder = { [SIG]: "0def7320c3a5731c473e5ecbe6d01bc7", hash: "the-engines-own", path: dir };
      const planCode = { ...PLAN, code: `archive of bundle (1 files, sha256 ${digest})` };
      assert.deepStrictEqual(previewVsPlan(steps({ ...planCode, name: AUTO, code: folder }), planned(planCode)), []);
      fs.writeFileSync(path.join(dir, "index.js"), "exports.handler = async () => 2;");
      assert.deepStrictEqual(previewVsPlan(steps({ ...planCode, name: AUTO, code: folder }), planned(planCode)), [
        `aws:lambda/function:Function hello-function: input code: preview the folder ${dir} of sha256 ${folderDigest(dir).sha256}, plan archive of bundle (1 files, sha256 ${digest})`,
      ]);
      const text = (t: string) => ({ [SIG]: "c44067f5952c0a294b673a41bacd8c17", hash: createHash("sha256").update(t).digest("hex"), text: t });
      const members = { [SIG]: "0def7320c3a5731c473e5ecbe6d01bc7", hash: "the-engines-own", assets: { "a.js": text("1"), "b.js": text("2") } };
      const sha = (t: string) => createHash("sha256").update(t).digest("hex");
      const planMembers = { ...PLAN, code: { archive: { "a.js": `text, 1 bytes, sha256 ${sha("1")}`, "b.js": `text, 1 bytes, sha256 ${sha("3")}` } } };
      assert.deepStrictEqual(previewVsPlan(steps({ ...planMembers, name: AUTO, code: members }), planned(planMembers)), [
        `aws:lambda/function:Function hello-function: input code.b.js: preview sha256 ${sha("2")}, plan text, 1 bytes, sha256 ${sha("3")}`,
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

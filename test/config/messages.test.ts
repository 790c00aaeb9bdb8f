// The first hour's messages, each as the exact line a user reads: a `{` in a
// flow map's plain value, indentation mistakes, a resource key dedented to a
// resource of its own, secret names one edit apart, a literal password, an
// instance size without `cache.`, and the password rules in init's stack.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { cli } from "../cli/cli-helpers";
import { initFiles } from "../../src/cli/init";
import { explainSyntaxProblems } from "../../src/config/yaml-messages";

/** A hang guard, not a timing: generous, for a loaded machine; only a runaway case reaches it (the times are figures of `npm run bench`). */
const HANG_GUARD_MS = 20_000;

/** The stack in a folder with init's other files (its function). */
function stack(text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "messages-"));
  for (const [name, content] of Object.entries(initFiles("app"))) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), name === "stack.yaml" ? text : content);
  }
  return path.join(dir, "stack.yaml");
}

/** init's own stack, so the mistakes are made where a new user makes them. */
const initStack = () => initFiles("app")["stack.yaml"];

async function validate(text: string): Promise<{ code: number; lines: string[]; file: string }> {
  const file = stack(text);
  const r = await cli("validate", file);
  return { code: r.code, lines: r.err.split("\n").filter(Boolean).map((l) => l.replace(`${file}:`, "")), file };
}

describe("messages a new user meets", () => {
  it("path: /items/{id} in init's flow map: one line, 'put the value in quotes'", async () => {
    const text = initStack().replace("path: /hello, method: GET }", "path: /items/{id}, method: GET }");
    const r = await validate(text);
    assert.strictEqual(r.code, 1);
    const line = text.split("\n").findIndex((l) => l.includes("/items/{id}")) + 1;
    assert.deepStrictEqual(r.lines, [
      `${line}:56: invalid YAML: the value of 'path' holds '{', which ends a value inside { ... }: put the value in quotes: path: '/items/{id}'`,
    ]);
    // Quoted as it says, the file is valid.
    assert.strictEqual((await validate(text.replace("path: /items/{id},", "path: '/items/{id}',"))).code, 0);
  });

  it("a hostile line of brackets is not searched for a value to quote: the parser's own words, in bounded time", () => {
    const line = `  a: { b: x${"{".repeat(200_000)}  y }`;
    const parser = [{ file: "s.yaml", line: 2, col: 12, message: "invalid YAML: Unexpected flow-map-start at node end" }];
    const started = Date.now();
    const out = explainSyntaxProblems("s.yaml", `resources:\n${line}\n`, parser);
    // The quadratic search this replaced took minutes on this line.
    assert.ok(Date.now() - started < HANG_GUARD_MS, `hang guard: still explaining after ${HANG_GUARD_MS / 1000} s`);
    assert.deepStrictEqual(out, parser);
  });

  it("a key indented two more than its siblings: 'indentation' and the column, at its own line", async () => {
    const text = initStack().replace("      joinDefaultVpc: true", "        joinDefaultVpc: true");
    const line = text.split("\n").findIndex((l) => l.includes("joinDefaultVpc")) + 1;
    assert.deepStrictEqual((await validate(text)).lines, [
      `${line}:9: invalid YAML: indentation: 'joinDefaultVpc' starts at column 9, but the keys of its map start at column 7 ('entryfilePath', line ${line - 1}); indent it to column 7`,
    ]);
  });

  it("a key indented one less than its siblings: one line, at that key, not one per following line", async () => {
    const text = initStack().replace("      joinDefaultVpc: true", "     joinDefaultVpc: true");
    const line = text.split("\n").findIndex((l) => l.includes("joinDefaultVpc")) + 1;
    assert.deepStrictEqual((await validate(text)).lines, [
      `${line}:6: invalid YAML: indentation: 'joinDefaultVpc' starts at column 6, but the keys of its map start at column 7 ('entryfilePath', line ${line - 1}); indent it to column 7`,
    ]);
  });

  it("the first key of a map indented off the file's step: said at that key, with the column its siblings use", async () => {
    const text = initStack().replace("      instanceSize: cache.t4g.micro", "       instanceSize: cache.t4g.micro");
    const line = text.split("\n").findIndex((l) => l.includes("instanceSize")) + 1;
    assert.deepStrictEqual((await validate(text)).lines, [
      `${line}:8: invalid YAML: indentation: 'instanceSize' starts at column 8, but the keys of its map start at column 7 ('defaultUserPassword', line ${line + 1}); indent it to column 7`,
    ]);
  });

  it("a dedented properties: only that it is indented as a resource, not the errors it causes elsewhere", async () => {
    const text = initStack().replace("    type: redis-cluster\n    properties:", "    type: redis-cluster\n  properties:");
    const line = text.split("\n").findIndex((l) => l === "  properties:") + 1;
    const r = await validate(text);
    assert.strictEqual(r.code, 1);
    assert.deepStrictEqual(r.lines, [
      `${line}:3: indentation: 'properties' is indented as a resource of its own; it belongs to 'cache' above: indent it to the column of that resource's 'type'`,
    ]);
  });

  it("a resource with problems of its own: connectTo naming it says nothing more", async () => {
    const text = initStack().replace(/ {2}cache:\n {4}type: redis-cluster\n {4}properties:\n.*\n.*\n/, "  cache:\n    type: redis-cluster\n");
    const r = await validate(text);
    assert.deepStrictEqual(r.lines.map((l) => l.replace(/^\d+:\d+: /, "")), ["resource 'cache' (redis-cluster) needs 'properties'"]);
  });

  it("secret names one edit apart: a warning at the rarer one; the file stays valid", async () => {
    const text = initStack().replace("value: $Secret('cachePassword')", "value: $Secret('cachePasword')");
    const line = text.split("\n").findIndex((l) => l.includes("cachePasword")) + 1;
    const r = await validate(text);
    assert.strictEqual(r.code, 0);
    assert.deepStrictEqual(r.lines, [
      `${line}:18: warning: secret 'cachePasword' is one edit from 'cachePassword', also read in this file: they are two secrets; if they are meant to be one, write one name`,
    ]);
  });

  it("a literal defaultUserPassword: a warning to use $Secret", async () => {
    const text = initStack().replace("defaultUserPassword: $Secret('cachePassword')", "defaultUserPassword: Correct-Horse-Battery-1");
    const line = text.split("\n").findIndex((l) => l.includes("Correct-Horse")) + 1;
    const r = await validate(text);
    assert.strictEqual(r.code, 0);
    assert.deepStrictEqual(r.lines, [
      `${line}:28: warning: defaultUserPassword is written in the file (and so in its history); use $Secret('cachePassword') and set it with: pulumi config set --secret cachePassword`,
    ]);
    assert.ok(!r.lines.join("\n").includes("Correct-Horse"), "the literal is not repeated");
  });

  it("instanceSize without 'cache.': refused (no such node type), with did you mean", async () => {
    const text = initStack().replace("instanceSize: cache.t4g.micro", "instanceSize: t4g.micro");
    const line = text.split("\n").findIndex((l) => l.includes("instanceSize")) + 1;
    const r = await validate(text);
    assert.strictEqual(r.code, 1);
    assert.deepStrictEqual(r.lines, [`${line}:21: instanceSize must be one of the 60 allowed values, not the string "t4g.micro"; did you mean cache.t4g.micro?`]);
  });

  it("init's stack says the password rules, the ones validate and plan check", () => {
    assert.ok(initStack().split("\n").includes(
      "# cachePassword: 16 to 128 characters: letters, digits and only these specials: ! & # $ ^ < > - (no spaces, / \\ \" or @).",
    ));
  });
});

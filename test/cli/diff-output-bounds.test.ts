// diff prints a file's problems and warnings as validate does: at most
// MAX_PRINTED_PROBLEMS problems (MAX_PRINTED_WARNINGS warnings), then one line
// counting the rest, so a hostile file cannot flood a pull request's log.
import * as assert from "assert";
import { cli, tmpFile } from "./cli-helpers";
import { MAX_PRINTED_PROBLEMS } from "../../src/config/stackfile";

/** `count` gateways, each with a field the schema refuses. */
function gatewaysWithProblems(count: number): string {
  const lines = ["resources:"];
  for (let i = 0; i < count; i++) lines.push(`  g${i}:`, "    type: http-api-gateway", "    properties:", `      notAField${i}: 1`);
  return `${lines.join("\n")}\n`;
}

describe("stackfile diff: bounded output", () => {
  it("prints at most 100 problems of the new file, then a line counting the rest", async () => {
    const file = tmpFile(gatewaysWithProblems(150));
    const r = await cli("diff", "--new-stack", file);
    assert.strictEqual(r.code, 1, r.err);
    const lines = r.err.trimEnd().split("\n");
    assert.strictEqual(lines.length, MAX_PRINTED_PROBLEMS + 1, r.err.slice(0, 400));
    assert.match(lines[0], /stack\.yaml:\d+:\d+: /);
    assert.strictEqual(lines[lines.length - 1], `${file}: 50 more problems not shown; fix the ones above and run again`);
  });

  it("a file with fewer problems prints each of them and no count line", async () => {
    const r = await cli("diff", "--new-stack", tmpFile(gatewaysWithProblems(3)));
    assert.strictEqual(r.code, 1);
    const lines = r.err.trimEnd().split("\n");
    assert.strictEqual(lines.length, 3, r.err);
    assert.ok(lines.every((l) => /stack\.yaml:\d+:\d+: /.test(l)), r.err);
  });
});

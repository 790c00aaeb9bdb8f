// `plan --json` is written in pieces, and the pieces make the very text of
// `JSON.stringify({ resources, outputs }, null, 2)`: for no resource, one,
// and more than one piece's worth.
import * as assert from "assert";
import { writePlanJson } from "../../src/cli/plan-json";

function written(plan: { resources: unknown[]; outputs: unknown }): { text: string; pieces: number } {
  const pieces: string[] = [];
  writePlanJson(plan, (t) => pieces.push(t));
  return { text: pieces.map((p) => `${p}\n`).join(""), pieces: pieces.length };
}

const resource = (i: number) => ({
  type: "aws:s3/bucket:Bucket", name: `b${i}`, parent: i % 2 ? null : "top", dependsOn: [`a${i}`],
  inputs: { tags: { a: "x\ny \"quoted\" \u2028" }, list: [1, [2, {}], []], empty: {}, none: null, skipped: undefined },
});

describe("plan --json written in pieces", () => {
  for (const n of [0, 1, 3, 2000]) {
    it(`gives the bytes of JSON.stringify(..., null, 2) for ${n} resources`, () => {
      const plan = { resources: Array.from({ length: n }, (_, i) => resource(i)), outputs: n ? { b0: { url: "https://x", n: 1, list: [] } } : {} };
      const out = written(plan);
      assert.strictEqual(out.text, JSON.stringify(plan, null, 2) + "\n");
      if (n === 2000) assert.ok(out.pieces > 3, `${out.pieces} pieces`);
    });
  }
});

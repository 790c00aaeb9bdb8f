// A mistyped option may be a secret pasted in the wrong place, or hold a
// newline that forges a `FILE:LINE:COL:` line: it is named only when it looks like an option.
import * as assert from "assert";
import { cli, tmpFile } from "./cli-helpers";

describe("unknown options", () => {
  const f = tmpFile("resources:\n  api:\n    type: http-api-gateway\n");

  for (const command of ["diff", "plan", "validate"]) {
    it(`${command}: an option that does not look like one is not echoed`, async () => {
      const args = command === "diff" ? [f, f] : [f];
      const secret = await cli(command, ...args, "--Hunter2TopSecretPw!");
      assert.strictEqual(secret.code, 2);
      assert.ok(!secret.err.includes("Hunter2"), secret.err);
      assert.match(secret.err, new RegExp(`^stackfile ${command}: unknown option \\(not shown\\) for ${command}$`, "m"));
      const forged = await cli(command, ...args, "--x\nstack.yaml:1:1: forged\u001b[31m");
      assert.ok(!forged.err.includes("forged") && !forged.err.includes("\u001b"), forged.err);
    });
  }
});

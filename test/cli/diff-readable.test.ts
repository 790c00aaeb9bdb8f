// What a pull-request reviewer reads in `diff`: a new event is one added
// route (not a line per field), and a refused change's comment says what the
// reader can do (the CI recipe's `allow-replace:<resource>` label).
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { cli, tmpFile, cacheStack } from "./cli-helpers";

const event = (p: string, method: string) => `        - type: http-api-gateway
          properties:
            httpApiGatewayName: api
            path: ${p}
            method: ${method}
`;

function stacks(): { before: string; after: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "diff-readable-"));
  fs.writeFileSync(path.join(dir, "fn.js"), "exports.handler = async () => ({ statusCode: 200 });\n");
  const stack = (events: string) => `resources:
  api:
    type: http-api-gateway
  fn:
    type: function
    properties:
      entryfilePath: ./fn.js
      events:
${events}`;
  return {
    before: tmpFile(stack(event("/items", "GET")), "before.yaml", dir),
    after: tmpFile(stack(event("/items", "GET") + event("/items/{id}", "PUT")), "after.yaml", dir),
  };
}

describe("diff for a reviewer", function () {
  this.timeout(120000);

  it("a new event shows as one added route in the stack file changes", async () => {
    const { before, after } = stacks();
    const r = await cli("diff", before, after);
    assert.strictEqual(r.code, 0, r.err);
    const config = r.out.split("\n\n")[0];
    assert.strictEqual(config, ["~ fn (function): changed", "    events[1]: added route PUT /items/{id} on api"].join("\n"));
    const json = JSON.parse((await cli("diff", before, after, "--format", "json")).out);
    assert.deepStrictEqual(json.config[0].changes, [{
      property: "events[1]", old: null,
      new: { type: "http-api-gateway", properties: { httpApiGatewayName: "api", path: "/items/{id}", method: "PUT" } },
    }]);
    // And the other way: a removed event is one removed route.
    const back = await cli("diff", after, before);
    assert.match(back.out, /^ {4}events\[1\]: removed route PUT \/items\/\{id\} on api$/m);
  });

  it("a refused data loss: the markdown comment names the label the CI recipe reads, for that resource", async () => {
    const cache = cacheStack;
    const r = await cli("diff", tmpFile(cache()), tmpFile(cache("      port: 6380\n")), "--format", "markdown");
    assert.strictEqual(r.code, 1);
    assert.ok(r.out.split("\n").includes(
      "A refused change fails this check. Fix it, or, where losing the data is intended, add the label `allow-replace:cache` to this pull request: " +
      "the workflow of examples/ci then runs the diff with `--allow-replace` for that resource (locally: `stackfile diff OLD NEW --allow-replace <resource>`).",
    ), r.out);
    // The label is the one examples/ci/stackfile-diff.yml turns into the flag.
    const workflow = fs.readFileSync(path.join(__dirname, "..", "..", "examples", "ci", "stackfile-diff.yml"), "utf8");
    assert.match(workflow, /allow-replace:\*\) args\+=\(--allow-replace "\$\{label#allow-replace:\}"\)/);
  });
});

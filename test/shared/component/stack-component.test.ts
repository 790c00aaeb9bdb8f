// What a type's maker hands the program: its parameters read from the
// component's fields, typed so that a parameter the component has no field
// for does not compile (tsc checks this file: `npm test` type-checks first).
import * as assert from "assert";
import * as pulumi from "@pulumi/pulumi";
import { paramOutputs } from "../../../src/shared/component/stack-component";

class Made {
  readonly url = pulumi.output("https://example.com");
  readonly reader?: pulumi.Output<string>;
  readonly notAnOutput = "text";
}

describe("a type's maker", () => {
  it("reads the parameters from the component's fields, leaving out those it does not have", async () => {
    const out = paramOutputs(new Made(), { url: { type: "string" }, reader: { type: "string" } });
    assert.deepStrictEqual(Object.keys(out), ["url"]);
    assert.strictEqual(await new Promise((resolve) => out.url.apply(resolve)), "https://example.com");
  });

  it("a parameter that is not a field of the component does not compile, and a field that is not an Output is a defect", () => {
    // @ts-expect-error: 'host' is not a field of Made
    assert.deepStrictEqual(paramOutputs(new Made(), { url: { type: "string" }, host: { type: "string" } }).host, undefined);
    assert.throws(() => paramOutputs(new Made(), { notAnOutput: { type: "string" } }), /parameter 'notAnOutput' is not an Output of the component/);
  });
});

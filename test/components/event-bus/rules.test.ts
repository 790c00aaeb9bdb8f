import * as assert from "assert";
import { eventBusStaticProblems } from "../../../src/components/event-bus/rules";

const found = (props: Record<string, unknown>) => eventBusStaticProblems(props).map((p) => `${p.path.join(".")}: ${p.message}`);

describe("event-bus static rules", () => {
  it("a custom bus, and a partner source whose name is a bus name, pass", () => {
    assert.deepStrictEqual(found({}), []);
    assert.deepStrictEqual(found({ eventSourceName: "aws.partner/example.com/123/orders", archivation: { enabled: true, retentionDays: 30 } }), []);
  });

  it("refuses a partner source whose name no bus can take (the partner bus is named as its source)", () => {
    assert.deepStrictEqual(found({ eventSourceName: "aws.partner/example.com/123/new orders" }), [
      "eventSourceName: name 'aws.partner/example.com/123/new orders' may hold only letters, digits and /._-: a partner event bus is named as its event source (events/partner-bus-name)",
    ]);
    assert.strictEqual(found({ eventSourceName: `aws.partner/${"x".repeat(260)}` }).length, 1);
  });

  it("does not judge a source not known yet", () => {
    assert.deepStrictEqual(found({ eventSourceName: { __stackfileUnknown: true } }), []);
  });
});

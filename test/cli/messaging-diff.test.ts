// What `diff` refuses of topics and buses: a FIFO flip replaces the topic
// (its subscriptions go with it), switching an archive off or replacing the
// bus under it deletes the archived events; a retention change is in place.
import * as assert from "assert";
import { cli, tmpFile } from "./cli-helpers";

const topic = (props: string) => `resources:\n  alerts:\n    type: sns-topic\n    properties: { ${props} }\n`;
const bus = (props: string) => `resources:\n  orders:\n    type: event-bus\n    properties: { ${props} }\n`;

async function jsonDiff(a: string, b: string, ...more: string[]) {
  const r = await cli("diff", tmpFile(a), tmpFile(b), "--format", "json", ...more);
  const out = r.out ? JSON.parse(r.out) : undefined;
  return { ...r, byName: (name: string) => out?.resources.find((x: { name: string }) => x.name === name) };
}

describe("stackfile diff: sns-topic and event-bus", function () {
  this.timeout(120000);

  it("a FIFO flip replaces the topic and loses its subscriptions: refused without --allow-replace, accepted with it", async () => {
    const r = await jsonDiff(topic("fifoEnabled: false"), topic("fifoEnabled: true"));
    assert.strictEqual(r.code, 1);
    assert.deepStrictEqual([r.byName("alerts-topic").action, r.byName("alerts-topic").replaceBecause, r.byName("alerts-topic").dataLoss], ["replace", ["fifoTopic"], true]);
    assert.match(r.err, /alerts: alerts-topic \(aws:sns\/topic:Topic\) is replaced because fifoTopic forces a new resource: .*its subscriptions: those made outside the stack are gone, and every email and HTTPS endpoint must confirm its subscription again; if that is intended, pass --allow-replace alerts/);
    assert.strictEqual((await jsonDiff(topic("fifoEnabled: false"), topic("fifoEnabled: true"), "--allow-replace", "alerts")).code, 0);
  });

  it("switching the archive off deletes it with its events: refused; a new retention is an update in place", async () => {
    const off = await jsonDiff(bus("archivation: { enabled: true }"), bus("archivation: { enabled: false }"));
    assert.strictEqual(off.code, 1);
    assert.deepStrictEqual([off.byName("orders-archive").action, off.byName("orders-archive").dataLoss], ["delete", true]);
    const retention = await jsonDiff(bus("archivation: { enabled: true, retentionDays: 30 }"), bus("archivation: { enabled: true, retentionDays: 90 }"));
    assert.strictEqual(retention.code, 0, retention.err);
    assert.deepStrictEqual([retention.byName("orders-archive").action, retention.byName("orders-archive").changed], ["update", ["retentionDays"]]);
  });

  it("a new partner source replaces the bus, and with it its archive (its events lost): refused", async () => {
    const r = await jsonDiff(bus("eventSourceName: aws.partner/example.com/1/a, archivation: { enabled: true }"), bus("eventSourceName: aws.partner/example.com/1/b, archivation: { enabled: true }"));
    assert.strictEqual(r.code, 1);
    assert.strictEqual(r.byName("orders-bus").action, "replace");
    assert.deepStrictEqual([r.byName("orders-archive").action, r.byName("orders-archive").dataLoss], ["replace", true]);
  });
});

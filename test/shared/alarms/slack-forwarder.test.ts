// The slack forwarder's code, run as Lambda would run it: an alarm's SNS
// record is posted as `{text}` (state, name, Region, reason) to the webhook;
// any other message as it is; a webhook that refuses makes it fail (Lambda
// retries).
import * as assert from "assert";
import * as fs from "fs";
import * as http from "http";
import * as os from "os";
import * as path from "path";
import type { AddressInfo } from "net";
import { FORWARDER_SOURCE } from "../../../src/shared/alarms/slack-forwarder";

describe("slack forwarder", () => {
  let server: http.Server;
  let status = 200;
  const posted: { contentType?: string; body: unknown }[] = [];
  let handler: (event: unknown) => Promise<void>;
  before(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        posted.push({ contentType: req.headers["content-type"], body: JSON.parse(body) });
        res.statusCode = status;
        res.end("ok");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    process.env.WEBHOOK_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forwarder-"));
    fs.writeFileSync(path.join(dir, "index.js"), FORWARDER_SOURCE);
    handler = require(path.join(dir, "index.js")).handler;
  });
  after(() => {
    delete process.env.WEBHOOK_URL;
    server.close();
  });

  it("posts an alarm's state, name, Region and reason as {text}, and any other message as it is", async () => {
    const alarm = { AlarmName: "api-latency-alarm", NewStateValue: "ALARM", NewStateReason: "Threshold Crossed: 1 datapoint [6000.0] >= 5000.0", Region: "US East (N. Virginia)" };
    await handler({ Records: [{ Sns: { Message: JSON.stringify(alarm) } }, { Sns: { Message: "plain words" } }] });
    assert.deepStrictEqual(posted, [
      { contentType: "application/json", body: { text: "ALARM: api-latency-alarm (US East (N. Virginia)): Threshold Crossed: 1 datapoint [6000.0] >= 5000.0" } },
      { contentType: "application/json", body: { text: "plain words" } },
    ]);
  });

  it("fails when the webhook refuses (so Lambda retries the event)", async () => {
    status = 500;
    await assert.rejects(handler({ Records: [{ Sns: { Message: "x" } }] }), /the webhook answered 500/);
  });
});

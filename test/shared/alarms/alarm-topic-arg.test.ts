// `alarmTopic` as a TypeScript program gives it, with topics of its own
// (`{arn, cloudFrontArn?}`): a cache's alarms and a bucket CDN's alarm notify
// the topic of their Region; without `cloudFrontArn`, the CDN's alarm (made in
// us-east-1) notifies no one rather than a topic of another Region.
import * as assert from "assert";
import { RedisCluster } from "../../../src/components/redis-cluster";
import { Bucket } from "../../../src/components/bucket";
import { run } from "../../harness";

const ALARM = "aws:cloudwatch/metricAlarm:MetricAlarm";
const HERE = "arn:aws:sns:eu-west-1:123456789012:ops";
const EAST = "arn:aws:sns:us-east-1:123456789012:ops";
const actions = (r: Awaited<ReturnType<typeof run>>) => Object.fromEntries(r.all(ALARM).map((a) => [a.name, [a.inputs.alarmActions, a.inputs.okActions]]));

describe("alarmTopic from TypeScript", () => {
  it("a cache's alarms notify the topic given", async () => {
    const r = await run(() => new RedisCluster("cache", { instanceSize: "cache.t4g.micro", defaultUserPassword: "Correct-Horse-Battery-1", alarmTopic: { arn: HERE, cloudFrontArn: EAST } }));
    const got = actions(r);
    assert.ok(Object.keys(got).length >= 3);
    for (const [name, a] of Object.entries(got)) assert.deepStrictEqual([name, a], [name, [[HERE], [HERE]]]);
  });

  it("a bucket CDN's alarm notifies the us-east-1 topic, and no one without it", async () => {
    const withBoth = await run(() => new Bucket("files", { cdn: { enabled: true }, alarmTopic: { arn: HERE, cloudFrontArn: EAST } }));
    assert.deepStrictEqual(actions(withBoth), { "files-cdn-server-errors-alarm": [[EAST], [EAST]] });
    const hereOnly = await run(() => new Bucket("files", { cdn: { enabled: true }, alarmTopic: { arn: HERE } }));
    assert.deepStrictEqual(actions(hereOnly), { "files-cdn-server-errors-alarm": [[], []] });
  });
});

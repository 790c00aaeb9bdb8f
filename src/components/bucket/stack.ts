// A stack file's bucket as a Bucket (the program loads this the first time
// the stack has one).
import { checkedProperties, paramOutputs, type StackComponent, type StackEvent } from "../../shared/component/stack-component";
import { Bucket, type BucketArgs, type BucketEvent } from "./index";
import type { FunctionS3EventProperties } from "./s3-event";
import { bucketParams } from "./properties";
import { firewallWebAclId } from "../web-app-firewall/use-firewall-stack";

/** Each `s3` event naming the bucket, to its function (its ARN arrives when the function is made). */
function eventsOf(events: StackEvent[]): BucketEvent[] {
  return events.map((e) => {
    const p = e.properties as unknown as FunctionS3EventProperties;
    return { functionArn: e.handler.arn, label: e.handler.lambdaName, s3EventType: p.s3EventType, filterRule: p.filterRule };
  });
}
export const bucketStack: StackComponent = {
  make(name, args, opts) {
    const bucket = new Bucket(name, {
      ...checkedProperties<BucketArgs>(args.properties),
      // A firewall of the stack by name: its ARN (made first); an ARN as written.
      useFirewall: firewallWebAclId(args, args.properties.useFirewall),
      events: eventsOf(args.events),
      alarmTopic: args.alarmTopic,
      transform: args.transform,
      projectRoot: args.projectRoot,
    }, opts);
    return { resource: bucket, outputs: paramOutputs(bucket, bucketParams), connectable: bucket };
  },
  construct(name, args, opts) {
    const bucket = new Bucket(name, checkedProperties<BucketArgs>(args), opts);
    return { resource: bucket, outputs: paramOutputs(bucket, bucketParams), connectable: bucket };
  },
};

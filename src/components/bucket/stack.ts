// A stack file's bucket as a Bucket (the program loads this the first time
// the stack has one).
import { checkedProperties, paramOutputs, type StackComponent } from "../../shared/component/stack-component";
import { Bucket, type BucketArgs } from "./index";
import { bucketParams } from "./properties";

export const bucketStack: StackComponent = {
  make(name, args, opts) {
    const bucket = new Bucket(name, { ...checkedProperties<BucketArgs>(args.properties), transform: args.transform }, opts);
    return { resource: bucket, outputs: paramOutputs(bucket, bucketParams), connectable: bucket };
  },
  construct(name, args, opts) {
    const bucket = new Bucket(name, checkedProperties<BucketArgs>(args), opts);
    return { resource: bucket, outputs: paramOutputs(bucket, bucketParams), connectable: bucket };
  },
};

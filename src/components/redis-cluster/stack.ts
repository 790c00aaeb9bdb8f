// A stack file's redis-cluster as a RedisCluster (the program loads this the
// first time the stack has one).
import { checkedProperties, paramOutputs, type StackComponent } from "../../shared/component/stack-component";
import { RedisCluster, type RedisClusterArgs } from "./index";
import { redisClusterParams } from "./properties";

export const redisClusterStack: StackComponent = {
  make(name, args, opts) {
    const cluster = new RedisCluster(name, { ...checkedProperties<RedisClusterArgs>(args.properties), alarmTopic: args.alarmTopic, transform: args.transform }, opts);
    return { resource: cluster, outputs: paramOutputs(cluster, redisClusterParams), connectable: cluster };
  },
  construct(name, args, opts) {
    const cluster = new RedisCluster(name, checkedProperties<RedisClusterArgs>(args), opts);
    return { resource: cluster, outputs: paramOutputs(cluster, redisClusterParams), connectable: cluster };
  },
};

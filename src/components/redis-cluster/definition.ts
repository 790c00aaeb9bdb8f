// The redis-cluster resource type as data: what the YAML adapter, `dev` and the
// component read (schema name, parameters, child ids, literal-only fields,
// rules, what connectTo gives).
import { componentDefinition } from "../../shared/component/component-definition";
import { redisClusterParams } from "./properties";
import { redisStaticProblems, redisUpdateProblems, redisWarnings } from "./rules";
import { REDIS_CHILD_IDS, REDIS_CHILDREN } from "./child-ids";
import { connectionTable } from "../../shared/workloads/connection-variables";

/** connectTo's variables (the spec's row: never the password), each from the first of its parameters the cluster has. */
export const REDIS_CONNECTION_VARIABLES = connectionTable(redisClusterParams, { HOST: ["host"], READER_HOST: ["readerHost", "host"], PORT: ["port"] });

export const redisClusterDefinition = componentDefinition({
  type: "redis-cluster",
  definition: "RedisClusterProperties",
  propertiesFile: "src/components/redis-cluster/properties.ts",
  token: "stackfile:index:RedisCluster",
  propertiesOptional: false,
  params: redisClusterParams,
  availableParams(props) {
    const sharded = props.enableSharding === true;
    return Object.entries(redisClusterParams)
      .filter(([, spec]) => !(sharded && "unsharded" in spec))
      .map(([name]) => name);
  },
  literalOnly: [["enableSharding"], ["logging", "disabled"], ["accessibility", "accessibilityMode"], ["logging", "logForwarding", "type"], ["alarms"], ["alarms", "cpu"], ["alarms", "memory"], ["alarms", "evictions"], ["alarms", "replicationLag"]],
  connectable: { vpcOnly: true, variables: REDIS_CONNECTION_VARIABLES },
  childIds: REDIS_CHILD_IDS,
  children: REDIS_CHILDREN,
  staticRules: redisStaticProblems,
  warnings: redisWarnings,
  updateRules: redisUpdateProblems,
});

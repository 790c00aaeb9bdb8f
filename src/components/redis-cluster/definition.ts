// The redis-cluster resource type as data: what the YAML adapter and the component
// both read (schema name, parameters, child ids, literal-only fields, rules).
import { componentDefinition } from "../../shared/component/component-definition";
import { redisClusterParams } from "./properties";
import { redisStaticProblems, redisUpdateProblems, redisWarnings } from "./rules";
import { REDIS_CHILD_IDS, REDIS_CHILDREN } from "./child-ids";

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
  literalOnly: [["enableSharding"], ["logging", "disabled"], ["accessibility", "accessibilityMode"], ["logging", "logForwarding", "type"]],
  connectable: { vpcOnly: true },
  childIds: REDIS_CHILD_IDS,
  children: REDIS_CHILDREN,
  staticRules: redisStaticProblems,
  warnings: redisWarnings,
  updateRules: redisUpdateProblems,
});

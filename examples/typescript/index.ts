// Using the components from your own Pulumi TypeScript program.
// (In your project: `npm install stackfile @pulumi/pulumi @pulumi/aws`,
// then import from "stackfile".)
import * as pulumi from "@pulumi/pulumi";
import { RedisCluster } from "../../src";

const config = new pulumi.Config();

const cache = new RedisCluster("cache", {
  instanceSize: "cache.t4g.small",
  numReplicaNodes: 1,
  enableAutomaticFailover: true,
  engineVersion: "7.1",
  defaultUserPassword: config.requireSecret("cachePassword"),
  logging: { format: "json", retentionDays: 30 },
  // Adjust any child resource by its id (see the RedisCluster docs).
  transform: {
    replicationGroup: (args) => ({ ...args, maintenanceWindow: "sun:05:00-sun:06:00" }),
  },
});

export const cacheHost = cache.host;
export const cacheReaderHost = cache.readerHost;
export const cacheConnectionString = cache.connectionString; // secret

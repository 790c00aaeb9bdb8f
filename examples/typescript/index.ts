// Using the components from your own Pulumi TypeScript program: a redis
// cluster, and a function behind an HTTP API. This folder is a project to
// copy: its README.md has the lines that copy and install it; then
// `pulumi up` as docs/deploy.md says.
import * as pulumi from "@pulumi/pulumi";
import { DefaultVpcEndpoints, Function, HttpApiGateway, RedisCluster } from "stackfile";

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

// Paths in a TypeScript program are relative to the working directory
// Pulumi runs it in: the project folder (where Pulumi.yaml is).
// The default VPC's S3 and DynamoDB gateway endpoints, one set for every
// workload that joins it (made only when one needs them: docs/connect-to.md).
const endpoints = new DefaultVpcEndpoints("default-vpc");
const hello = new Function("hello", {
  entryfilePath: "./functions/hello.ts",
  joinDefaultVpc: true,
  defaultVpcEndpoints: endpoints,
  connectTo: [cache],
  environment: [{ name: "CACHE_PASSWORD", value: config.requireSecret("cachePassword") }],
});
// The default CORS methods are those of the routes the gateway is given
// (`routes`, and `routeMethods` for routes added later with addRoute).
const api = new HttpApiGateway("api", {
  cors: { enabled: true },
  routes: [{ path: "/hello", method: "GET", handler: hello }],
});

export const url = api.url;
export const cacheHost = cache.host;
export const cacheReaderHost = cache.readerHost;
export const cacheConnectionString = cache.connectionString; // secret

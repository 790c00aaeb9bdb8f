// Resource type -> component constructor (loads Pulumi; `validate` never imports this).
// Each component's module is required the first time a resource of its type
// is made, not when this table loads: a stack of redis clusters alone does not
// pay for loading the Next.js build machinery or the function packager (about
// 38 modules of `plan`'s start-up, docs/performance.md). `require`, not `import()`,
// for the reason cli/on-demand.ts gives (tsx's require hook). Nothing in a
// component's module runs on load but its definitions, so when it loads does
// not change what is registered.
/* eslint-disable @typescript-eslint/no-require-imports */
import type * as pulumi from "@pulumi/pulumi";

export type ComponentFactory = (
  name: string, args: Record<string, any>, opts: pulumi.ComponentResourceOptions,
) => pulumi.ComponentResource;

const load = {
  redisCluster: () => require("../components/redis-cluster") as typeof import("../components/redis-cluster"),
  httpApiGateway: () => require("../components/http-api-gateway") as typeof import("../components/http-api-gateway"),
  nextjsWeb: () => require("../components/nextjs-web") as typeof import("../components/nextjs-web"),
  function: () => require("../components/function") as typeof import("../components/function"),
};

export const componentFactories: Record<string, ComponentFactory> = {
  "redis-cluster": (name, args, opts) => new (load.redisCluster().RedisCluster)(name, args as any, opts),
  "http-api-gateway": (name, args, opts) => new (load.httpApiGateway().HttpApiGateway)(name, args as any, opts),
  "nextjs-web": (name, args, opts) => new (load.nextjsWeb().NextjsWeb)(name, args as any, opts),
  function: (name, args, opts) => new (load.function().Function)(name, args as any, opts),
};

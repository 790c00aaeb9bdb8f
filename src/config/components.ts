// Resource type -> component constructor (loads Pulumi; `validate` never imports this).
import type * as pulumi from "@pulumi/pulumi";
import { RedisCluster } from "../components/redis-cluster";
import { HttpApiGateway } from "../components/http-api-gateway";
import { NextjsWeb } from "../components/nextjs-web";
import { Function } from "../components/function";

export type ComponentFactory = (
  name: string, args: Record<string, any>, opts: pulumi.ComponentResourceOptions,
) => pulumi.ComponentResource;

export const componentFactories: Record<string, ComponentFactory> = {
  "redis-cluster": (name, args, opts) => new RedisCluster(name, args as any, opts),
  "http-api-gateway": (name, args, opts) => new HttpApiGateway(name, args as any, opts),
  "nextjs-web": (name, args, opts) => new NextjsWeb(name, args as any, opts),
  function: (name, args, opts) => new Function(name, args as any, opts),
};

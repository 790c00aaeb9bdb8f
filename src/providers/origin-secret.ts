// Dynamic provider for a random secret made once and kept: the value a site's
// CloudFront distribution sends to its server function, which refuses
// requests without it. A new value only when the resource is replaced (or
// `rotation` changes). Self-contained: crypto is required inside the method.
import type * as pulumi from "@pulumi/pulumi";

/** Bump when the provider's behaviour changes. */
export const ORIGIN_SECRET_VERSION = 1;

export interface OriginSecretInputs {
  /** Change it to rotate the secret (the next deploy makes a new value). */
  rotation: string;
  version: number;
}

export const originSecretProvider: pulumi.dynamic.ResourceProvider = {
  async diff(_id: string, olds: any, news: any) {
    const changes = olds.rotation !== news.rotation || olds.version !== news.version;
    return { changes, replaces: olds.rotation !== news.rotation ? ["rotation"] : [], deleteBeforeReplace: false };
  },
  async create(inputs: any) {
    const { randomBytes } = require("crypto");
    const { __provider: _p, ...rest } = inputs;
    return { id: "origin-secret", outs: { ...rest, value: randomBytes(32).toString("base64url") } };
  },
  async update(_id: string, olds: any, news: any) {
    const { __provider: _p, ...rest } = news;
    return { outs: { ...rest, value: olds.value } };
  },
  async delete() {
    // Nothing outside Pulumi's state.
  },
};

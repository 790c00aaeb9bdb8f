// A build id from the app's own sources: unchanged code gives the same id, so
// deploys of an unchanged app change nothing (Next.js picks a random one
// otherwise, and every deploy would look like a change).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

function hashTree(dir, hash) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) hashTree(p, hash);
    else hash.update(p).update(readFileSync(p));
  }
  return hash;
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  generateBuildId: async () => hashTree(new URL("./app", import.meta.url).pathname, createHash("sha256")).digest("hex").slice(0, 20),
};

export default nextConfig;

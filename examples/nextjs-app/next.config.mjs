// A build id from the app's own sources: unchanged code gives the same id, so
// deploys of an unchanged app change nothing (Next.js picks a random one
// otherwise, and every deploy would look like a change). Paths are hashed
// relative to the app, so the same commit checked out anywhere gets the same id.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL(".", import.meta.url));

function hashTree(rel, hash) {
  const dir = join(root, rel);
  if (!existsSync(dir)) return hash;
  for (const name of readdirSync(dir).sort()) {
    const path = `${rel}/${name}`;
    if (statSync(join(root, path)).isDirectory()) hashTree(path, hash);
    else hash.update(path).update("\0").update(readFileSync(join(root, path))).update("\0");
  }
  return hash;
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  generateBuildId: async () => ["app", "public"].reduce((h, d) => hashTree(d, h), createHash("sha256")).digest("hex").slice(0, 20),
};

export default nextConfig;

// The generated stack the benchmarks time: N redis clusters (a quarter of
// them sharded, every tenth port read from the one before). `changed` gives
// a next version of it: every fifth cluster one instance size up, every
// sharded one a shard more (changes made in place: nothing is replaced).
export function generateStack(n: number, changed = false): string {
  const lines = ["resources:"];
  for (let i = 0; i < n; i++) {
    const sharded = i % 4 === 0;
    const bump = changed && i % 5 === 0;
    lines.push(
      `  cache${i}:`,
      "    type: redis-cluster",
      "    properties:",
      `      instanceSize: ${sharded ? (bump ? "cache.r7g.xlarge" : "cache.r7g.large") : bump ? "cache.t4g.medium" : "cache.t4g.small"}`,
      `      enableSharding: ${sharded}`,
      `      numShards: ${sharded ? (changed ? 4 : 3) : 1}`,
      `      numReplicaNodes: ${i % 3 === 0 || sharded ? 1 : 0}`,
      `      defaultUserPassword: $Secret('redis.cache${i}')`,
      `      engineVersion: "${i % 2 ? "7.1" : "6.2"}"`,
      "      logging:",
      `        retentionDays: ${[7, 30, 90][i % 3]}`,
      ...(i > 0 && i % 10 === 0 ? [`      port: $ResourceParam(cache${i - 1}, port)`] : []),
    );
  }
  return lines.join("\n") + "\n";
}

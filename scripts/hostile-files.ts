// Crafted stack files at the 2 MiB limit, each of a kind that once made
// `validate` slow or hungry: problems and warnings in every resource (each
// needs a position), aliases used a lot, a syntax error js-yaml finds only at
// the end, deep nesting, one very long line, one huge scalar, explicit `?`
// keys. Used by `npm run bench:hostile` and by test/cli/hostile-files.test.ts.

/** Just under 2 MiB: the largest file `validate` reads. */
export const LIMIT = 2 * 1024 * 1024 - 64;

/** Repeats `item(i)` after `head` while the text stays under `bytes`, then adds `tail`. */
function fill(head: string, item: (i: number) => string, bytes = LIMIT, tail = ""): string {
  const parts = [head];
  let size = head.length + tail.length;
  for (let i = 0; ; i++) {
    const s = item(i);
    if (size + s.length > bytes) break;
    parts.push(s);
    size += s.length;
  }
  parts.push(tail);
  return parts.join("");
}

export interface HostileFile {
  name: string;
  label: string;
  text: string;
}

/** Every resource with bad fields: each resource gives problems that need a line and column. */
export function manyProblems(): string {
  return fill("resources:\n", (i) => `  r${i}:\n    type: redis-cluster\n    properties: {instanceSize: bad, defaultUserPassword: x, port: nope}\n`);
}

/** Valid resources, each with a no-effect field: one warning per resource. */
export function manyWarnings(): string {
  return fill("resources:\n", (i) => `  c${i}:\n    type: redis-cluster\n    properties:\n      instanceSize: cache.t4g.small\n      enableSharding: false\n      numShards: 2\n      defaultUserPassword: $Secret(pw)\n`);
}

/** Settings shared by aliases (under the 1,000-alias bound), merged into resources with a problem each. */
export function manyAliases(): string {
  let head = "x-shared:\n";
  for (let a = 0; a < 10; a++) head += `  s${a}: &s${a} {type: redis-cluster, properties: {defaultUserPassword: $Secret(pw), port: nope}}\n`;
  head += "resources:\n";
  return fill(head, (i) => (i < 900 ? `  r${i}:\n    <<: *s${i % 10}\n    description: shared settings ${i}\n` : `  r${i}:\n    type: redis-cluster\n    properties: {instanceSize: bad, defaultUserPassword: x}\n`));
}

/** Valid for 2 MiB, then a line js-yaml refuses (an unclosed flow list). */
export function refusedAtEnd(): string {
  return fill("resources:\n", (i) => `  g${i}: {type: http-api-gateway}\n`, LIMIT - 40, "  last: {type: http-api-gateway, x: [1, 2\n");
}

/** Nested lists, as deep as js-yaml reads them, inside a resource. */
export function deepNesting(): string {
  const depth = 5000;
  return fill(`resources:\n  deep:\n    type: redis-cluster\n    properties: {defaultUserPassword: $Secret(pw), port: ${"[".repeat(depth)}1${"]".repeat(depth)}}\n`, (i) => `  r${i}:\n    type: redis-cluster\n    properties: {instanceSize: bad, defaultUserPassword: x}\n`);
}

/** The whole stack in one flow-style line of 2 MiB, every resource with a problem. */
export function longLine(): string {
  return fill("resources: {", (i) => `r${i}: {type: redis-cluster, properties: {instanceSize: bad, defaultUserPassword: x}}, `, LIMIT - 2, "}\n");
}

/** One value of nearly 2 MiB. */
export function hugeScalar(): string {
  const head = "resources:\n  c:\n    type: redis-cluster\n    properties:\n      defaultUserPassword: $Secret(pw)\n      instanceSize: ";
  return head + "x".repeat(LIMIT - head.length - 1) + "\n";
}

/** Keys written the explicit way (`? key`), which the fast position index declines, each resource with a problem. */
export function explicitKeys(): string {
  return fill("resources:\n", (i) => `  ? r${i}\n  : type: redis-cluster\n    properties: {instanceSize: bad, defaultUserPassword: x}\n`);
}

export function hostileFiles(): HostileFile[] {
  return [
    { name: "problems.yaml", label: "2 MiB, a problem in every resource", text: manyProblems() },
    { name: "warnings.yaml", label: "2 MiB, a warning in every resource", text: manyWarnings() },
    { name: "aliases.yaml", label: "2 MiB, 900 aliases merged, problems", text: manyAliases() },
    { name: "refused-at-end.yaml", label: "2 MiB, syntax error on the last line", text: refusedAtEnd() },
    { name: "deep.yaml", label: "2 MiB, 5,000 nested lists, problems", text: deepNesting() },
    { name: "long-line.yaml", label: "2 MiB on one line, problems", text: longLine() },
    { name: "huge-scalar.yaml", label: "2 MiB, one huge scalar", text: hugeScalar() },
    { name: "explicit-keys.yaml", label: "2 MiB, explicit ? keys, problems", text: explicitKeys() },
  ];
}

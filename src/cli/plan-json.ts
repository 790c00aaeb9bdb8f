// `plan --json`, written a resource at a time: the very bytes of
// `JSON.stringify({ resources, outputs }, null, 2)`, without building that
// string (for a stack of thousands of resources it is tens of megabytes, held
// twice while it is printed).

/** `JSON.stringify(value, null, 2)` placed at `depth` levels of indent (every line but the first moves right). */
function nested(value: unknown, depth: number): string {
  // A JSON text has no raw line breaks inside strings: each one starts a line of structure.
  return JSON.stringify(value, null, 2).replace(/\n/g, `\n${"  ".repeat(depth)}`);
}

/**
 * Writes the plan as `JSON.stringify({ resources, outputs }, null, 2)` would,
 * in pieces of whole lines: `line` is called with text that ends where a
 * line ends (the caller adds the line break, as `Io.out` does).
 */
export function writePlanJson(plan: { resources: unknown[]; outputs: unknown }, line: (text: string) => void): void {
  if (!plan.resources.length) {
    line(`{\n  "resources": [],\n  "outputs": ${nested(plan.outputs, 1)}\n}`);
    return;
  }
  line(`{\n  "resources": [`);
  const last = plan.resources.length - 1;
  plan.resources.forEach((r, i) => line(`    ${nested(r, 2)}${i < last ? "," : ""}`));
  line(`  ],\n  "outputs": ${nested(plan.outputs, 1)}\n}`);
}

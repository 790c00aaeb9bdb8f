// `plan --json`, written a resource at a time: the very bytes of
// `JSON.stringify({ resources, outputs, cost }, null, 2)`, without building that
// string (for a stack of thousands of resources it is tens of megabytes, held
// twice while it is printed).

/** `JSON.stringify(value, null, 2)` placed at `depth` levels of indent (every line but the first moves right). */
function nested(value: unknown, depth: number): string {
  // A JSON text has no raw line breaks inside strings: each one starts a line of structure.
  return JSON.stringify(value, null, 2).replace(/\n/g, `\n${"  ".repeat(depth)}`);
}

/**
 * Writes the plan as `JSON.stringify(plan, null, 2)` would (its resources,
 * then its other keys in their order: outputs, cost), in pieces of whole
 * lines: `line` is called with text that ends where a line ends (the caller
 * adds the line break, as `Io.out` does).
 */
export function writePlanJson(plan: { resources: unknown[]; outputs: unknown; cost?: unknown; stage?: unknown }, line: (text: string) => void): void {
  const rest = Object.entries(plan).filter(([k, v]) => k !== "resources" && v !== undefined);
  const tail = rest.map(([k, v]) => `  ${JSON.stringify(k)}: ${nested(v, 1)}`).join(",\n");
  if (!plan.resources.length) {
    line(`{\n  "resources": []${tail ? `,\n${tail}` : ""}\n}`);
    return;
  }
  // Lines go out in pieces of about CHUNK characters: one write per resource costs more than its text.
  let piece: string[] = [`{\n  "resources": [`];
  let size = 0;
  const last = plan.resources.length - 1;
  plan.resources.forEach((r, i) => {
    const text = `    ${nested(r, 2)}${i < last ? "," : ""}`;
    piece.push(text);
    size += text.length;
    if (size >= CHUNK) {
      line(piece.join("\n"));
      piece = [];
      size = 0;
    }
  });
  piece.push(`  ]${tail ? `,\n${tail}` : ""}\n}`);
  line(piece.join("\n"));
}

/** About how many characters go out at once. */
const CHUNK = 1 << 16;

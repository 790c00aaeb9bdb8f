// One function's execution environment: a Node.js process that loads the
// function's bundle (the zip's index.mjs / index.cjs, with its source map)
// and runs its handler for each event the parent sends over IPC, as the
// Lambda Node.js runtime calls it (async handlers, and callback handlers),
// with a context whose getRemainingTimeInMillis counts down the timeout.
// Run by functions.ts: `node --enable-source-maps function-worker.js BUNDLE HANDLER`.
import { pathToFileURL } from "url";

interface Invoke {
  id: number;
  event: unknown;
  requestId: string;
  deadline: number;
}

// A real dynamic import also where TypeScript compiles import() to require().
const importModule = new Function("url", "return import(url)") as (url: string) => Promise<Record<string, unknown>>;

function send(message: unknown): void {
  process.send?.(message);
}

function errorText(err: unknown): string {
  if (err instanceof Error) return `${err.name}: ${err.message}`;
  return typeof err === "string" ? err : JSON.stringify(err) ?? String(err);
}

async function main(): Promise<void> {
  const [bundle, handlerName] = process.argv.slice(2);
  let handler: (event: unknown, context: unknown, callback: (err: unknown, result?: unknown) => void) => unknown;
  try {
    const mod = await importModule(pathToFileURL(bundle).href);
    const found = mod[handlerName] ?? (mod.default as Record<string, unknown> | undefined)?.[handlerName];
    if (typeof found !== "function") throw new Error(`the bundle exports no function '${handlerName}'`);
    handler = found as typeof handler;
  } catch (err) {
    console.error(err);
    send({ type: "init-error", error: errorText(err) });
    return;
  }
  process.on("message", (m: Invoke) => {
    const context = {
      functionName: process.env.AWS_LAMBDA_FUNCTION_NAME,
      functionVersion: "$LATEST",
      memoryLimitInMB: process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE,
      awsRequestId: m.requestId,
      callbackWaitsForEmptyEventLoop: true,
      getRemainingTimeInMillis: () => Math.max(0, m.deadline - Date.now()),
    };
    let settled = false;
    const reply = (ok: boolean, value: unknown) => {
      if (settled) return;
      settled = true;
      send(ok ? { type: "result", id: m.id, ok, result: value === undefined ? null : value } : { type: "result", id: m.id, ok, error: errorText(value) });
    };
    try {
      const out = handler(m.event, context, (err, result) => (err ? reply(false, err) : reply(true, result)));
      if (out && typeof (out as Promise<unknown>).then === "function") (out as Promise<unknown>).then((r) => reply(true, r), (e) => reply(false, e));
    } catch (err) {
      reply(false, err);
    }
  });
  // Errors outside a handler's promise end the environment, as in Lambda.
  process.on("uncaughtException", (err) => {
    console.error(err);
    send({ type: "crash", error: errorText(err) });
    process.exit(1);
  });
  send({ type: "ready" });
}

void main();

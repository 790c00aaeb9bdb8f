// `npm run build && tsx scripts/bench-dev.ts`: how long `stackfile dev`
// takes on the example stack (examples/yaml-stack), from the command to the
// first answered request, without and with its Next.js app (next dev: time to
// the first page), and how long a function takes to reload after an edit
// (from the write to the first request that sees it). Runs on a copy of the
// example under .stackfile-cache/bench-dev/ (ignored by git), so its
// imports still resolve from this repository's node_modules.
import { spawn, type ChildProcess } from "child_process";
import * as fs from "fs";
import * as path from "path";

const ROOT = path.join(__dirname, "..");
const WORK = path.join(ROOT, ".stackfile-cache", "bench-dev");
const CLI = path.join(ROOT, "bin", "stackfile.js");
const SECRETS = { STACKFILE_SECRET_sessionsPassword: "Bench-Sessions-Password-1", STACKFILE_SECRET_redis: JSON.stringify({ cachePassword: "Bench-Cache-Password-1" }) };

function copyExample(withWeb: boolean): string {
  const dir = path.join(WORK, withWeb ? "with-web" : "without-web");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(path.join(ROOT, "examples", "yaml-stack"), dir, { recursive: true, filter: (s) => !s.includes(".stackfile-cache") });
  const file = path.join(dir, "stack.yaml");
  let text = fs.readFileSync(file, "utf8").replace("appDirectory: ../nextjs-app", `appDirectory: ${path.join(ROOT, "examples", "nextjs-app")}`);
  if (!withWeb) text = text.slice(0, text.indexOf("\n  web:\n") + 1);
  fs.writeFileSync(file, text);
  return file;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 180_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function run(withWeb: boolean): Promise<{ api: number; web?: number; reload?: number }> {
  const file = copyExample(withWeb);
  const base = 23000 + (withWeb ? 100 : 0);
  const started = Date.now();
  const proc: ChildProcess = spawn(process.execPath, [CLI, "dev", file, "--port", String(base)], { env: { ...process.env, ...SECRETS }, stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  proc.stdout!.on("data", (d: Buffer) => (out += d.toString("utf8")));
  try {
    const api = await until("the api row", async () => /^api\s+(http:\S+)/m.exec(out)?.[1]);
    await until("GET /hello", async () => ((await fetch(`${api}/hello`)).status === 200 ? true : undefined));
    const apiMs = Date.now() - started;
    let webMs: number | undefined;
    if (withWeb) {
      const web = await until("the web row", async () => /^web\s+(http:\S+)/m.exec(out)?.[1]);
      await until("the first page", async () => ((await fetch(web)).status === 200 ? true : undefined), 300_000);
      webMs = Date.now() - started;
    }
    let reload: number | undefined;
    if (!withWeb) {
      const entry = path.join(path.dirname(file), "functions", "api.ts");
      const edited = Date.now();
      fs.writeFileSync(entry, fs.readFileSync(entry, "utf8").replace("payloadFormat: request.version,", "payloadFormat: request.version, edited: true,"));
      await until("the edit", async () => ((await (await fetch(`${api}/hello`)).json()) as { edited?: boolean }).edited === true ? true : undefined);
      reload = Date.now() - edited;
    }
    return { api: apiMs, web: webMs, reload };
  } finally {
    proc.kill("SIGINT");
    await new Promise((r) => proc.once("exit", r));
  }
}

// next dev rewrites the app's next-env.d.ts for its dev types: put the example's back.
const NEXT_ENV = path.join(ROOT, "examples", "nextjs-app", "next-env.d.ts");
const nextEnv = fs.readFileSync(NEXT_ENV, "utf8");
process.on("exit", () => fs.writeFileSync(NEXT_ENV, nextEnv));

void (async () => {
  const without = await run(false);
  console.log(`stackfile dev, example stack without the Next.js app: first answered request (GET /hello) after ${without.api} ms`);
  console.log(`function reload after an edit of functions/api.ts: the next request sees it after ${without.reload} ms`);
  const withWeb = await run(true);
  console.log(`stackfile dev, example stack with the Next.js app: first API answer after ${withWeb.api} ms, first page of next dev after ${withWeb.web} ms`);
})();

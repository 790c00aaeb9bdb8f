// `npm run build && npx tsx scripts/bench-dev-prod.ts`: how long `stackfile dev
// --prod` takes for the example Next.js app, from the command to its "ready"
// line, the first page, the first dynamic page and the first optimized image,
// and one warm dynamic request. The OpenNext build is plan's (cached in the
// app's .open-next): run it twice to see a first build and a cached one.
import { spawn } from "child_process";
import * as fs from "fs";
import * as path from "path";

const ROOT = path.join(__dirname, "..");
const WORK = path.join(ROOT, ".stackfile-cache", "bench-dev-prod");
const PORT = 24_400;

async function main(): Promise<void> {
  fs.mkdirSync(WORK, { recursive: true });
  const file = path.join(WORK, "stack.yaml");
  fs.writeFileSync(file, `resources:\n  web:\n    type: nextjs-web\n    properties:\n      appDirectory: ${path.join(ROOT, "examples", "nextjs-app")}\n`);
  const started = Date.now();
  const dev = spawn(process.execPath, [path.join(ROOT, "bin", "stackfile.js"), "dev", file, "--prod", "--port", String(PORT)], { stdio: ["ignore", "pipe", "inherit"] });
  let ready: number | undefined;
  dev.stdout!.on("data", (d: Buffer) => {
    if (ready === undefined && /ready in/.test(d.toString())) ready = Date.now() - started;
  });
  const until = async (url: string): Promise<number> => {
    for (;;) {
      const r = await fetch(url).catch(() => undefined);
      if (r?.status === 200) {
        await r.arrayBuffer();
        return Date.now() - started;
      }
      await new Promise((res) => setTimeout(res, 50));
    }
  };
  const base = `http://127.0.0.1:${PORT}`;
  const page = await until(`${base}/`);
  const dynamic = await until(`${base}/hello`);
  const image = await until(`${base}/_next/image?url=%2Fgradient.png&w=64&q=75`);
  const t = Date.now();
  await (await fetch(`${base}/hello`)).text();
  const warm = Date.now() - t;
  console.log(`ready line ${ready} ms; first page ${page} ms; first dynamic page ${dynamic} ms; first optimized image ${image} ms; a warm dynamic request ${warm} ms`);
  dev.kill("SIGINT");
  await new Promise((r) => dev.once("exit", r));
}

void main();

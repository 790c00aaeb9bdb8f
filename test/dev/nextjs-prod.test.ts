// `stackfile dev --prod` of a stack with the example Next.js app: the real
// OpenNext build (plan's step and cache) served as the site's CloudFront
// distribution routes it: a page from the server package invoked with
// function URL events, a static file from the build output (an `s3`
// behaviour), an image through the image optimizer function, a server-action
// form post, all in headless Chromium too; and nothing left running after Ctrl-C.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { Browser } from "playwright-core";
import { launchChromium } from "./chromium";
import { alive, basePort, descendants, startDev, postServerAction, submitFormInBrowser, type DevProcess } from "./dev-process";

const APP = path.join(__dirname, "..", "..", "examples", "nextjs-app");

describe("stackfile dev --prod: the OpenNext build as CloudFront routes it", function () {
  // A first OpenNext build of the example takes a minute or more on a loaded machine; later runs reuse it.
  this.timeout(600_000);
  let dev: DevProcess;
  let web: string;
  let dir: string;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "stackfile-dev-prod-"));
    fs.writeFileSync(path.join(dir, "stack.yaml"), [
      "resources:",
      // Counts only requests with X-Forwarded-For (FORWARDED_IP): the other checks send none.
      "  edge:",
      "    type: web-app-firewall",
      "    properties:",
      "      rules: [{ type: rate-based, properties: { limit: 10, aggregateBasedOn: FORWARDED_IP } }]",
      "  web:",
      "    type: nextjs-web",
      "    properties:",
      "      useFirewall: edge",
      `      appDirectory: ${APP}`,
      "      environment:",
      "        - name: GREETING",
      "          value: Hello from the prod build",
    ].join("\n") + "\n");
    dev = startDev(dir, ["--prod", "--port", String(basePort() + 5)]);
    web = (await dev.waitFor(/^web\s+http:/, 540_000)).split(/\s+/)[1];
  });

  after(async () => {
    if (dev && dev.proc.exitCode === null) {
      dev.proc.kill("SIGINT");
      await dev.exited;
    }
    // dev's copy of the build output is under the stack's .stackfile-cache.
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("says in the table that the site is the OpenNext build", () => {
    assert.ok(dev.outLines.some((l) => /^web\s+http:\/\/127\.0\.0\.1:\d+ \(OpenNext build, as CloudFront routes it\)/.test(l)), dev.outLines.join("\n"));
  });

  it("serves a copy of the build output, so that a later build cannot change the files under it", () => {
    const copies = fs.readdirSync(path.join(dir, ".stackfile-cache", "dev", "sites", "web")).filter((n) => n.startsWith("build-"));
    assert.strictEqual(copies.length, 1);
    assert.ok(fs.existsSync(path.join(dir, ".stackfile-cache", "dev", "sites", "web", copies[0], "server-functions", "default", "index.mjs")));
  });

  it("serves a page from the server package, invoked as its function URL invokes it", async () => {
    const r = await fetch(web);
    assert.strictEqual(r.status, 200);
    assert.match(await r.text(), /<h1>stackfile example<\/h1>/);
    // The site's environment reaches the server (the /hello page prints GREETING).
    assert.match(await (await fetch(`${web}/hello`)).text(), /Hello from the prod build/);
  });

  it("serves a static file from the build output through its s3 behaviour, and S3's 403 for a missing one", async () => {
    const png = await fetch(`${web}/gradient.png`);
    assert.strictEqual(png.status, 200);
    assert.strictEqual(png.headers.get("content-type"), "image/png");
    assert.deepStrictEqual(Buffer.from(await png.arrayBuffer()), fs.readFileSync(path.join(APP, "public", "gradient.png")));
    const missing = await fetch(`${web}/_next/static/nothing-here.js`);
    assert.strictEqual(missing.status, 403);
    assert.match(await missing.text(), /<Code>AccessDenied<\/Code>/);
  });

  it("puts the firewall its distribution names (useFirewall) in front: a client over its rate limit gets 403, others still reach the site", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await fetch(`${web}/gradient.png`, { headers: { "x-forwarded-for": "203.0.113.9" } });
      await r.arrayBuffer();
      statuses.push(r.status);
    }
    assert.deepStrictEqual(statuses, [...Array(10).fill(200), 403], dev.lines.join("\n"));
    assert.strictEqual((await fetch(`${web}/gradient.png`, { headers: { "x-forwarded-for": "198.51.100.4" } })).status, 200);
    assert.ok(dev.lines.some((l) => /^\[edge\] blocked a request from 127\.0\.0\.1 \(0-rate-based\): 403$/.test(l)), dev.lines.join("\n"));
  });

  it("serves an image through the image optimizer function: resized and re-encoded", async () => {
    const r = await fetch(`${web}/_next/image?url=%2Fgradient.png&w=32&q=75`, { headers: { accept: "image/webp,*/*" } });
    assert.strictEqual(r.status, 200);
    assert.strictEqual(r.headers.get("content-type"), "image/webp");
    const body = Buffer.from(await r.arrayBuffer());
    assert.strictEqual(body.subarray(8, 12).toString("latin1"), "WEBP");
    // VP8 lossy: the width is in the frame header (14 bits at byte 26).
    assert.strictEqual(body.readUInt16LE(26) & 0x3fff, 32);
  });

  it("runs a server action from a form post (multipart, the form's hidden action fields): 303 to the page it redirects to", async () => {
    const { form, body, posted } = await postServerAction(web, "hello from prod");
    assert.ok([...body.keys()].some((k) => k.startsWith("$ACTION")), `the form carries its action id: ${form}`);
    assert.strictEqual(posted.status, 303);
    assert.strictEqual(posted.headers.get("location"), "/form?said=hello%20from%20prod");
  });

  describe("in headless Chromium", () => {
    let browser: Browser | undefined;
    before(async function () {
      browser = await launchChromium(this);
    });
    after(() => browser?.close());

    it("renders a page, loads its static files and an optimized image", async () => {
      const page = await browser!.newPage();
      const failed: string[] = [];
      page.on("response", (r) => {
        if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
      });
      await page.goto(web);
      assert.strictEqual(await page.textContent("h1"), "stackfile example");
      // Run in the page (a string: this project's TypeScript has no DOM types).
      const size = await page.evaluate(`(async () => {
        const img = document.createElement("img");
        img.src = "/_next/image?url=%2Fgradient.png&w=64&q=75";
        await img.decode();
        return [img.naturalWidth, img.naturalHeight];
      })()`);
      assert.deepStrictEqual(size, [64, 43]);
      assert.deepStrictEqual(failed, []);
    });

    it("posts a form to a server action and shows the page it redirects to", async () => {
      assert.strictEqual(await submitFormInBrowser(browser!, web, "typed in Chromium"), "You said: typed in Chromium");
    });
  });

  describe("on Ctrl-C", () => {
    it("leaves no server, image optimizer or stand-in behind", async () => {
      const children = descendants(dev.proc.pid!);
      assert.ok(children.length >= 2, `the server and the image optimizer run (found ${children.length})`);
      dev.proc.kill("SIGINT");
      assert.strictEqual(await dev.exited, 0);
      await new Promise((r) => setTimeout(r, 300));
      assert.deepStrictEqual(children.filter(alive), []);
    });
  });
});

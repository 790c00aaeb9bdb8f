// `stackfile dev` of a stack with the example Next.js app: `next dev` with
// the site's environment (a $ResourceParam resolved to the local gateway, the
// STP_* variables of a connected cache and its password), its pages, a
// server-action form post as a browser without JavaScript sends it (the
// form's hidden action fields, multipart), and no next process left after Ctrl-C.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { Browser } from "playwright-core";
import { launchChromium } from "./chromium";
import { alive, basePort, descendants, startDev, postServerAction, submitFormInBrowser, type DevProcess } from "./dev-process";

const APP = path.join(__dirname, "..", "..", "examples", "nextjs-app");
const NEXT_ENV = path.join(APP, "next-env.d.ts");

describe("stackfile dev: a Next.js site", function () {
  this.timeout(300_000);
  let dev: DevProcess;
  let web: string;
  const nextEnv = fs.readFileSync(NEXT_ENV, "utf8");

  before(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stackfile-dev-web-"));
    fs.writeFileSync(path.join(dir, "stack.yaml"), [
      "resources:",
      "  cache:",
      "    type: redis-cluster",
      "    properties:",
      "      instanceSize: cache.t4g.micro",
      `      port: ${basePort() + 8}`,
      "      defaultUserPassword: $Secret('pw')",
      "  api:",
      "    type: http-api-gateway",
      "  web:",
      "    type: nextjs-web",
      "    properties:",
      `      appDirectory: ${APP}`,
      "      joinDefaultVpc: true",
      "      connectTo: [cache]",
      "      environment:",
      "        - name: GREETING",
      "          value: \"The API is at $ResourceParam('api', 'url')\"",
      "        - name: REDIS_PASSWORD",
      "          value: $Secret('pw')",
    ].join("\n") + "\n");
    dev = startDev(dir, ["--port", String(basePort() + 3)], { STACKFILE_SECRET_pw: "Next-Cache-Password-1" });
    web = (await dev.waitFor(/^web\s+http:/, 90_000)).split(/\s+/)[1];
  });

  after(async () => {
    if (dev && dev.proc.exitCode === null) {
      dev.proc.kill("SIGINT");
      await dev.exited;
    }
    // next dev rewrites the app's next-env.d.ts for its dev types; the example keeps the build's.
    fs.writeFileSync(NEXT_ENV, nextEnv);
  });

  it("serves the app's pages through next dev", async () => {
    let r: Response | undefined;
    for (let i = 0; i < 600 && !(r?.status === 200); i++) {
      r = await fetch(web).catch(() => undefined);
      if (r?.status !== 200) await new Promise((res) => setTimeout(res, 250));
    }
    assert.strictEqual(r?.status, 200);
    assert.match(await r!.text(), /stackfile example/);
  });

  it("gives the site its environment: the connected cache answers PING over TLS with the password", async () => {
    const html = await (await fetch(`${web}/redis`)).text();
    assert.match(html, /<p id="redis">PONG<\/p>/);
  });

  it("runs a server action from a form post (no JavaScript: the form's hidden action fields, multipart)", async () => {
    const { form, body, posted } = await postServerAction(web, "hello from dev");
    assert.ok([...body.keys()].some((k) => k.startsWith("$ACTION")), `the form carries its action id: ${form}`);
    assert.strictEqual(posted.status, 303);
    const location = posted.headers.get("location")!;
    assert.strictEqual(location, "/form?said=hello%20from%20dev");
    assert.match(await (await fetch(new URL(location, web))).text(), /You said: <!-- -->hello from dev|You said: hello from dev/);
  });

  describe("in headless Chromium", () => {
    let browser: Browser | undefined;
    before(async function () {
      browser = await launchChromium(this);
    });
    after(() => browser?.close());

    it("renders a page", async () => {
      const page = await browser!.newPage();
      await page.goto(web);
      assert.strictEqual(await page.textContent("h1"), "stackfile example");
    });

    it("posts a form to a server action and shows the page it redirects to", async () => {
      assert.strictEqual(await submitFormInBrowser(browser!, web, "typed in Chromium"), "You said: typed in Chromium");
    });
  });

  // Last: nested suites run after the tests above.
  describe("on Ctrl-C", () => {
    it("leaves no next or redis-server process behind after Ctrl-C", async () => {
      const children = descendants(dev.proc.pid!);
      assert.ok(children.length >= 2, `next and redis-server run (found ${children.length})`);
      dev.proc.kill("SIGINT");
      assert.strictEqual(await dev.exited, 0);
      await new Promise((r) => setTimeout(r, 300));
      assert.deepStrictEqual(children.filter(alive), []);
    });
  });
});

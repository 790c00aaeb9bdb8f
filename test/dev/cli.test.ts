// `stackfile dev` as a command: what it refuses (validate's messages and exit
// codes, missing secrets at their line, usage), ports in use, cluster mode.
import * as assert from "assert";
import * as fs from "fs";
import * as net from "net";
import * as os from "os";
import * as path from "path";
import { cli, tmpFile } from "../cli/cli-helpers";
import { runDev } from "../../src/cli/dev-command";
import { redisCommand } from "../../src/dev/redis";
import { SecretKeys, SecretReader } from "../../src/config/secrets";
import type { DevSession } from "../../src/cli/dev-session";
import { basePort } from "./dev-process";

/** runDev in this process until `stop()`; its output lines. */
function devInProcess(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  let stop!: () => void;
  const stopped = new Promise<void>((r) => (stop = r));
  let session: DevSession | undefined;
  let started!: () => void;
  const ready = new Promise<void>((r) => (started = r));
  const code = runDev(args, { out: (t) => out.push(t), err: (t) => err.push(t) }, stopped, { started: (s) => { session = s; started(); } });
  return { out, err, code, stop, ready: Promise.race([ready, code.then(() => undefined)]), session: () => session };
}

describe("stackfile dev, the command", function () {
  this.timeout(60_000);

  it("refuses a stack that does not validate with validate's messages and exit code 1", async () => {
    const file = tmpFile("resources:\n  api:\n    type: http-api-gatway\n");
    const dev = await cli("dev", file);
    const validate = await cli("validate", file);
    assert.strictEqual(dev.code, 1);
    assert.strictEqual(dev.err, validate.err);
    assert.match(dev.err, /stack\.yaml:3:11: /);
  });

  it("exits 2 for usage errors: a second file, a bad --port, an unknown option", async () => {
    const file = tmpFile("resources:\n  api:\n    type: http-api-gateway\n");
    for (const args of [[file, file], [file, "--port", "0"], [file, "--port=http"], [file, "--nope"]]) {
      const r = await cli("dev", ...args);
      assert.strictEqual(r.code, 2, args.join(" "));
      assert.match(r.err, /^stackfile dev: /);
    }
  });

  it("refuses --prod for a site it cannot run as deployed (streaming), at the property's line", async () => {
    const file = tmpFile("resources:\n  web:\n    type: nextjs-web\n    properties:\n      appDirectory: ./app\n      streamingEnabled: true\n");
    fs.mkdirSync(path.join(path.dirname(file), "app"), { recursive: true });
    fs.writeFileSync(path.join(path.dirname(file), "app", "package.json"), "{}");
    const r = await cli("dev", file, "--prod", "--port", String(basePort() + 9));
    assert.strictEqual(r.code, 1, r.err);
    assert.match(r.err, new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:6:\\d+: dev --prod runs the regional, buffered OpenNext server only; streamingEnabled is not run locally`, "m"));
  });

  it("explains itself in --help, and stackfile --help lists it", async () => {
    const help = await cli("dev", "--help");
    assert.match(help.out, /^usage: stackfile dev \[FILE\] \[--secret NAME=VALUE\]\.\.\. \[--secrets-file FILE\] \[--stack NAME\] \[--port BASE\] \[--prod\]/);
    assert.match(help.out, /STACKFILE_SECRET_<NAME>/);
    assert.match((await cli("--help")).out, /\n {2}dev \[FILE\]/);
  });

  it("places a missing secret at the line that reads it, saying how to pass it, and starts nothing", async () => {
    const file = tmpFile([
      "resources:",
      "  cache:",
      "    type: redis-cluster",
      "    properties:",
      "      instanceSize: cache.t4g.micro",
      "      defaultUserPassword: $Secret('pw')",
    ].join("\n") + "\n");
    const r = await cli("dev", file);
    assert.strictEqual(r.code, 1);
    assert.match(r.err, /stack\.yaml:6:28: secret 'pw' is not given; pass it in --secrets-file FILE, as STACKFILE_SECRET_PW, with --secret pw=VALUE, or set it in the Pulumi stack: pulumi config set --secret pw \.\.\./);
  });

  it("reads --secrets-file as YAML: a map value is read by name.key secrets", () => {
    const file = tmpFile("redis:\n  cachePassword: From-The-File-1\nplain: Two-2\n", "secrets.yaml");
    const secrets = new SecretReader({ file, env: {} });
    const keys = new SecretKeys();
    assert.strictEqual(keys.read("redis", "cachePassword", secrets.get("redis")!), "From-The-File-1");
    assert.strictEqual(secrets.get("plain"), "Two-2");
    assert.strictEqual(keys.read("redis", "other", secrets.get("redis")!), undefined);
  });

  it("refuses a --secrets-file that is not a map of names to values, without showing it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stackfile-dev-"));
    const secrets = tmpFile("- not-a-map-value-Sekrit\n", "secrets.yaml", dir);
    const file = tmpFile("resources:\n  api:\n    type: http-api-gateway\n", "stack.yaml", dir);
    const r = await cli("dev", file, "--secrets-file", secrets);
    assert.strictEqual(r.code, 2);
    assert.match(r.err, /the secrets file .*secrets\.yaml must be a map of secret names to values/);
    assert.doesNotMatch(r.err, /Sekrit/);
  });

  it("gives a gateway whose port is in use the next free one, and says so in the table", async () => {
    const base = basePort() + 5;
    const blocker = net.createServer().listen(base, "127.0.0.1");
    await new Promise((r) => blocker.once("listening", r));
    const file = tmpFile("resources:\n  api:\n    type: http-api-gateway\n");
    const dev = devInProcess([file, "--port", String(base)]);
    try {
      await dev.ready;
      const row = dev.out.find((l) => l.startsWith("api "))!;
      assert.match(row, new RegExp(`^api  http://127\\.0\\.0\\.1:(\\d+)  \\(${base} was in use\\)$`));
      const port = Number(/:(\d+)/.exec(row)![1]);
      assert.ok(port > base);
      assert.strictEqual((await fetch(`http://127.0.0.1:${port}/`)).status, 404);
    } finally {
      dev.stop();
      assert.strictEqual(await dev.code, 0);
      blocker.close();
    }
  });

  it("runs a sharded redis-cluster in cluster mode: every slot served, TLS and the password required", async () => {
    const file = tmpFile([
      "resources:",
      "  sessions:",
      "    type: redis-cluster",
      "    properties:",
      "      instanceSize: cache.r7g.large",
      "      enableSharding: true",
      "      numShards: 2",
      "      numReplicaNodes: 1",
      `      port: ${basePort() + 7}`,
      "      defaultUserPassword: $Secret('pw')",
    ].join("\n") + "\n");
    const dev = devInProcess([file, "--secret", "pw=Sharded-Secret-1"]);
    try {
      await dev.ready;
      const session = dev.session()!;
      const port = Number(session.output("sessions", "port"));
      const ca = path.join(session.cacheDir, "tls", "ca.crt");
      assert.match(await redisCommand(port, ca, "Sharded-Secret-1", ["CLUSTER", "INFO"]), /cluster_state:ok/);
      assert.match(await redisCommand(port, ca, "Sharded-Secret-1", ["CLUSTER", "INFO"]), /cluster_slots_assigned:16384/);
      await assert.rejects(redisCommand(port, ca, "wrong", ["PING"]), /AUTH/);
      assert.match(dev.out.find((l) => l.startsWith("sessions "))!, /rediss:\/\/127\.0\.0\.1:\d+ \(cluster mode\)/);
      // Everything it wrote is under .stackfile-cache/dev beside the file.
      assert.deepStrictEqual(fs.readdirSync(path.dirname(file)).sort(), [".stackfile-cache", "stack.yaml"]);
    } finally {
      dev.stop();
      assert.strictEqual(await dev.code, 0);
    }
  });

  it("runs the project init writes, as init's last line says (GET /hello answers)", async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "init-dev-")), "app");
    const init = await cli("init", dir);
    const line = init.out.split("\n").find((l) => l.startsWith("or run it on this machine, offline: "))!;
    assert.match(line, /STACKFILE_SECRET_cachePassword=<16 to 128 characters> npx stackfile dev$/);
    const saved = process.env.STACKFILE_SECRET_cachePassword;
    process.env.STACKFILE_SECRET_cachePassword = "Init-Cache-Password-1";
    const dev = devInProcess([path.join(dir, "stack.yaml"), "--port", String(basePort() + 1)]);
    try {
      await dev.ready;
      const api = dev.out.find((l) => l.startsWith("api "))!.split(/\s+/)[1];
      const r = await fetch(`${api}/hello`);
      assert.strictEqual(r.status, 200, dev.out.join("\n") + dev.err.join("\n"));
      assert.deepStrictEqual(await r.json(), { hello: "/hello", cache: "127.0.0.1" });
    } finally {
      if (saved === undefined) delete process.env.STACKFILE_SECRET_cachePassword;
      else process.env.STACKFILE_SECRET_cachePassword = saved;
      dev.stop();
      assert.strictEqual(await dev.code, 0);
    }
  });

  it("says how to install redis-server when it is missing", async () => {
    const file = tmpFile("resources:\n  cache:\n    type: redis-cluster\n    properties:\n      instanceSize: cache.t4g.micro\n      defaultUserPassword: x-Password-1-long-enough\n");
    const saved = process.env.PATH;
    process.env.PATH = fs.mkdtempSync(path.join(os.tmpdir(), "empty-path-"));
    try {
      const r = await cli("dev", file);
      assert.strictEqual(r.code, 1);
      assert.match(r.err, /redis-server is not installed .*apt-get install redis-server/);
    } finally {
      process.env.PATH = saved;
    }
  });
});

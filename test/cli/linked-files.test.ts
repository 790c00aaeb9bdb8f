// Files are read where they are declared. Git keeps symbolic links, so a pull
// request can make `stack.yaml` (or a secrets file, or a file `diff` compares)
// a link to any file of the machine that checks it: `.git/config` with the
// token a CI checkout leaves in it, `/etc/shadow`, `~/.git-credentials`.
// Such a file is refused unread unless `--follow-links` says the link is
// meant; a link to a file inside the same folder is read as ever.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { cli, cacheStack } from "./cli-helpers";
import { runDev } from "../../src/cli/dev-command";
import { loadStackfile, UnreadableFileError } from "../../src/config/stackfile";

/** What a CI checkout leaves in .git/config (actions/checkout's persisted credentials). */
const TOKEN = "eC1hY2Nlc3MtdG9rZW46Z2hzX3NlY3JldFRva2VuMTIz";
const GIT_CONFIG = `[core]\n\trepositoryformatversion = 0\n[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic ${TOKEN}\n`;

/** A checkout: `.git/config` holding the token, and the project folder `infra/` in it. */
function checkout(): { root: string; infra: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "linked-"));
  fs.mkdirSync(path.join(root, ".git"));
  fs.writeFileSync(path.join(root, ".git", "config"), GIT_CONFIG);
  fs.mkdirSync(path.join(root, "infra"));
  return { root, infra: path.join(root, "infra") };
}

const REFUSED = /is a link to a file outside its folder; stackfile reads it only inside the folder it is named in \(a link in a pull request can lead anywhere\): copy the file there, or pass --follow-links if the link is meant/;

describe("linked files: read only inside the folder they are named in", () => {
  it("validate refuses a stack.yaml linked to .git/config, and never prints the token", async () => {
    const { infra } = checkout();
    const file = path.join(infra, "stack.yaml");
    fs.symlinkSync("../.git/config", file);
    const r = await cli("validate", file);
    assert.strictEqual(r.code, 1);
    assert.match(r.err, new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:1:1: stack\\.yaml ${REFUSED.source}$`));
    assert.ok(!r.err.includes(TOKEN) && !r.out.includes(TOKEN));
  });

  it("with --follow-links the link is read, and still no message quotes the token", async () => {
    const { infra } = checkout();
    const file = path.join(infra, "stack.yaml");
    fs.symlinkSync("../.git/config", file);
    const r = await cli("validate", file, "--follow-links");
    assert.strictEqual(r.code, 1);
    assert.match(r.err, /invalid YAML/);
    assert.ok(!r.err.includes(TOKEN), r.err);
    assert.ok(!/basic|AUTHORIZATION|extraheader/.test(r.err), r.err);
  });

  it("a link to a file in the same folder (or below it) is read as ever", async () => {
    const { infra } = checkout();
    fs.mkdirSync(path.join(infra, "stacks"));
    fs.writeFileSync(path.join(infra, "stacks", "prod.yaml"), cacheStack());
    fs.symlinkSync("stacks/prod.yaml", path.join(infra, "stack.yaml"));
    const r = await cli("validate", path.join(infra, "stack.yaml"));
    assert.strictEqual(r.code, 0, r.err);
  });

  it("a folder that is itself a link counts as the folder: its files are inside it", async () => {
    const { root, infra } = checkout();
    fs.writeFileSync(path.join(infra, "stack.yaml"), cacheStack());
    fs.symlinkSync(infra, path.join(root, "deploy"));
    const r = await cli("validate", path.join(root, "deploy", "stack.yaml"));
    assert.strictEqual(r.code, 0, r.err);
  });

  it("plan refuses a linked stack file and a linked --secrets-file, and reads both with --follow-links", async function () {
    this.timeout(120_000);
    const { root, infra } = checkout();
    fs.writeFileSync(path.join(root, "real.yaml"), cacheStack());
    fs.symlinkSync("../real.yaml", path.join(infra, "stack.yaml"));
    const planned = await cli("plan", path.join(infra, "stack.yaml"), "--secret", "pw=Correct-Horse-Battery-1");
    assert.strictEqual(planned.code, 1);
    assert.match(planned.err, REFUSED);

    fs.writeFileSync(path.join(infra, "own.yaml"), cacheStack());
    fs.symlinkSync("../.git/config", path.join(infra, "secrets.yaml"));
    const secrets = await cli("plan", path.join(infra, "own.yaml"), "--secrets-file", path.join(infra, "secrets.yaml"));
    assert.notStrictEqual(secrets.code, 0);
    assert.match(secrets.err, new RegExp(`the secrets file ${path.join(infra, "secrets.yaml").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} ${REFUSED.source}`));
    assert.ok(!secrets.err.includes(TOKEN));

    fs.writeFileSync(path.join(root, "secrets.yaml"), "pw: Correct-Horse-Battery-1\n");
    fs.rmSync(path.join(infra, "secrets.yaml"));
    fs.symlinkSync("../secrets.yaml", path.join(infra, "secrets.yaml"));
    const followed = await cli("plan", path.join(infra, "stack.yaml"), "--secrets-file", path.join(infra, "secrets.yaml"), "--follow-links");
    assert.strictEqual(followed.code, 0, followed.err);
  });

  it("diff refuses either file when it is a link out of its folder", async () => {
    const { root, infra } = checkout();
    fs.writeFileSync(path.join(infra, "new.yaml"), cacheStack());
    fs.symlinkSync("../.git/config", path.join(infra, "old.yaml"));
    const r = await cli("diff", path.join(infra, "old.yaml"), path.join(infra, "new.yaml"));
    assert.strictEqual(r.code, 1);
    assert.match(r.err, REFUSED);
    assert.ok(!r.err.includes(TOKEN));
    fs.writeFileSync(path.join(root, "base.yaml"), cacheStack());
    const other = await cli("diff", path.join(root, "base.yaml"), path.join(infra, "old.yaml"));
    assert.strictEqual(other.code, 1);
    assert.match(other.err, REFUSED);
  });

  it("dev refuses a linked stack file before it starts anything", async () => {
    const { infra } = checkout();
    fs.symlinkSync("../.git/config", path.join(infra, "stack.yaml"));
    const err: string[] = [];
    const code = await runDev([path.join(infra, "stack.yaml")], { out: () => undefined, err: (t) => err.push(t) }, Promise.resolve());
    assert.strictEqual(code, 1);
    assert.match(err.join("\n"), REFUSED);
  });

  it("the program pulumi up runs refuses it too (a preview in CI prints what the program says)", () => {
    const { infra } = checkout();
    fs.symlinkSync("../.git/config", path.join(infra, "stack.yaml"));
    assert.throws(() => loadStackfile(path.join(infra, "stack.yaml")), (e: Error) => e instanceof UnreadableFileError && REFUSED.test(e.message) && !e.message.includes(TOKEN));
  });
});

describe("a file that is not a stack file: no message quotes its lines", () => {
  // What a link (or a wrong path) could put in front of validate, each holding a secret no message may print.
  const files: [string, string, string][] = [
    ["a CI checkout's .git/config", GIT_CONFIG, TOKEN],
    ["/etc/shadow", "root:$6$saltsalt$c2VjcmV0aGFzaA:19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n", "c2VjcmV0aGFzaA"],
    ["a .env file", "DB_PASSWORD=hunter2-very-secret\nAPI_KEY=sk_live_abc\n", "hunter2-very-secret"],
    ["~/.git-credentials", "https://user:ghp_abcdefSECRET@github.com\n", "ghp_abcdefSECRET"],
    ["a .npmrc", "//registry.npmjs.org/:_authToken=npm_SECRETTOKEN\nalways-auth=true\n", "npm_SECRETTOKEN"],
    ["an ssh key", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n", "b3BlbnNzaC1rZXktdjEAAAAA"],
    ["a JSON credentials file", '{"aws_secret_access_key": "wJalrXUtnFEMI/K7MDENG", "region": "x"}\n', "wJalrXUtnFEMI"],
    ["a list of tokens", "- tok_SECRET_1\n- tok_SECRET_2\n", "tok_SECRET_1"],
    ["a key with a tag", "!secret_TAGVALUE x: 1\n", "secret_TAGVALUE"],
    ["an alias to nothing", "a: *secret_ALIASNAME\n", "secret_ALIASNAME"],
  ];
  for (const [what, text, secret] of files) {
    it(`${what}: refused without its text`, async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "foreign-"));
      fs.writeFileSync(path.join(dir, "stack.yaml"), text);
      const r = await cli("validate", path.join(dir, "stack.yaml"));
      assert.notStrictEqual(r.code, 0);
      assert.ok(!r.err.includes(secret) && !r.out.includes(secret), r.err);
    });
  }
});

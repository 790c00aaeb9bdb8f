// Secrets given without the command line: a secrets file and the environment
// (argv is readable by every user of the machine). The command line wins over
// the file, the file over the environment; numbers are never rounded.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { cli, tmpFile } from "./cli-helpers";
import { envName, readSecretsFile } from "../../src/config/secrets";

const stack = (password = "$Secret('cachePassword')") => `resources:
  cache:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.small
      defaultUserPassword: ${password}
`;
const GOOD = "Correct-Horse-Battery-1";
const BAD = "short";

/** Runs the CLI with `env` added to the environment for the call. */
async function withEnv(env: Record<string, string>, ...argv: string[]) {
  const before = { ...process.env };
  Object.assign(process.env, env);
  try {
    return await cli(...argv);
  } finally {
    for (const k of Object.keys(env)) if (!(k in before)) delete process.env[k];
  }
}

describe("secrets from a file and the environment", function () {
  this.timeout(120_000);

  it("names environment variables STACKFILE_SECRET_ and the name in upper snake case", () => {
    assert.strictEqual(envName("cachePassword"), "STACKFILE_SECRET_CACHE_PASSWORD");
    assert.strictEqual(envName("api-key"), "STACKFILE_SECRET_API_KEY");
  });

  it("plan reads --secrets-file (YAML or JSON) and STACKFILE_SECRET_<NAME>; the file wins over the environment, --secret over both", async () => {
    const f = tmpFile(stack());
    const yaml = tmpFile(`cachePassword: ${BAD}\n`, "secrets.yaml", path.dirname(f));
    const json = tmpFile(JSON.stringify({ cachePassword: GOOD }), "secrets.json", path.dirname(f));
    const refused = /defaultUserPassword must be 16 to 128 characters long/;
    assert.match((await cli("plan", f, "--secrets-file", yaml)).err, refused, "the file's value is used");
    assert.strictEqual((await cli("plan", f, "--secrets-file", json)).code, 0);
    assert.strictEqual((await withEnv({ STACKFILE_SECRET_CACHE_PASSWORD: GOOD }, "plan", f)).code, 0, "the environment's value is used");
    assert.match((await withEnv({ STACKFILE_SECRET_CACHE_PASSWORD: BAD }, "plan", f)).err, refused);
    assert.match((await withEnv({ STACKFILE_SECRET_CACHE_PASSWORD: GOOD }, "plan", f, `--secrets-file=${yaml}`)).err, refused, "file over environment");
    assert.strictEqual((await cli("plan", f, "--secrets-file", yaml, "--secret", `cachePassword=${GOOD}`)).code, 0, "--secret over the file");
  });

  it("diff reads them too", async () => {
    const f = tmpFile(stack());
    const yaml = tmpFile(`cachePassword: ${BAD}\n`, "secrets.yaml", path.dirname(f));
    const r = await cli("diff", "--new-stack", f, "--secrets-file", yaml);
    assert.strictEqual(r.code, 1);
    assert.match(r.err, /defaultUserPassword must be 16 to 128 characters long/);
  });

  it("a secrets file that does not parse is refused without quoting its lines", async () => {
    const f = tmpFile(stack());
    const broken = tmpFile("cachePassword: [Leaky-Secret-Value\n", "secrets.yaml", path.dirname(f));
    const r = await cli("plan", f, "--secrets-file", broken);
    assert.strictEqual(r.code, 2);
    assert.match(r.err, /the secrets file .*secrets\.yaml is not valid YAML or JSON/);
    assert.ok(!r.err.includes("Leaky"), r.err);
  });

  it("a JSON secret's number that a double would round is refused, never deployed rounded, and never printed", async () => {
    const f = tmpFile(stack("$Secret('cache.cachePassword')"));
    const r = await cli("plan", f, "--secret", 'cache={"cachePassword": 12345678901234567}');
    assert.strictEqual(r.code, 1, r.err);
    assert.match(r.err, /secret 'cache' holds a number that JSON readers cannot keep exactly/);
    assert.ok(!/1234567890/.test(r.err), r.err);
    const file = tmpFile('cache: {cachePassword: 12345678901234567}\n', "secrets.yaml", path.dirname(f));
    assert.throws(() => readSecretsFile(file), /secret 'cache' holds a number that JSON readers cannot keep exactly/);
    const exact = tmpFile('cache: {port: 6379, ratio: 0.5}\npin: 0012345678901234567\n', "exact.yaml", path.dirname(f));
    assert.deepStrictEqual(readSecretsFile(exact), { cache: '{"port":6379,"ratio":0.5}', pin: "0012345678901234567" });
  });

  it("plan --help and diff --help name the secrets file and the environment as the recommended ways", async () => {
    for (const command of ["plan", "diff"]) {
      const help = (await cli(command, "--help")).out;
      assert.match(help, /--secrets-file FILE/);
      assert.match(help, /STACKFILE_SECRET_<NAME>/);
    }
    assert.ok(fs.existsSync(path.join(__dirname, "../../docs/secrets.md")));
  });
});

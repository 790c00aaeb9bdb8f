// No command prints a secret value: not in a problem a rule finds in a value
// that came from $Secret, not in a usage error that names an option.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { cli, tmpFile } from "./cli-helpers";


const gateway = (props: string) => `resources:
  api:
    type: http-api-gateway
    properties:
${props}`;

describe("secrets are never printed", () => {
  it("plan: a rule refusing a $Secret value says where, not what", async () => {
    const f = tmpFile(gateway("      cors:\n        enabled: true\n        allowedOrigins: [$Secret('origin')]\n"));
    const r = await cli("plan", f, "--secret", "origin=hunter2-secret-origin/");
    assert.strictEqual(r.code, 1);
    assert.ok(!r.err.includes("hunter2"), r.err);
    assert.match(r.err, /:7:26: '\[secret\]' is not an origin.*\(the value of \$Secret\('origin'\)\)/);
  });

  it("plan: a key of a JSON secret is as secret as the whole", async () => {
    const f = tmpFile(gateway(`      cdn:
        enabled: true
        forwardingOptions:
          customRequestHeaders:
            - headerName: $Secret('cdn.header')
              value: x
`));
    const r = await cli("plan", f, "--secret", 'cdn={"header": "X-Amz-Hidden-Name"}');
    assert.strictEqual(r.code, 1);
    assert.ok(!/Hidden-Name/i.test(r.err), r.err);
  });

  it("usage errors name the option, never its value", async () => {
    const f = tmpFile(gateway("      cors: {enabled: false}\n"));
    for (const args of [
      ["validate", f, "--secret=pw=TopSecret-1"],
      ["validate", f, "--secret", "pw=TopSecret-1"],
      ["plan", f, "--secrets=pw=TopSecret-1"],
      ["plan", f, "--region=TopSecret-1"],
      ["plan", f, "--stack=TopSecret 1"],
      ["plan", f, "--quota=TopSecret-1"],
      ["diff", f, f, "--token=TopSecret-1"],
      ["schema", "--x=TopSecret-1"],
      ["TopSecret-1"],
    ]) {
      const r = await cli(...args);
      assert.strictEqual(r.code, 2, args.join(" "));
      assert.ok(!(r.out + r.err).includes("TopSecret"), `${args.join(" ")} printed: ${r.err}`);
    }
  });

  it("--secret with a name that is not a secret name ('NAME x=1', a quote, a newline) is a usage error in plan, diff and dev, never a secret of another name", async () => {
    const f = tmpFile(gateway("      cors: {enabled: false}\n"));
    for (const spec of ["NAME x=TopSecret-1", "'pw'=TopSecret-1", "pw\n=TopSecret-1", "pw.key=TopSecret-1", "=TopSecret-1"]) {
      for (const args of [["plan", f, "--secret", spec], ["plan", f, `--secret=${spec}`], ["diff", f, f, "--secret", spec], ["dev", f, "--secret", spec]]) {
        const r = await cli(...args);
        assert.strictEqual(r.code, 2, `${args.join(" ")}: ${r.err}`);
        assert.match(r.err, /--secret takes NAME=VALUE, NAME of letters, digits, '-' and '_' \(the name \$Secret\(NAME\) reads\)/, r.err);
        assert.ok(!(r.out + r.err).includes("TopSecret"), r.err);
      }
    }
  });

  it("validate: a field the schema marks secret never shows its value, even a wrong one", async () => {
    const f = tmpFile(`resources:
  cache:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.small
      defaultUserPassword: 98765432109876543210
      logging:
        logForwarding:
          type: logs-vendor-a
          properties: {apiKey: [SecretApiKey12345]}
`);
    const r = await cli("validate", f);
    assert.strictEqual(r.code, 1);
    assert.match(r.err, /:6:28: defaultUserPassword must be a string, not a secret value/);
    assert.match(r.err, /:10:32: apiKey must be a string, not a secret value/);
    assert.ok(!/98765|SecretApiKey/.test(r.err), r.err);
  });
});

describe("secrets are never printed, in any form", function () {
  this.timeout(120_000);
  const redis = (password: string, extra = "") => `resources:
  cache:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.small
      defaultUserPassword: ${JSON.stringify(password)}
${extra}`;

  it("plan: a --secret value holding a quote, a backslash or a newline is redacted where a message JSON-escapes it", async () => {
    const f = tmpFile(redis("$Secret('pw')", "    overrides:\n      replicationGroup:\n        engineVersion: $Secret('ev')\n"));
    for (const value of ['LEAKQ"quoted\\value', "LEAKN\nnewline-value", "LEAKT\ttab'single"]) {
      const r = await cli("plan", f, "--secret", "pw=a-long-enough-password-1", "--secret", `ev=${value}`);
      assert.strictEqual(r.code, 1, r.err);
      assert.ok(!/LEAK/.test(r.out + r.err), r.err);
      assert.match(r.err, /engineVersion .*\[secret\].* is not <major>\.<minor>/);
    }
  });

  it("redact: raw, JSON-escaped, shell-quoted and cut forms of a secret are all replaced", () => {
    const { redact, secretTexts } = require("../../src/cli/redact") as typeof import("../../src/cli/redact");
    const secret = `Tr0ub4dor"&'3\\horse$battery-staple-correct-horse`;
    const texts = secretTexts([secret]);
    const forms = [
      secret,
      JSON.stringify(secret),
      `'${secret.replace(/'/g, `'\\''`)}'`,
      `"${secret.replace(/["\\$`]/g, "\\$&")}"`,
      `'${secret.slice(0, 20)}…'`,
      `${JSON.stringify(secret).slice(0, 30)}…`,
    ];
    for (const form of forms) {
      const out = redact(`value ${form} is wrong`, texts);
      assert.ok(!out.includes("Tr0ub4dor") && !out.includes("battery") && !out.includes("horse"), `${form} -> ${out}`);
    }
  });

  for (const [what, literal, leak] of [
    ["an unknown directive", "Kq9$LeakPartOne(x)-rest", "LeakPartOne"],
    ["a Pulumi YAML interpolation", "pre${LeakTwo.port}post", "LeakTwo"],
    ["a directive with a bad secret name", "x$Secret(Leak.Three.x)y", "Leak.Three"],
    ["a reference to a resource not in the file", "x$ResourceParam(LeakFour, host)y", "LeakFour"],
    ["an unclosed directive", "x$Secret(LeakFive", "LeakFive"],
  ] as const) {
    it(`a literal in a secret field holding ${what} is refused without quoting it, in validate and every diff format`, async () => {
      const f = tmpFile(redis(literal));
      const shown: string[] = [];
      const v = await cli("validate", f);
      assert.strictEqual(v.code, 1);
      shown.push(v.err);
      assert.match(v.err, /:6:28: this field is secret, so its value is not shown/);
      for (const format of ["text", "markdown", "json"]) {
        const d = await cli("diff", "--format", format, "--new-stack", f);
        shown.push(d.out, d.err);
      }
      for (const s of shown) assert.ok(!s.includes(leak), s);
    });
  }

  it("diff: a secret argument written in overrides (authToken) is masked in the config section, text and JSON", async () => {
    const a = tmpFile(redis("$Secret('pw')", "    overrides:\n      replicationGroup:\n        authToken: OldOverrideToken-123456\n"));
    const b = tmpFile(redis("$Secret('pw')", "    overrides:\n      replicationGroup:\n        authToken: NewOverrideToken-654321\n"));
    for (const format of ["text", "json"]) {
      const r = await cli("diff", "--format", format, a, b);
      assert.ok(!/OverrideToken/.test(r.out + r.err), r.out + r.err);
      assert.match(r.out, /authToken/);
      assert.match(r.out, /\[secret\]/);
    }
  });
});

describe("diff: secret-looking names anywhere under overrides", () => {
  /** A function stack in its own folder (with its entry file), `overrides` as given. */
  function fnStack(dir: string, name: string, overrides: string): string {
    fs.writeFileSync(path.join(dir, "h.ts"), "export const handler = async () => ({ statusCode: 200 });\n");
    const f = path.join(dir, name);
    fs.writeFileSync(f, `resources:\n  fn:\n    type: function\n    properties:\n      entryfilePath: ./h.ts\n${overrides}`);
    return f;
  }
  const nested = "    overrides:\n      function:\n        environment:\n          variables:\n            DB_PASSWORD: Hunter2-Nested-Literal\n            API_TOKEN: Tok-Nested-Literal\n            PLAIN: visible-value\n";

  it("a variable named like a secret, deep under overrides.<child>, is [secret] in the config and resource sections, text, markdown and json", async function () {
    this.timeout(60_000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nested-overrides-"));
    const a = fnStack(dir, "old.yaml", "");
    const b = fnStack(dir, "new.yaml", nested);
    for (const format of ["text", "markdown", "json"]) {
      const r = await cli("diff", "--format", format, a, b);
      assert.ok(!/Nested-Literal/.test(r.out + r.err), `${format}:\n${r.out}`);
      assert.match(r.out, /DB_PASSWORD/);
      assert.match(r.out, /visible-value/, "a name that is not a secret's still shows");
    }
  });

  it("a file that gains overrides prints each new value, not 'overrides: {} -> (unset)'", async function () {
    this.timeout(60_000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "new-overrides-"));
    const r = await cli("diff", fnStack(dir, "old.yaml", ""), fnStack(dir, "new.yaml", nested));
    assert.doesNotMatch(r.out, /overrides: \{\} -> \(unset\)/, r.out);
    assert.doesNotMatch(r.out, /^ {4}overrides: /m, r.out);
    const back = await cli("diff", fnStack(dir, "new2.yaml", nested), fnStack(dir, "old2.yaml", ""));
    assert.doesNotMatch(back.out, /^ {4}overrides: /m, back.out);
    assert.match(back.out, /overrides\.function\.environment\.variables\.PLAIN: visible-value -> \(unset\)/, back.out);
  });
});

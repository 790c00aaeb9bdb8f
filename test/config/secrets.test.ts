// The one secret reader (src/config/secrets.ts): its sources in their order,
// the stack's configuration asked for only when the others lack a name, and
// what a value means (text as written; `name.key` read from a JSON object,
// parsed once; numbers a double would round refused).
import * as assert from "assert";
import { tmpFile } from "../cli/cli-helpers";
import { envName, readSecretsFile, SecretKeys, SecretReader, SecretValueError } from "../../src/config/secrets";

describe("the secret reader", () => {
  it("takes --secret first, then --secrets-file, then STACKFILE_SECRET_<NAME>, then the stack's configuration", () => {
    const file = tmpFile("a: from-file\nb: from-file\n", "secrets.yaml");
    const env = { STACKFILE_SECRET_A: "from-env", STACKFILE_SECRET_B: "from-env", STACKFILE_SECRET_C: "from-env" };
    const stack = { a: "from-stack", b: "from-stack", c: "from-stack", d: "from-stack" };
    const r = new SecretReader({ given: { a: "given" }, file, env, stack: () => stack });
    assert.deepStrictEqual(["a", "b", "c", "d", "e"].map((n) => r.find(n)), [
      { value: "given", from: "--secret" },
      { value: "from-file", from: "--secrets-file" },
      { value: "from-env", from: "environment" },
      { value: "from-stack", from: "stack" },
      undefined,
    ]);
  });

  it("asks the stack only for a name the other sources lack, and once", () => {
    let asked = 0;
    const stack = () => {
      asked++;
      return { late: "from-stack" };
    };
    const r = new SecretReader({ given: { cachePassword: "given" }, env: { STACKFILE_SECRET_TOKEN: "t" }, stack });
    assert.deepStrictEqual(r.pick(["cachePassword", "token"]), { cachePassword: "given", token: "t" });
    assert.strictEqual(asked, 0);
    assert.deepStrictEqual(r.pick(["late", "missing"]), { late: "from-stack" });
    assert.strictEqual(r.get("late"), "from-stack");
    assert.strictEqual(asked, 1);
  });

  it("finds a secret in the environment by its name as written or in upper snake case", () => {
    assert.strictEqual(envName("cachePassword"), "STACKFILE_SECRET_CACHE_PASSWORD");
    assert.strictEqual(envName("api-key"), "STACKFILE_SECRET_API_KEY");
    const env = { STACKFILE_SECRET_CACHE_PASSWORD: "snake", STACKFILE_SECRET_token: "written" };
    const r = new SecretReader({ env });
    assert.strictEqual(r.get("cachePassword"), "snake");
    assert.strictEqual(r.get("token"), "written");
    assert.strictEqual(r.get("other"), undefined);
  });

  it("reads a secrets file's scalars as the text written: 0012 stays 0012, 9007199254740993 keeps every digit", () => {
    const file = tmpFile("pin: 0012\nbig: 9007199254740993\nflag: true\nmap: {port: 6379}\nlist: [1, a]\n", "secrets.yaml");
    assert.deepStrictEqual(readSecretsFile(file), { pin: "0012", big: "9007199254740993", flag: "true", map: '{"port":6379}', list: '[1,"a"]' });
  });

  it("refuses a number inside a file's map that a double would round, without quoting it", () => {
    const file = tmpFile("cache: {pin: 9007199254740993}\n", "secrets.yaml");
    assert.throws(() => readSecretsFile(file), (err: Error) => {
      assert.match(err.message, /secret 'cache' holds a number that JSON readers cannot keep exactly/);
      assert.doesNotMatch(err.message, /900719/);
      return true;
    });
  });

  it("reads $Secret('name.key') from the value's JSON object, strings as they are and other values as JSON", () => {
    const keys = new SecretKeys();
    const text = JSON.stringify({ password: "Correct-Horse-Battery-1", port: 6379, nested: { a: 1 } });
    assert.strictEqual(keys.require("redis", "password", text), "Correct-Horse-Battery-1");
    assert.strictEqual(keys.require("redis", "port", text), "6379");
    assert.strictEqual(keys.require("redis", "nested", text), '{"a":1}');
    assert.strictEqual(keys.read("redis", "constructor", text), undefined, "only the object's own keys");
  });

  it("says why a key cannot be read: no such key, no JSON object, a number JSON readers would round", () => {
    const keys = new SecretKeys();
    const refused = (text: string, key = "password") => {
      try {
        keys.require("redis", key, text);
      } catch (err) {
        assert.ok(err instanceof SecretValueError);
        return `${err.problem}: ${err.message}`;
      }
      assert.fail("not refused");
    };
    assert.strictEqual(refused("{}"), "no-key: secret 'redis' has no key 'password' (read by $Secret('redis.password'))");
    assert.strictEqual(refused("plain-text"), "not-an-object: secret 'redis' is not a JSON object, so $Secret('redis.password') cannot read 'password'");
    assert.strictEqual(refused("[1]"), "not-an-object: secret 'redis' is not a JSON object, so $Secret('redis.password') cannot read 'password'");
    assert.match(refused('{"password": "x", "pin": 9007199254740993}'), /^inexact-number: secret 'redis' holds a number that JSON readers cannot keep exactly/);
  });

  it("parses a value once for every key read of it", () => {
    const keys = new SecretKeys();
    const text = JSON.stringify({ a: "1", b: "2", c: "3" });
    const parse = JSON.parse;
    let parses = 0;
    JSON.parse = ((t: string, ...rest: never[]) => {
      if (t === text) parses++;
      return parse(t, ...rest);
    }) as typeof JSON.parse;
    try {
      for (const k of ["a", "b", "c", "a"]) keys.require("s", k, text);
    } finally {
      JSON.parse = parse;
    }
    assert.strictEqual(parses, 1);
  });
});

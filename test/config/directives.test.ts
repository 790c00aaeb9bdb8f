import * as assert from "assert";
import { parseDirectives } from "../../src/config/directives";

describe("directives", () => {
  it("parses quoted and bare arguments, ignoring spaces", () => {
    for (const s of ["$ResourceParam('db', 'host')", '$ResourceParam("db","host")', "$ResourceParam(db, host)", "  $ResourceParam( db ,  'host' ) "]) {
      const p = parseDirectives(s)!;
      assert.deepStrictEqual(p.problems, [], s);
      assert.strictEqual(p.whole, true, s);
      assert.deepStrictEqual(p.parts.find((x) => typeof x !== "string"), { kind: "ResourceParam", resource: "db", param: "host" });
    }
  });

  it("parses $Secret with and without a key", () => {
    assert.deepStrictEqual(parseDirectives("$Secret('pw')")!.parts, [{ kind: "Secret", name: "pw" }]);
    assert.deepStrictEqual(parseDirectives("$Secret(redis.cachePassword)")!.parts, [{ kind: "Secret", name: "redis", key: "cachePassword" }]);
  });

  it("keeps directives inside longer strings as interpolation parts", () => {
    const p = parseDirectives("https://$ResourceParam('api','domain')/v1")!;
    assert.strictEqual(p.whole, false);
    assert.deepStrictEqual(p.parts, ["https://", { kind: "ResourceParam", resource: "api", param: "domain" }, "/v1"]);
  });

  it("returns undefined for strings without directives (a lone $ is text)", () => {
    assert.strictEqual(parseDirectives("pa$$word"), undefined);
    assert.strictEqual(parseDirectives("plain"), undefined);
  });

  const bad: [string, RegExp][] = [
    ["$Foo(x)", /unknown directive '\$Foo'/],
    ["$ResourceParam(db)", /\$ResourceParam takes 2 arguments \(got 1\)/],
    ["$ResourceParam(db, host, extra)", /takes 2 arguments \(got 3\)/],
    ["$Secret()", /\$Secret takes 1 argument \(got 0\)/],
    ["$Secret(a, b)", /takes 1 argument \(got 2\)/],
    ["$ResourceParam('db', '')", /takes 2 arguments/],
    ["$ResourceParam(db, host", /is not closed/],
    ["$Secret('a.b.c')", /is not a secret name/],
    ["$Secret('has space')", /is not a secret name/],
  ];
  for (const [s, re] of bad) {
    it(`refuses ${s}`, () => assert.match(parseDirectives(s)!.problems.join("\n"), re));
  }
});

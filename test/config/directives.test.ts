import * as assert from "assert";
import { mapDirectives, parseDirectives, type Directive } from "../../src/config/directives";

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

  describe("the one walk (mapDirectives): validate, the program and dev resolve through it", () => {
    const said = (d: Directive) => (d.kind === "Secret" ? `<secret ${d.name}${d.key ? `.${d.key}` : ""}>` : (d.kind === "ResourceParam" ? `<${d.resource}.${d.param}>` : `<${d.kind}>`));

    it("walks lists and maps with each value's path; a string that is one directive is its value, others are joined", () => {
      const seen: string[] = [];
      const out = mapDirectives({ a: ["$Secret(pw)", "x-$ResourceParam(db, host)-y", 7], b: { c: "plain" } }, {
        value: (d, path) => {
          seen.push(`${path.join(".")} ${said(d)}`);
          return d.kind === "Secret" ? { secret: d.name } : said(d);
        },
      });
      assert.deepStrictEqual(out, { a: [{ secret: "pw" }, "x-<db.host>-y", 7], b: { c: "plain" } });
      assert.deepStrictEqual(seen, ["a.0 <secret pw>", "a.1 <db.host>"]);
    });

    it("joins through the resolver's join, asks it first of every string, and refuses a malformed directive it was not told how to take", () => {
      const resolver = {
        text: (t: string) => (t.startsWith("${") ? "pulumi-yaml" : undefined),
        value: (d: Directive) => said(d),
        join: (values: unknown[], parts: (string | Directive)[]) => `${values.length} parts, ${parts.filter((p) => typeof p !== "string").length} directive`,
      };
      assert.deepStrictEqual(mapDirectives(["${api.url}", "a $Secret(k.v) b"], resolver), ["pulumi-yaml", "3 parts, 1 directive"]);
      assert.throws(() => mapDirectives({ x: "$Secret(" }, resolver), /malformed directive at x/);
      assert.strictEqual(mapDirectives("$Secret(", { ...resolver, malformed: (p) => p.problems.length }), 1);
    });
  });
});

// The shipped JSON Schema, read by a standard validator (ajv) as an editor
// would: every stack file of the repository is valid, directives included;
// wrong values and directives in literal-only fields are not.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import * as yaml from "js-yaml";
import Ajv from "ajv";
import { fileSchema } from "../../src/shared/schema/schema";
import { STAGE_DIRECTIVE } from "../../src/config/stage";

const ROOT = path.resolve(__dirname, "../..");

// A Pulumi YAML program (a Pulumi.yaml with `runtime:`) also has `resources:`,
// of Pulumi's own shape; it is not a stack file.
const isStackFile = (text: string) => /^resources:/m.test(text) && !/^runtime:/m.test(text);

function stackFiles(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === "node_modules" || e.name.startsWith(".")) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) stackFiles(p, out);
    else if (/\.ya?ml$/.test(e.name) && isStackFile(fs.readFileSync(p, "utf8"))) out.push(p);
  }
  return out;
}

describe("the JSON Schema, as editors read it", () => {
  const validate = new Ajv({ allErrors: true, strict: false }).compile(fileSchema());
  const errorsOf = (doc: unknown) => (validate(doc) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));

  // A file that reads the stage is valid per stage (validate resolves it for each stack of its project:
  // test/cli/stages*.test.ts). Unresolved, the editor's schema refuses a stage directive in a field that
  // decides which resources are made (a custom domain), as validate does with no stage: docs/stages.md, "Not yet".
  const files = [...stackFiles(path.join(ROOT, "examples")), ...stackFiles(path.join(ROOT, "test", "fixtures"))].filter(
    (f) => !STAGE_DIRECTIVE.test(fs.readFileSync(f, "utf8")),
  );
  it("finds the repository's stack files", () => assert.ok(files.length >= 5, files.join(", ")));
  for (const file of files) {
    it(`${path.relative(ROOT, file)} is valid`, () => {
      assert.deepStrictEqual(errorsOf(yaml.load(fs.readFileSync(file, "utf8"))), []);
    });
  }

  const redis = (props: Record<string, unknown>) => ({
    resources: { cache: { type: "redis-cluster", properties: { instanceSize: "cache.t4g.micro", defaultUserPassword: "$Secret('pw')", ...props } } },
  });

  it("takes a directive of the field's type where a number or an enum goes, whole or inside a string", () => {
    assert.deepStrictEqual(errorsOf(redis({ port: "$ResourceParam('other', 'port')", numReplicaNodes: "$ResourceParam(other, readerPort)" })), []);
    assert.deepStrictEqual(errorsOf(redis({ engineVersion: "$ResourceParam(\"other\", \"sharding\")" })), []);
    assert.deepStrictEqual(errorsOf({ resources: { web: { type: "nextjs-web", properties: { appDirectory: "app", environment: [{ name: "API", value: "https://$ResourceParam('api', 'domain')/v1" }] } } } }), []);
  });

  it("still refuses a wrong value, a misspelt directive, and a directive in a literal-only field", () => {
    assert.notDeepStrictEqual(errorsOf(redis({ port: "six" })), []);
    assert.notDeepStrictEqual(errorsOf(redis({ port: "$ResourcParam(other, port)" })), []);
    assert.notDeepStrictEqual(errorsOf(redis({ enableSharding: "$ResourceParam(other, sharding)" })), []);
    assert.notDeepStrictEqual(errorsOf(redis({ instanceSize: "cache.t9.huge" })), []);
    // Of the wrong type: a secret (text) where a number goes, a number where text goes; no parameter gives true or false.
    assert.notDeepStrictEqual(errorsOf(redis({ port: "$Secret('port')" })), []);
    assert.notDeepStrictEqual(errorsOf(redis({ instanceSize: "$ResourceParam(other, port)" })), []);
    assert.notDeepStrictEqual(errorsOf(redis({ enableAutomaticFailover: "$ResourceParam(other, host)" })), []);
  });

  it("keeps each field's description and default beside the directive alternative (completion and hovers)", () => {
    const port = (fileSchema() as any).definitions.RedisClusterProperties.properties.port;
    assert.strictEqual(port.default, 6379);
    assert.match(port.description, /Port/);
    assert.deepStrictEqual(port.anyOf[1], { $ref: "#/definitions/NumberDirective" });
  });
});

// What the YAML program makes once for the whole stack: the default VPC's
// gateway endpoints (one DefaultVpcEndpoints, given to every workload that
// joins the default VPC), and the events that name each resource (a
// gateway's routes, hence its default CORS methods), known before anything
// is made.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { deployStackfile } from "../../src/config/deploy";
import { parse } from "yaml";
import { analyze } from "../../src/config/validate";
import { sharedEndpointOverrides } from "../../src/config/shared-resources";
import { stackEvents } from "../../src/config/stack-names";
import { run } from "../harness";
import { EXAMPLE_APP, exampleBuild } from "../nextjs-fixture";

const ENDPOINT = "aws:ec2/vpcEndpoint:VpcEndpoint";

function stackFile(text: string): string {
  const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "shared-")), "stack.yaml");
  fs.writeFileSync(f, text);
  return f;
}

const site = (name: string, extra = "") => `  ${name}:
    type: nextjs-web
    properties:
      appDirectory: ${EXAMPLE_APP}
      joinDefaultVpc: true
${extra}`;

const modelOf = (text: string) => {
  const r = analyze(parse(text));
  assert.deepStrictEqual(r.problems.filter((p) => !p.warning), []);
  return r.model;
};

describe("YAML program: resources shared by the stack", function () {
  this.timeout(300000);

  it("one DefaultVpcEndpoints, default-vpc, holds the endpoints of every site in the default VPC; a site's overrides.s3Endpoint adjusts it", async () => {
    exampleBuild();
    const file = stackFile(`resources:\n${site("a")}${site("b", "    overrides:\n      s3Endpoint: {tags: {team: web}}\n")}`);
    const r = await run(() => deployStackfile(file), { config: { "stackfile:file": file } });
    assert.deepStrictEqual(r.all("stackfile:index:DefaultVpcEndpoints").map((x) => [x.name, x.parent]), [["default-vpc", null]]);
    assert.deepStrictEqual(r.all(ENDPOINT).map((e) => [e.name, e.parent, e.inputs.tags ?? null]).sort(), [
      ["default-vpc-dynamodb-endpoint", "default-vpc", null],
      ["default-vpc-s3-endpoint", "default-vpc", { team: "web" }],
    ]);
  });

  it("refuses two sites that give different overrides of one shared endpoint, naming both", () => {
    const model = modelOf(`resources:\n${site("a", "    overrides:\n      s3Endpoint: {tags: {team: a}}\n")}${site("b", "    overrides:\n      s3Endpoint: {tags: {team: b}}\n")}`);
    assert.match(sharedEndpointOverrides(model).problem ?? "", /resources 'a' and 'b' give different overrides.s3Endpoint, but the stack has one s3Endpoint/);
  });

  it("gives each gateway the events that name it, wherever the function is in the file", () => {
    const model = modelOf(`resources:
  fn:
    type: function
    properties:
      entryfilePath: ./f.ts
      events:
        - {type: http-api-gateway, properties: {httpApiGatewayName: api, path: /x, method: GET}}
        - {type: http-api-gateway, properties: {httpApiGatewayName: other, path: /y, method: "*"}}
  api:
    type: http-api-gateway
    properties: {cors: {enabled: true}}
  other:
    type: http-api-gateway
`);
    const methods = [...stackEvents(model.resources)].map(([target, events]) => [target, events.map((e) => [e.source, e.at.join("."), e.properties.method])]);
    assert.deepStrictEqual(Object.fromEntries(methods), { api: [["fn", "events.0.properties", "GET"]], other: [["fn", "events.1.properties", "*"]] });
  });
});

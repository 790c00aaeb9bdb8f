import * as assert from "assert";
import { NextjsWeb, type NextjsWebArgs } from "../../../src/components/nextjs-web";
import { nextjsWebStaticProblems } from "../../../src/components/nextjs-web/rules";
import { analyzeStackfile, formatProblem } from "../../../src/config/stackfile";
import { run } from "../../harness";
import { EXAMPLE_APP, exampleBuild } from "../../nextjs-fixture";

const make = (args: Partial<NextjsWebArgs> = {}) => run(() => new NextjsWeb("web", { appDirectory: EXAMPLE_APP, ...args }));
const serverPolicy = (r: Awaited<ReturnType<typeof make>>) => JSON.parse(r.byName("web-server-policy")!.inputs.policy).Statement;

describe("NextjsWeb options", function () {
  this.timeout(300000);
  before(() => exampleBuild());

  it("serverFunction.logging: retention (default 180) and disabled", async () => {
    assert.strictEqual((await make()).byName("web-server-log-group")!.inputs.retentionInDays, 180);
    const r = await make({ serverFunction: { logging: { retentionDays: 14 } } });
    assert.strictEqual(r.byName("web-server-log-group")!.inputs.retentionInDays, 14);
    const off = await make({ serverFunction: { logging: { disabled: true } } });
    assert.strictEqual(off.byName("web-server-log-group"), undefined);
    assert.strictEqual(off.byName("web-server-function")!.inputs.loggingConfig, undefined);
    assert.ok(serverPolicy(off).every((s: any) => !s.Action.includes("logs:PutLogEvents")), "no log permission left");
    assert.ok(off.byName("web-image-log-group"), "the other functions still log");
  });

  it("iamRoleStatements are appended to the server role", async () => {
    const r = await make({
      iamRoleStatements: [
        { Sid: "ReadUploads", Action: ["s3:GetObject"], Resource: ["arn:aws:s3:::uploads/*"] },
        { Effect: "Deny", Action: ["s3:DeleteObject"], Resource: ["*"], Condition: { Bool: { "aws:SecureTransport": "false" } } },
      ],
    });
    const statements = serverPolicy(r);
    assert.deepStrictEqual(statements.slice(-2), [
      { Sid: "ReadUploads", Effect: "Allow", Action: ["s3:GetObject"], Resource: ["arn:aws:s3:::uploads/*"] },
      { Effect: "Deny", Action: ["s3:DeleteObject"], Resource: ["*"], Condition: { Bool: { "aws:SecureTransport": "false" } } },
    ]);
  });
});

describe("nextjs-web rules", () => {
  const paths = (p: Record<string, unknown>) => nextjsWebStaticProblems(p).map((x) => `${x.path.join(".")}: ${x.message}`);

  it("environment names: letters, digits, _; not reserved; not OpenNext's; once each", () => {
    assert.deepStrictEqual(paths({ environment: [{ name: "API_URL", value: "x" }, { name: "_private1", value: "y" }] }), []);
    assert.deepStrictEqual(paths({
      environment: [
        { name: "1ABC", value: "" }, { name: "A-B", value: "" }, { name: "AWS_REGION", value: "" }, { name: "AWS_LAMBDA_X", value: "" },
        { name: "CACHE_BUCKET_NAME", value: "" }, { name: "OK", value: "" }, { name: "OK", value: "" },
      ],
    }), [
      "environment.0.name: environment name '1ABC' must hold only letters, digits and '_', and not start with a digit",
      "environment.1.name: environment name 'A-B' must hold only letters, digits and '_', and not start with a digit",
      "environment.2.name: environment name 'AWS_REGION' is reserved by Lambda",
      "environment.3.name: environment name 'AWS_LAMBDA_X' is reserved by Lambda",
      "environment.4.name: environment name 'CACHE_BUCKET_NAME' is set by stackfile for OpenNext's cache and queue",
      "environment.6.name: environment name 'OK' is defined twice",
    ]);
  });

  it("iamRoleStatements are checked for shape", () => {
    assert.deepStrictEqual(paths({ iamRoleStatements: [{ Action: ["s3:GetObject", "*"], Resource: ["*", "arn:aws:s3:::b/*"] }] }), []);
    assert.deepStrictEqual(paths({ iamRoleStatements: [{ Sid: "bad sid", Action: ["GetObject"], Resource: ["my-bucket"] }, { Action: [], Resource: [] }] }), [
      "iamRoleStatements.0.Action.0: 'GetObject' is not an IAM action; write service:Action, like s3:GetObject",
      "iamRoleStatements.0.Resource.0: 'my-bucket' is not an ARN or '*'",
      "iamRoleStatements.0.Sid: Sid may hold only letters and digits",
      "iamRoleStatements.1.Action: Action needs at least one action",
      "iamRoleStatements.1.Resource: Resource needs at least one ARN",
    ]);
  });

  it("points at the offending field in YAML", () => {
    const text = "resources:\n  web:\n    type: nextjs-web\n    properties:\n      appDirectory: ./app\n      environment:\n        - name: AWS_REGION\n          value: x\n      serverFunction:\n        logging:\n          retentionDays: 2\n";
    assert.deepStrictEqual(analyzeStackfile("s.yaml", text).problems.map(formatProblem), [
      "s.yaml:7:17: environment name 'AWS_REGION' is reserved by Lambda",
      "s.yaml:11:26: retentionDays must be one of 1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1827, 3653, not number 2",
    ]);
  });
});

// s3rver, dynalite and cognito-local are optional peer dependencies of
// stackfile (a project without buckets, tables or user pools installs none): where one is missing, the
// local service says which package to install, in one line, and nothing
// else loads it. Run in a child process that cannot resolve them.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { execFile } from "child_process";
import { promisify } from "util";

const ROOT = path.resolve(__dirname, "../../..");

async function startWithout(hidden: string[], script: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "optional-"));
  const hide = path.join(dir, "hide.js");
  fs.writeFileSync(hide, `const Module = require("module");
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (${JSON.stringify(hidden)}.includes(request)) { const e = new Error("Cannot find module '" + request + "'"); e.code = "MODULE_NOT_FOUND"; throw e; }
  return resolve.call(this, request, ...rest);
};`);
  const { stdout } = await promisify(execFile)(process.execPath, ["-r", "tsx/cjs", "-r", hide, "-e", script], { cwd: ROOT, encoding: "utf8" });
  fs.rmSync(dir, { recursive: true, force: true });
  return stdout.trim();
}

describe("the optional packages of dev's local AWS services", function () {
  this.timeout(60000);

  it("without s3rver, the local S3 refuses to start, naming the install command", async () => {
    const out = await startWithout(["s3rver"], `require("./src/dev/aws-services/s3").startS3({ directory: require("os").tmpdir() + "/never", buckets: [] }).then(() => console.log("started"), (e) => console.log(e.constructor.name + ": " + e.message))`);
    assert.strictEqual(out, "MissingToolError: a bucket runs locally on s3rver, which is not installed in this project: npm install --save-dev s3rver@3.7.1");
  });

  it("without dynalite, the local DynamoDB refuses to start, naming the install command", async () => {
    const out = await startWithout(["dynalite"], `require("./src/dev/aws-services/dynamodb").startDynamoDb().then(() => console.log("started"), (e) => console.log(e.constructor.name + ": " + e.message))`);
    assert.strictEqual(out, "MissingToolError: a dynamo-db-table runs locally on dynalite, which is not installed in this project: npm install --save-dev dynalite@4.0.0");
  });

  it("without cognito-local, the local Cognito refuses to start, naming the install command", async () => {
    const out = await startWithout(["cognito-local/package.json"], `require("./src/dev/aws-services/cognito").startCognito({ directory: require("os").tmpdir() + "/never" }).then(() => console.log("started"), (e) => console.log(e.constructor.name + ": " + e.message))`);
    assert.strictEqual(out, "MissingToolError: a user-auth-pool runs locally on cognito-local, which is not installed in this project: npm install --save-dev cognito-local@5.3.0");
  });

  it("the SQS, SNS and EventBridge services load none of them", async () => {
    const out = await startWithout(["s3rver", "dynalite", "cognito-local", "cognito-local/package.json"], `Promise.all(["sqs", "sns", "eventbridge"].map((m) => require("./src/dev/aws-services/" + m))).then(() => console.log("loaded"))`);
    assert.strictEqual(out, "loaded");
  });
});

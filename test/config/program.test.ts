import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import { deployStackfile } from "../../src/config/deploy";
import { run, outputValue, isSecretOutput, secretInput, T } from "../harness";

function stackFile(text: string): string {
  const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "deploy-")), "stack.yaml");
  fs.writeFileSync(f, text);
  return f;
}

const PW = "Correct-Horse-Battery-1";
const twoClusters = `resources:
  main:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.micro
      port: 7000
      defaultUserPassword: $Secret(mainPassword)
  follower:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.micro
      port: $ResourceParam('main', 'port')
      defaultUserPassword: "$Secret('shared.follower')"
`;

// The program entry as `pulumi up` runs it: config keys in the project's namespace.
const config = (file: string, secrets: Record<string, string>) => ({
  project: "proj",
  config: { "stackfile:file": file, ...Object.fromEntries(Object.entries(secrets).map(([k, v]) => [`proj:${k}`, v])) },
  secretKeys: Object.keys(secrets).map((k) => `proj:${k}`),
});

describe("YAML program (what `pulumi up` runs)", () => {
  it("deploys the file named by stackfile:file, secrets from config, references as Outputs", async () => {
    const file = stackFile(twoClusters);
    const r = await run(() => deployStackfile(), config(file, { mainPassword: PW, shared: JSON.stringify({ follower: "Follower-Password-123" }) }));
    assert.strictEqual(secretInput(r.byName("main-replication-group")!.inputs.authToken), PW);
    assert.strictEqual(secretInput(r.byName("follower-replication-group")!.inputs.authToken), "Follower-Password-123");
    assert.strictEqual(r.byName("follower-replication-group")!.inputs.port, 7000);
    // The referenced resource is made first.
    const names = r.resources.map((x) => x.name);
    assert.ok(names.indexOf("main") < names.indexOf("follower"));
  });

  it("exports every resource's referenceable parameters as stack outputs, secrets kept secret", async () => {
    const file = stackFile(twoClusters);
    const r = await run(() => deployStackfile(), config(file, { mainPassword: PW, shared: JSON.stringify({ follower: "Follower-Password-123" }) }));
    assert.deepStrictEqual(Object.keys(r.result), ["main", "follower"]);
    assert.deepStrictEqual(Object.keys(r.result.main).sort(), ["connectionString", "host", "port", "readerConnectionString", "readerHost", "readerPort", "sharding"]);
    assert.strictEqual(await outputValue(r.result.main.port), 7000);
    assert.strictEqual(await isSecretOutput(r.result.main.connectionString), true);
    assert.strictEqual(await isSecretOutput(r.result.main.readerConnectionString), true);
    assert.match(String(await outputValue(r.result.main.host)), /^master\./);
  });

  it("interpolates directives inside longer strings, keeping secrets secret", async () => {
    const file = stackFile(`resources:
  a:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.micro
      defaultUserPassword: "Prefix-$Secret(part)-$ResourceParam(b, sharding)"
  b:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.micro
      defaultUserPassword: ${PW}
`);
    const r = await run(() => deployStackfile(), config(file, { part: "Middle" }));
    assert.strictEqual(secretInput(r.byName("a-replication-group")!.inputs.authToken), "Prefix-Middle-disabled");
  });

  it("fails with the exact commands to run when secrets are missing", async () => {
    const file = stackFile(twoClusters);
    await assert.rejects(run(() => deployStackfile(), config(file, {})), (err: Error) => {
      assert.ok(err instanceof pulumi.RunError);
      assert.strictEqual(err.message, "the stack file's secrets are not ready:\n" +
        "  secret 'mainPassword' is not set; run: pulumi config set --secret mainPassword <value>\n" +
        "  secret 'shared' is not set; run: pulumi config set --secret shared <value>");
      return true;
    });
  });

  it("reads each key of one JSON secret into the resource that names it", async () => {
    const file = stackFile(twoClusters.replace("$Secret(mainPassword)", "\"$Secret('shared.main')\""));
    const shared = JSON.stringify({ main: "Main-Password-12345", follower: "Follower-Password-123" });
    const r = await run(() => deployStackfile(), config(file, { shared }));
    assert.strictEqual(secretInput(r.byName("main-replication-group")!.inputs.authToken), "Main-Password-12345");
    assert.strictEqual(secretInput(r.byName("follower-replication-group")!.inputs.authToken), "Follower-Password-123");
  });

  it("reads a secret used by several resources from the configuration once", async () => {
    const file = stackFile(twoClusters.replace("$Secret('shared.follower')", "$Secret(mainPassword)"));
    let reads = 0;
    const getSecret = pulumi.Config.prototype.getSecret;
    pulumi.Config.prototype.getSecret = function (this: pulumi.Config, key: string, ...rest: never[]) {
      if (key === "mainPassword") reads++;
      return getSecret.call(this, key, ...rest);
    } as typeof getSecret;
    try {
      await run(() => deployStackfile(), config(file, { mainPassword: PW }));
    } finally {
      pulumi.Config.prototype.getSecret = getSecret;
    }
    assert.strictEqual(reads, 1);
  });

  it("parses a JSON secret read by several keys once in the program, not once per key", async () => {
    const file = stackFile(twoClusters.replace("$Secret(mainPassword)", "\"$Secret('shared.main')\""));
    const shared = JSON.stringify({ main: "Main-Password-12345", follower: "Follower-Password-123" });
    const parse = JSON.parse;
    let parses = 0;
    JSON.parse = ((text: string, ...rest: never[]) => {
      if (text === shared) parses++;
      return parse(text, ...rest);
    }) as typeof JSON.parse;
    try {
      await run(() => deployStackfile(), config(file, { shared }));
    } finally {
      JSON.parse = parse;
    }
    // Once: the secrets check before the program runs and the program share one reader (config/secrets.ts).
    assert.strictEqual(parses, 1);
  });

  it("fails naming the key when a JSON secret lacks it, and the command that sets it", async () => {
    const file = stackFile(twoClusters);
    const lacks = run(() => deployStackfile(), config(file, { mainPassword: PW, shared: JSON.stringify({ other: "x" }) }));
    await assert.rejects(lacks, /secret 'shared' has no key 'follower' \(read by \$Secret\('shared.follower'\)\); run: pulumi config set --secret --path 'shared.follower' <value>/);
    const notJson = run(() => deployStackfile(), config(file, { mainPassword: PW, shared: "not json" }));
    await assert.rejects(notJson, /secret 'shared' is not a JSON object, so \$Secret\('shared.follower'\) cannot read 'follower'; run: pulumi config set --secret shared '\{"follower":"<value>"\}'/);
  });

  it("fails with every positioned problem when the file is invalid", async () => {
    const file = stackFile("resources:\n  a:\n    type: redis-cluster\n    properties: { instanceSize: nope, defaultUserPassword: x }\n");
    await assert.rejects(run(() => deployStackfile(), config(file, {})), (err: Error) => {
      assert.ok(err instanceof pulumi.RunError);
      assert.match(err.message, new RegExp(`${file}:4:33: instanceSize must be one of`));
      assert.match(err.message, new RegExp(`${file}:4:60: defaultUserPassword must be 16 to 128`));
      return true;
    });
  });

  it("fails with the config command to run when the file is missing", async () => {
    await assert.rejects(run(() => deployStackfile(), config("/nonexistent/stack.yaml", {})),
      new RegExp(`cannot read /nonexistent/stack.yaml: no such file; stackfile:file is "/nonexistent/stack.yaml", read relative to the project folder ${process.cwd().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\(where Pulumi.yaml is\\); name the stack file with: pulumi config set stackfile:file <path of the stack file, relative to that folder>`));
  });

  it("reads stack.yaml from the project folder, and when it is missing names the folder and the config line for each stack file there", async () => {
    // Outside the engine the project folder is the working directory (pulumi.getRootDirectory() has no answer).
    const project = fs.mkdtempSync(path.join(os.tmpdir(), "project-"));
    fs.mkdirSync(path.join(project, "infra"));
    fs.writeFileSync(path.join(project, "infra", "app.yaml"), twoClusters);
    fs.writeFileSync(path.join(project, "Pulumi.yaml"), "name: p\nruntime: nodejs\n");
    const here = process.cwd();
    process.chdir(project);
    try {
      await assert.rejects(run(() => deployStackfile(), { project: "proj", config: {} }), (err: Error) => {
        assert.strictEqual(err.message, `cannot read ${path.join(project, "stack.yaml")}: no such file; stackfile reads stack.yaml in the project folder ${project} (where Pulumi.yaml is) unless stackfile:file names another; name the stack file with: pulumi config set stackfile:file infra/app.yaml`);
        return true;
      });
      // The line it names works: a relative stackfile:file is read from the project folder.
      const r = await run(() => deployStackfile(), { project: "proj", config: { "stackfile:file": "infra/app.yaml", "proj:mainPassword": PW, "proj:shared": JSON.stringify({ follower: "Follower-Password-123" }) }, secretKeys: ["proj:mainPassword", "proj:shared"] });
      assert.strictEqual(r.all(T.replicationGroup).length, 2);
    } finally {
      process.chdir(here);
    }
  });

  it("registers the same resources in preview", async () => {
    const file = stackFile(twoClusters);
    const secrets = { mainPassword: PW, shared: JSON.stringify({ follower: "Follower-Password-123" }) };
    const preview = await run(() => deployStackfile(), { ...config(file, secrets), preview: true });
    const up = await run(() => deployStackfile(), config(file, secrets));
    assert.deepStrictEqual(preview.resources.map((x) => `${x.type} ${x.name}`).sort(), up.resources.map((x) => `${x.type} ${x.name}`).sort());
    assert.strictEqual(preview.all(T.replicationGroup).length, 2);
  });
});

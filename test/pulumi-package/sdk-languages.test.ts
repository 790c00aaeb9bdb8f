// The SDKs `pulumi package gen-sdk` writes from the provider's schema, with
// the commands of docs/languages.md run as written in a project that has
// stackfile installed: the Python SDK compiles (python3 -m compileall) and
// the page's Python program calls only what it defines; a small Go program
// using the Go SDK passes `go vet` and builds. The real CLI runs the
// provider for its schema; the generators stand in for the Python and Go
// hosts (tools/pulumi/language-sdkgen/, pkg/v3's own codegen).
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { spawnSync } from "child_process";
import { REPO, linkInstall, requireEngine } from "../engine/harness";
import { DOCS, fencedBlocks } from "../docs-pages";

const TOOLS = path.join(REPO, ".tools", "pulumi");
const PAGE = path.join(DOCS, "languages.md");

function has(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

/** Runs a line of the docs as written, `pulumi` being the CLI built here (its own home, no update checks). */
function asWritten(line: string, cwd: string, home: string) {
  const r = spawnSync("bash", ["-c", line], {
    cwd, encoding: "utf8",
    env: { ...process.env, PATH: `${TOOLS}:${process.env.PATH}`, PULUMI_HOME: home, PULUMI_SKIP_UPDATE_CHECK: "true", PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true" },
  });
  assert.strictEqual(r.status, 0, `${line}\n${r.stdout}${r.stderr}`);
  return r.stdout + r.stderr;
}

/**
 * Every call of the program to `stackfile.<Name>(...)` names a class the SDK
 * defines and only keyword arguments its constructor takes (read from the
 * SDK's sources, without importing pulumi).
 */
const CHECK_CALLS = `
import ast, pathlib, sys
sdk, program = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]).read_text()
params = {}
for f in sdk.glob("*.py"):
    for node in ast.walk(ast.parse(f.read_text())):
        if isinstance(node, ast.ClassDef):
            for fn in node.body:
                if isinstance(fn, ast.FunctionDef) and fn.name == "__init__":
                    params.setdefault(node.name, set()).update(a.arg for a in fn.args.args + fn.args.kwonlyargs)
calls = 0
for node in ast.walk(ast.parse(program)):
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and getattr(node.func.value, "id", None) == "stackfile":
        calls += 1
        name = node.func.attr
        if name not in params:
            sys.exit(f"stackfile.{name} is not in the SDK")
        unknown = [k.arg for k in node.keywords if k.arg not in params[name]]
        if unknown:
            sys.exit(f"stackfile.{name} takes no {unknown}")
print(calls)
`;

const GO_PROGRAM = `package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
	"github.com/stackfile/stackfile/sdk/go/stackfile"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		cache, err := stackfile.NewRedisCluster(ctx, "cache", &stackfile.RedisClusterArgs{
			InstanceSize:            stackfile.RedisInstanceSizeCacheT4gSmall,
			NumReplicaNodes:         pulumi.Int(1),
			EnableAutomaticFailover: pulumi.Bool(true),
			DefaultUserPassword:     cfg.RequireSecret("cachePassword"),
		})
		if err != nil {
			return err
		}
		hello, err := stackfile.NewFunction(ctx, "hello", &stackfile.FunctionArgs{
			EntryfilePath:  pulumi.String("./functions/hello.ts"),
			JoinDefaultVpc: pulumi.Bool(true),
			Environment: stackfile.EnvironmentVariableArray{
				stackfile.EnvironmentVariableArgs{Name: pulumi.String("CACHE_HOST"), Value: cache.Host.Elem()},
			},
		})
		if err != nil {
			return err
		}
		api, err := stackfile.NewHttpApiGateway(ctx, "api", &stackfile.HttpApiGatewayArgs{
			Cors:   &stackfile.HttpApiCorsArgs{Enabled: pulumi.Bool(true)},
			Routes: stackfile.HttpApiRouteArray{stackfile.HttpApiRouteArgs{Path: pulumi.String("/hello"), Method: pulumi.String("GET"), Handler: hello.Arn.Elem()}},
		})
		if err != nil {
			return err
		}
		ctx.Export("api", api.Url)
		return nil
	})
}
`;

describe("SDKs for other languages (pulumi package gen-sdk, as docs/languages.md says)", function () {
  this.timeout(1_800_000);
  let dir: string;
  let home: string;
  before(function () {
    requireEngine(this, ["pulumi-language-python", "pulumi-language-go"]);
    for (const tool of ["python3", "go"]) {
      if (has(tool)) continue;
      if (process.env.CI === "true") throw new Error(`${tool} is missing: CI compiles the SDKs`);
      console.log(`    (skipped: ${tool} is not installed)`);
      this.skip();
    }
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "stackfile-sdks-"));
    dir = path.join(root, "app");
    home = path.join(root, "pulumi-home");
    fs.mkdirSync(dir);
    linkInstall(dir);
    const genSdk = fencedBlocks(PAGE, "sh").flatMap((b) => b.code.split("\n")).filter((l) => l.startsWith("pulumi package gen-sdk "));
    assert.deepStrictEqual(genSdk.map((l) => /--language (\w+)/.exec(l)?.[1]), ["python", "go"], "the page's gen-sdk lines");
    for (const line of genSdk) assert.match(asWritten(line, dir, home), /SDK has been written to sdk\//);
  });
  after(() => {
    if (dir && !process.env.STACKFILE_KEEP_ENGINE_DIRS) fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  it("Python: the SDK compiles, and the page's program calls only classes and arguments it has", () => {
    const compiled = spawnSync("python3", ["-m", "compileall", "-q", path.join(dir, "sdk", "python")], { encoding: "utf8" });
    assert.strictEqual(compiled.status, 0, compiled.stdout + compiled.stderr);
    const program = path.join(dir, "__main__.py");
    fs.writeFileSync(program, fencedBlocks(PAGE, "python")[0].code);
    const own = spawnSync("python3", ["-m", "py_compile", program], { encoding: "utf8" });
    assert.strictEqual(own.status, 0, own.stderr);
    const checked = spawnSync("python3", ["-c", CHECK_CALLS, path.join(dir, "sdk", "python", "pulumi_stackfile"), program], { encoding: "utf8" });
    assert.strictEqual(checked.status, 0, checked.stdout + checked.stderr);
    assert.strictEqual(Number(checked.stdout.trim()), 8, "every call of the program was checked");
  });

  it("Go: a program using the SDK (a module of its own, replaced by sdk/go) passes go vet and builds", () => {
    const prog = path.join(dir, "goprog");
    fs.mkdirSync(prog);
    fs.writeFileSync(path.join(prog, "main.go"), GO_PROGRAM);
    // The versions tools/pulumi/ builds the CLI from: the Go caches of that build serve this one.
    const mod = fs.readFileSync(path.join(REPO, "tools", "pulumi", "go.mod"), "utf8").replace(/^module .*$/m, "module example.com/stackfile-sdk-check");
    fs.writeFileSync(path.join(prog, "go.mod"), `${mod}\nrequire github.com/stackfile/stackfile/sdk/go v0.0.0\n\nreplace github.com/stackfile/stackfile/sdk/go => ../sdk/go\n`);
    fs.copyFileSync(path.join(REPO, "tools", "pulumi", "go.sum"), path.join(prog, "go.sum"));
    const env = { ...process.env, CGO_ENABLED: "0", GOFLAGS: "-mod=mod" };
    const flags = ["-trimpath", "-tags", "osusergo,grpcnotrace"];
    for (const args of [["vet", ...flags, "."], ["build", ...flags, "-o", path.join(prog, "program"), "."]]) {
      const r = spawnSync("go", args, { cwd: prog, env, encoding: "utf8" });
      assert.strictEqual(r.status, 0, `go ${args.join(" ")}\n${r.stdout}${r.stderr}`);
    }
    assert.ok(fs.statSync(path.join(prog, "program")).size > 1_000_000, "the program was built");
  });
});

// `plan` reads @pulumi/aws a service at a time (src/cli/aws-on-demand.ts):
// the very classes and functions of the package, fewer modules loaded, and
// anything else from the package's own index.
import * as assert from "assert";
import * as path from "path";
import { spawnSync } from "child_process";

const ROOT = path.resolve(__dirname, "..", "..");

/** Runs `body` in a fresh node (from src, through tsx) after installing the on-demand package; its JSON result. */
function inFreshProcess(body: string): Record<string, unknown> {
  const program = `
    const { installAwsOnDemand } = require(${JSON.stringify(path.join(ROOT, "src", "cli", "aws-on-demand"))});
    const awsModules = () => Object.keys(require.cache).filter((m) => m.includes("node_modules/@pulumi/aws/")).length;
    const result = (() => { ${body} })();
    process.stdout.write(JSON.stringify(result));`;
  const r = spawnSync(process.execPath, ["--require", "tsx/cjs", "-e", program], { cwd: ROOT, encoding: "utf8" });
  assert.strictEqual(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

describe("@pulumi/aws read on demand", function () {
  this.timeout(120000);

  it("gives the package's own classes and functions, loading only the services read", () => {
    const r = inFreshProcess(`
      const installed = installAwsOnDemand();
      const aws = require("@pulumi/aws");
      return {
        installed,
        again: installAwsOnDemand(),
        sameClass: aws.elasticache.ReplicationGroup === require("@pulumi/aws/elasticache").ReplicationGroup,
        sameProvider: aws.Provider === require("@pulumi/aws/provider").Provider,
        sameFunction: aws.getRegionOutput === require("@pulumi/aws/getRegion").getRegionOutput,
        modules: awsModules(),
      };`);
    assert.deepStrictEqual({ ...r, modules: undefined }, { installed: true, again: false, sameClass: true, sameProvider: true, sameFunction: true, modules: undefined });
    assert.ok((r.modules as number) < 60, `${r.modules} modules of @pulumi/aws loaded`);
  });

  it("answers a name it does not know from the package's whole index", () => {
    const r = inFreshProcess(`
      installAwsOnDemand();
      const aws = require("@pulumi/aws");
      const before = awsModules();
      return { before, sha1hash: typeof aws.sha1hash, after: awsModules(), keys: Object.keys(aws).includes("elasticache") };`);
    assert.strictEqual(r.sha1hash, "function");
    assert.strictEqual(r.keys, true);
    assert.ok((r.after as number) > 200 && (r.before as number) < 60, JSON.stringify(r));
  });

  it("does nothing once the package is loaded whole (its classes must stay the ones loaded)", () => {
    const r = inFreshProcess(`
      const whole = require("@pulumi/aws");
      return { installed: installAwsOnDemand(), same: require("@pulumi/aws") === whole };`);
    assert.deepStrictEqual(r, { installed: false, same: true });
  });
});

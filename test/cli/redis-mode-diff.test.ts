// Issue 23, item 8: changing accessibilityMode must not replace the cluster's
// security group (its description is force-new in the provider: a replacement
// recreates every ingress rule, with a window where the cluster has none).
import * as assert from "assert";
import { cli, tmpFile } from "./cli-helpers";

const cache = (mode: string) => `resources:
  cache:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.micro
      defaultUserPassword: $Secret(pw)
      accessibility:
        accessibilityMode: ${mode}
`;

describe("stackfile diff: redis accessibilityMode", function () {
  this.timeout(120000);

  it("vpc -> scoping-workloads-in-vpc keeps the security group (no replacement), only the VPC ingress rule goes", async () => {
    const r = await cli("diff", tmpFile(cache("vpc")), tmpFile(cache("scoping-workloads-in-vpc")), "--format", "json");
    const out = JSON.parse(r.out);
    const sg = out.resources.find((x: { name: string }) => x.name === "cache-security-group");
    assert.strictEqual(sg, undefined, `the security group changes: ${JSON.stringify(sg)}`);
    assert.strictEqual(out.resources.find((x: { name: string }) => x.name === "cache-vpc-ingress")?.action, "delete");
  });
});

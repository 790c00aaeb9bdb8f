// A Pulumi project whose one stack file differs by stage (production, pr-7):
// shared by the plan, validate, program and dev tests of stages.
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

/** A Pulumi project folder with `files` (Pulumi.yaml, Pulumi.<stack>.yaml, stack.yaml). */
export function stageProject(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stages-"));
  for (const [rel, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, rel), text);
  return dir;
}

export const STAGED_STACK = `resources:
  cache:
    type: redis-cluster
    properties:
      instanceSize: "$Select($Stage(), {production: cache.r7g.large, default: cache.t4g.micro})"
      numReplicaNodes: "$Select($Stage(), {production: 2, default: 0})"
      port: $Config('cachePort')
      defaultUserPassword: $Secret(pw)
    overrides:
      replicationGroup:
        description: "cache of $Stage() in $Region()"
  api:
    type: http-api-gateway
    properties:
      customDomains:
        - domainName: "$Select($Stage(), {production: api.example.com, default: '$Stage().preview.example.com'})"
`;

export const STAGED_PROJECT = {
  "Pulumi.yaml": "name: shop\nruntime: nodejs\n",
  "Pulumi.production.yaml": "config:\n  aws:region: eu-west-1\n  shop:cachePort: \"6380\"\n",
  "Pulumi.pr-7.yaml": "config:\n  aws:region: eu-west-1\n  shop:cachePort: 6379\n",
  "stack.yaml": STAGED_STACK,
};

// The name of the snapshot RDS takes when it deletes an instance or a cluster.
// RDS refuses a delete whose final snapshot name already exists in the account
// and region (DBSnapshotAlreadyExists), so one fixed name per resource fails
// the second time: a second stage of the same file (pr-1, pr-2 in one account),
// or a replacement after an earlier one. The name carries 8 hex of the
// project, stack, resource and engine: stable across deploys of one stack
// (no update each time), another for each stage and for an engine change.
// Constraints (DeleteDBInstance, DeleteDBCluster, FinalDBSnapshotIdentifier):
// 1-255 letters, digits or hyphens, a letter first, no hyphen last, no "--".
// docs.aws.amazon.com/AmazonRDS/latest/APIReference/API_DeleteDBInstance.html
import { createHash } from "crypto";
import * as pulumi from "@pulumi/pulumi";

export function finalSnapshotName(resource: string, engine: string): string {
  const hash = createHash("sha256").update(`${pulumi.getProject()}/${pulumi.getStack()}/${resource}/${engine}`).digest("hex").slice(0, 8);
  const readable = resource.replace(/[^A-Za-z0-9-]/g, "-").replace(/-{2,}/g, "-").replace(/^[^A-Za-z]+/, "").replace(/-+$/, "").slice(0, 200);
  return `${readable || "db"}-final-${hash}`;
}

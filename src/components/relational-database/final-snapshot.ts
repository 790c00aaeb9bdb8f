// The name of the snapshot RDS takes when it deletes an instance or a cluster.
// RDS refuses a delete whose final snapshot name already exists in the account
// and region (DBSnapshotAlreadyExists), so one fixed name per resource fails
// the second time: a second stage of the same file (pr-1, pr-2 in one account),
// or a replacement after an earlier one. The name carries 8 hex of the
// project, stack, resource and the settings whose change replaces the
// database (engine, database name, master user name: the force-new inputs
// that come from properties, aws-rules/replacement-table.ts): stable across
// deploys of one stack (no update each time), another for each stage and for
// each replacement (the old database is deleted under its own, older name).
// Only a return to settings an earlier database of the stack had takes a name
// again; RDS then refuses that database's delete until the old snapshot is
// deleted or renamed.
// Constraints (DeleteDBInstance, DeleteDBCluster, FinalDBSnapshotIdentifier):
// 1-255 letters, digits or hyphens, a letter first, no hyphen last, no "--".
// docs.aws.amazon.com/AmazonRDS/latest/APIReference/API_DeleteDBInstance.html
import { createHash } from "crypto";
import * as pulumi from "@pulumi/pulumi";

/** What replaces the database when it changes (plain or from other resources). */
export interface ReplacingSettings {
  engine: string;
  dbName?: pulumi.Input<string>;
  user: pulumi.Input<string>;
}

export function finalSnapshotName(resource: string, settings: ReplacingSettings): pulumi.Output<string> {
  const readable = resource.replace(/[^A-Za-z0-9-]/g, "-").replace(/-{2,}/g, "-").replace(/^[^A-Za-z]+/, "").replace(/-+$/, "").slice(0, 200);
  return pulumi.all([settings.dbName, settings.user]).apply(([dbName, user]) => {
    const key = `${pulumi.getProject()}/${pulumi.getStack()}/${resource}/${settings.engine}/${dbName ?? ""}/${user}`;
    return `${readable || "db"}-final-${createHash("sha256").update(key).digest("hex").slice(0, 8)}`;
  });
}

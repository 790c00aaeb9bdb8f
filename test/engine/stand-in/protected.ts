// AWS refuses to delete a database while its deletion protection is on: "The
// database can't be deleted when deletion protection is enabled"
// (RDS API reference, DeletionProtection of
// https://docs.aws.amazon.com/AmazonRDS/latest/APIReference/API_ModifyDBInstance.html
// and API_ModifyDBCluster.html); DeleteDBInstance then fails with
// InvalidParameterCombination, "Cannot delete protected DB Instance, please
// disable deletion protection and try again" (as quoted in
// hashicorp/terraform-provider-aws issue 26233). An Aurora cluster's
// instances can be deleted while the cluster is protected (the same page):
// only the instance and the cluster are checked.

const PROTECTED: Record<string, string> = {
  "aws:rds/instance:Instance": "DB Instance",
  "aws:rds/cluster:Cluster": "DB Cluster",
};

/** AWS's refusal to delete a resource of `type` whose state has deletion protection on, or undefined. */
export function protectionError(type: string, state: Record<string, unknown>): string | undefined {
  const what = PROTECTED[type];
  if (!what || state.deletionProtection !== true) return undefined;
  return `InvalidParameterCombination: Cannot delete protected ${what}, please disable deletion protection and try again`;
}

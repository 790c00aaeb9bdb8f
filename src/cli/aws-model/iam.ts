// IAM (global: ARNs have no region).
import { arn, type Answer } from "./model";

export const IAM: Record<string, Answer> = {
  "aws:iam/role:Role": (r) => ({ id: r.physical, state: { ...r.inputs, name: r.physical, arn: arn(r.region, "iam", `role${r.inputs.path ?? "/"}${r.physical}`, { regionless: true }) } }),
};

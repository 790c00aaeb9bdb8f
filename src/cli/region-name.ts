// Why a region name is refused: no AWS partition has it (aws-rules/partition.ts holds the partitions' patterns).
import { isRegionName } from "../aws-rules/partition";
import { userText } from "../shared/messages/user-text";

/** Why `region` is not an AWS region name, or undefined. */
export function regionNameProblem(region: string): string | undefined {
  if (isRegionName(region)) return undefined;
  return `${userText(region)} is not an AWS region: no AWS partition has a region named like it (eu-west-1, us-gov-west-1, cn-north-1, ...)`;
}

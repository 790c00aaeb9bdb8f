// A provider for us-east-1, where CloudFront wants its certificates and its
// Lambda@Edge functions, whatever region the stack deploys to.
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import { childArgs, childName, type ChildTransforms } from "./children";

export function usEast1Provider(scope: { parent: pulumi.ComponentResource; name: string; transforms?: ChildTransforms }, childId: string): aws.Provider {
  return new aws.Provider(
    childName(scope.name, childId),
    childArgs(scope.transforms, childId, { region: "us-east-1", profile: new pulumi.Config("aws").get("profile") }),
    { parent: scope.parent },
  );
}

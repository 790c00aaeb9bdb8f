// Physical names that always fit: a transformation every component installs
// on its children. Where pulumi-aws's auto-name (`<pulumi name>-<7 hex>`)
// fits the type's limits it is left alone (nothing changes for stacks
// deployed before); otherwise the child gets an explicit name: the readable
// start of its Pulumi name and 8 hex of the account, region, project, stack
// and Pulumi name, so it is stable and unique where AWS needs it. (The
// provider replaces an explicitly named resource delete-first.)
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import { NAMES, explicitName } from "../../aws-rules/naming";

export function fitNames(): { transformation: pulumi.ResourceTransformation; bind(component: pulumi.ComponentResource): void } {
  let component: pulumi.ComponentResource | undefined;
  let scope: pulumi.Output<string> | undefined;
  const where = () => (scope ??= pulumi
    .all([aws.getCallerIdentityOutput({}, { parent: component }).accountId, aws.getRegionOutput({}, { parent: component }).region])
    .apply(([account, region]) => `${account}/${region}/${pulumi.getProject()}/${pulumi.getStack()}`));
  const transformation: pulumi.ResourceTransformation = (args) => {
    const spec = NAMES[args.type];
    if (!spec || args.props[spec.property] !== undefined || args.props[`${spec.property}Prefix`] !== undefined) return undefined;
    const inputs = { fifoQueue: args.props.fifoQueue === true };
    if (explicitName(args.type, args.name, "", inputs) === undefined) return undefined;
    const name = where().apply((s) => explicitName(args.type, args.name, `${s}/${args.name}`, inputs)!);
    return { props: { ...args.props, [spec.property]: name }, opts: args.opts };
  };
  return { transformation, bind: (c) => void (component = c) };
}

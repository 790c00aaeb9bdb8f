// An EventBridge rule that invokes a Lambda function: the rule (an event
// pattern on a bus, or a schedule on the default bus), its target and the
// permission letting EventBridge invoke the function from that rule only
// (https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-use-resource-based.html#eb-lambda-permissions).
// An event-bus makes one for each event that names it; a function makes its
// own for its `schedule` events and its events on the default bus.
import * as aws from "@pulumi/aws";
import type * as pulumi from "@pulumi/pulumi";
import type { ChildFactory } from "../../shared/component/child-factory";

/** The rule's trigger: a pattern on a bus (none: the default bus), or a schedule (the default bus only). */
export type RuleTrigger = { eventBusName?: pulumi.Input<string>; eventPattern: pulumi.Input<string> } | { scheduleExpression: string };

/** The child ids the maker's table gives the three resources. */
export interface RuleIds { rule: string; target: string; permission: string }

/** The function a rule invokes. */
export interface RuleFunction { arn: pulumi.Input<string>; name: pulumi.Input<string> }

export function ruleToFunction(
  children: ChildFactory, ids: RuleIds, trigger: RuleTrigger, fn: RuleFunction, description: string,
): { rule: aws.cloudwatch.EventRule; target: aws.cloudwatch.EventTarget; permission: aws.lambda.Permission } {
  const rule = children.make(ids.rule, aws.cloudwatch.EventRule, { ...trigger, description });
  const eventBusName = "eventBusName" in trigger ? trigger.eventBusName : undefined;
  const target = children.make(ids.target, aws.cloudwatch.EventTarget, { rule: rule.name, eventBusName, arn: fn.arn });
  const permission = children.make(ids.permission, aws.lambda.Permission, {
    action: "lambda:InvokeFunction",
    function: fn.name,
    principal: "events.amazonaws.com",
    sourceArn: rule.arn,
  });
  return { rule, target, permission };
}

// Application Auto Scaling: scalable targets and scaling policies (a provisioned DynamoDB table's capacity).
import { arn, hex, uuid, type Answer } from "./model";

export const APPAUTOSCALING: Record<string, Answer> = {
  // The provider's id is the resource id (terraform-provider-aws internal/service/appautoscaling/target.go);
  // the target's ARN is scalable-target/<id> as RegisterScalableTarget answers it
  // (https://docs.aws.amazon.com/autoscaling/application/APIReference/API_RegisterScalableTarget.html, ScalableTargetARN).
  "aws:appautoscaling/target:Target": (r) => ({
    id: String(r.inputs.resourceId),
    state: { ...r.inputs, arn: arn(r.region, "application-autoscaling", `scalable-target/${hex(`${r.type}/${r.name}`, 36)}`) },
  }),
  // A policy's id is its name; its ARN scalingPolicy:<uuid>:resource/<namespace>/<resource id>:policyName/<name>,
  // and a target tracking policy makes two alarms, TargetTracking-<resource id>-AlarmHigh-<uuid> and -AlarmLow-
  // (https://docs.aws.amazon.com/autoscaling/application/APIReference/API_PutScalingPolicy.html, PolicyARN and Alarms).
  "aws:appautoscaling/policy:Policy": (r) => {
    const resource = `${r.inputs.serviceNamespace}/${r.inputs.resourceId}`;
    const tracking = r.inputs.policyType === "TargetTrackingScaling";
    const alarm = (kind: string) => arn(r.region, "cloudwatch", `alarm:TargetTracking-${r.inputs.resourceId}-${kind}-${uuid(`${r.type}/${r.name}/${kind}`)}`);
    return {
      id: r.physical,
      state: {
        ...r.inputs,
        name: r.physical,
        arn: arn(r.region, "autoscaling", `scalingPolicy:${uuid(`${r.type}/${r.name}`)}:resource/${resource}:policyName/${r.physical}`),
        alarmArns: tracking ? [alarm("AlarmHigh"), alarm("AlarmLow")] : [],
      },
    };
  },
};

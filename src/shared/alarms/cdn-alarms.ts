// A CloudFront distribution's default alarm (decisions.md, "Alarms and cost"):
// `5xxErrorRate`, the percentage of viewer requests answered with a 5xx
// status (Average), in the namespace AWS/CloudFront with the dimensions
// DistributionId and `Region: Global`, published in us-east-1 only: the alarm
// is made there
// (https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/programming-cloudwatch-metrics.html).
// us-east-1 is a region of the `aws` partition only: in aws-cn and aws-us-gov
// an account has no us-east-1, so the alarm is made in the stack's region
// there (where AWS publishes CloudFront's metrics in those partitions was not
// verified: docs/http-api-gateway.md says so).
import * as pulumi from "@pulumi/pulumi";
import type { AlarmDefault } from "./metric-alarms";
import { CLOUDFRONT_REGION } from "../domains/cloudfront-region";

/** The CDN's alarm by name (a gateway's or a site's `alarms` holds it as `cdnServerErrors`). */
export function cdnAlarms(partition: pulumi.Input<string>): Record<"cdnServerErrors", AlarmDefault> {
  return {
    cdnServerErrors: {
      childId: "cdnServerErrorsAlarm", description: "the CDN's 5xx answers as a percentage of its requests (%)", namespace: "AWS/CloudFront",
      region: pulumi.output(partition).apply((p) => (p === "aws" ? CLOUDFRONT_REGION : undefined)), dimensions: { Region: "Global" },
      metric: { metricName: "5xxErrorRate", statistic: "Average" },
      comparison: "GreaterThanOrEqualToThreshold", threshold: 5, periodSeconds: 300, evaluationPeriods: 1,
    },
  };
}

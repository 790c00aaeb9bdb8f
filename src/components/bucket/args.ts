// The arguments of the Bucket component (its own file: cdn.ts reads them
// too, and the component imports cdn.ts).
import type * as pulumi from "@pulumi/pulumi";
import type { BucketAccessibility, BucketCors, BucketLifecycleRule, BucketProperties } from "./properties";
import type { BUCKET_CHILDREN } from "./child-ids";
import type { ChildTransforms } from "../../shared/component/children";
import type { DeepInput } from "../../shared/component/inputs";
import type { S3EventType } from "../../aws-rules/s3-notifications";
import type { S3EventFilterRule } from "./s3-event";
import type { AlarmTopicArg } from "../../shared/alarms/alarm-notifications";
import type { NextjsWebOwnChildArgs } from "../nextjs-web/dynamic-resources";

/**
 * Arguments of {@link Bucket}: the YAML properties, where any scalar may be a
 * Pulumi Input except the fields that decide which resources are made.
 */
export interface BucketArgs extends Omit<DeepInput<BucketProperties>, "versioning" | "encryption" | "accessibility" | "cors" | "lifecycleRules" | "directoryUpload" | "cdn" | "alarms">, AlarmTopicArg {
  versioning?: boolean;
  encryption?: boolean;
  accessibility?: BucketAccessibility;
  cors?: { enabled: boolean; corsRules?: DeepInput<NonNullable<BucketCors["corsRules"]>> };
  lifecycleRules?: DeepInput<BucketLifecycleRule[]>;
  /** A local directory synced to the bucket on every deploy (read as the program runs: a plain path). */
  directoryUpload?: BucketProperties["directoryUpload"];
  /** CloudFront in front of the bucket (whether, and its domains, decide what is made: plain values; the others may be Inputs). */
  cdn?: { enabled: boolean; customDomains?: NonNullable<BucketProperties["cdn"]>["customDomains"] } & Omit<DeepInput<NonNullable<BucketProperties["cdn"]>>, "enabled" | "customDomains">;
  /** Its CloudWatch alarms (which are made is decided by plain values). */
  alarms?: BucketProperties["alarms"];
  /** Functions S3 invokes on object changes (a stack file's `s3` events of functions naming the bucket). */
  events?: BucketEvent[];
  /** The Pulumi project's folder, which the synced directory is stored relative to (default: the program's project, where Pulumi.yaml is). */
  projectRoot?: string;
  /** Adjusts a child's arguments before it is created, by child id (see the class docs). */
  transform?: ChildTransforms<typeof BUCKET_CHILDREN, NextjsWebOwnChildArgs>;
}

/** A function S3 invokes when an object changes. */
export interface BucketEvent {
  /** The function's ARN. */
  functionArn: pulumi.Input<string>;
  /** Names its invoke permission (`<bucket>-event-permission-<label>`): one per function. */
  label: string;
  s3EventType: S3EventType;
  filterRule?: S3EventFilterRule;
}

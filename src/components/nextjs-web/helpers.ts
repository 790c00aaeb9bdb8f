// The site's helper functions: the image optimizer (behind its own URL, signed
// by CloudFront's origin access control: it answers GET only), the warmer, ISR
// revalidation from the queue, and the tag cache seeding once per build.
import * as fs from "fs";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { BuildResult } from "./build";
import type { SiteStorage } from "./storage";
import { createFunction, functionUrl } from "./functions";
import { urlHost } from "./cdn";
import { hashFile } from "./assets";
import type { ChildFactory } from "../../shared/component/child-factory";
import { seederPackage, SEEDER_HANDLER } from "./seeder-package";
import { WARM_PARAMS_VARIABLE } from "../../shared/workloads/warmer-protocol";

/** Days the logs of the helper functions are kept. */
const HELPER_LOG_DAYS = 30;

export interface SiteHelpers {
  /** The image optimizer's function and URL host, when the build has one. */
  image?: { fn: aws.lambda.Function; host: pulumi.Output<string> };
}

export function createHelpers(children: ChildFactory, build: BuildResult, storage: SiteStorage, server: aws.lambda.Function, warmInstances: pulumi.Input<number> | undefined): SiteHelpers {
  const { name } = children;
  const output = build.output;
  const bundle = (rel: string) => path.join(build.appDir, rel);
  const { bucket, queue, table } = storage;
  const out: SiteHelpers = {};

  const imageSpec = output.origins.imageOptimizer;
  if (imageSpec) {
    const image = createFunction(children, {
      id: "image", description: "Next.js image optimization", bundleDir: bundle(imageSpec.bundle), handler: imageSpec.handler,
      memory: 1536, timeout: 25, logRetentionDays: HELPER_LOG_DAYS,
      environment: { BUCKET_NAME: bucket.bucket, BUCKET_KEY_PREFIX: output.origins.s3.originPath },
      // s3:ListBucket makes a missing source image NoSuchKey (a 404 from the optimizer), not AccessDenied (GetObject API reference, "Permissions").
      statements: [
        { Action: ["s3:GetObject"], Resource: [pulumi.interpolate`${bucket.arn}/${output.origins.s3.originPath}/*`] },
        { Action: ["s3:ListBucket"], Resource: [bucket.arn] },
      ],
    });
    out.image = { fn: image.fn, host: urlHost(functionUrl(children, "image", image.fn, false).functionUrl) };
  }

  const warmerSpec = output.additionalProps?.warmer;
  if (warmInstances !== undefined && warmerSpec) {
    const warmer = createFunction(children, {
      id: "warmer", description: "Next.js server warmer", bundleDir: bundle(warmerSpec.bundle), handler: warmerSpec.handler,
      memory: 128, timeout: 60, logRetentionDays: HELPER_LOG_DAYS,
      environment: { [WARM_PARAMS_VARIABLE]: pulumi.jsonStringify([{ function: server.name, concurrency: warmInstances }]) },
      statements: [{ Action: ["lambda:InvokeFunction"], Resource: [server.arn] }],
    });
    const schedule = children.make("warmerSchedule", aws.cloudwatch.EventRule, {
      description: `Keeps ${name}'s server instances warm`, scheduleExpression: "rate(5 minutes)",
    });
    children.make("warmerTarget", aws.cloudwatch.EventTarget, { rule: schedule.name, arn: warmer.fn.arn });
    children.make("warmerPermission", aws.lambda.Permission, {
      function: warmer.fn.name, action: "lambda:InvokeFunction", principal: "events.amazonaws.com", sourceArn: schedule.arn,
    });
  }

  const revalidationSpec = output.additionalProps?.revalidationFunction;
  if (revalidationSpec) {
    const revalidation = createFunction(children, {
      id: "revalidation", description: "Next.js ISR revalidation", bundleDir: bundle(revalidationSpec.bundle), handler: revalidationSpec.handler,
      memory: 128, timeout: 30, logRetentionDays: HELPER_LOG_DAYS,
      statements: [{ Action: ["sqs:ReceiveMessage", "sqs:DeleteMessage", "sqs:GetQueueAttributes", "sqs:ChangeMessageVisibility"], Resource: [queue.arn] }],
    });
    children.make("revalidationEventSource", aws.lambda.EventSourceMapping, {
      eventSourceArn: queue.arn, functionName: revalidation.fn.name, batchSize: 5,
      // OpenNext reports the pages it failed to revalidate as batchItemFailures: Lambda retries them only with this.
      functionResponseTypes: ["ReportBatchItemFailures"],
    });
  }

  const seederSpec = output.additionalProps?.initializationFunction;
  if (seederSpec) {
    // OpenNext's seeder behind an entry that runs it again while IAM applies its new policy (seeder-package.ts).
    const seeder = createFunction(children, {
      id: "seeder", description: "Next.js tag cache seeding",
      code: { archive: seederPackage(bundle(seederSpec.bundle), seederSpec.handler), handler: SEEDER_HANDLER },
      memory: 256, timeout: 300, logRetentionDays: HELPER_LOG_DAYS, environment: { CACHE_DYNAMO_TABLE: table.name },
      statements: [{ Action: ["dynamodb:BatchWriteItem", "dynamodb:PutItem", "dynamodb:DescribeTable"], Resource: [table.arn] }],
    });
    // Seeded once per build content, never on the clock.
    const seedFile = path.join(bundle(seederSpec.bundle), "dynamodb-cache.json");
    children.make("seederInvocation", aws.lambda.Invocation, {
      functionName: seeder.fn.name,
      input: JSON.stringify({ RequestType: "Create" }),
      triggers: { content: fs.existsSync(seedFile) ? hashFile(seedFile) : build.sourceHash },
    });
  }
  return out;
}

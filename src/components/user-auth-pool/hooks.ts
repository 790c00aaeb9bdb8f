// A pool's hooks (Cognito's Lambda triggers): the pool's lambdaConfig names
// each function's ARN, and each function lets Cognito invoke it for this pool
// only (a resource-based permission from cognito-idp.amazonaws.com with the
// pool's ARN as its source:
// https://docs.aws.amazon.com/cognito/latest/developerguide/cognito-user-pools-working-with-lambda-triggers.html).
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { ChildFactory } from "../../shared/component/child-factory";
import type { Problem } from "../../shared/messages/problem";
import { USER_AUTH_POOL_HOOKS, type UserAuthPoolHooks } from "./properties";

/** What a hook may name: a stackfile Function or an aws.lambda.Function. */
export type HookFunction = aws.lambda.Function | { function: aws.lambda.Function };

const lambdaOf = (f: HookFunction): aws.lambda.Function => (f instanceof aws.lambda.Function ? f : f.function);

/** Hooks whose function was not given (TypeScript: `hookFunctions`). */
export function hookFunctionProblems(hooks: unknown, functions: Record<string, HookFunction>): Problem[] {
  const map = typeof hooks === "object" && hooks !== null ? (hooks as Record<string, unknown>) : {};
  const known = Object.keys(functions);
  return USER_AUTH_POOL_HOOKS.flatMap((hook) => {
    const name = map[hook];
    if (typeof name !== "string" || functions[name]) return [];
    return [{
      path: ["hooks", hook],
      message: `no function named '${name}' was given (${known.length ? `hookFunctions: ${known.join(", ")}` : "hookFunctions is empty"})`,
      hint: "pass the function in hookFunctions under that name",
    }];
  });
}

/** The pool's lambdaConfig: each hook to its function's ARN (undefined without hooks). */
export function lambdaConfig(hooks: UserAuthPoolHooks | undefined, functions: Record<string, HookFunction>): aws.types.input.cognito.UserPoolLambdaConfig | undefined {
  const entries = USER_AUTH_POOL_HOOKS.flatMap((hook) => {
    const name = hooks?.[hook];
    return name === undefined ? [] : [[hook, lambdaOf(functions[name]).arn] as const];
  });
  return entries.length ? (Object.fromEntries(entries) as aws.types.input.cognito.UserPoolLambdaConfig) : undefined;
}

/** One invoke permission per function the hooks name, from Cognito, for this pool only. */
export function hookPermissions(children: ChildFactory, pool: aws.cognito.UserPool, hooks: UserAuthPoolHooks | undefined, functions: Record<string, HookFunction>): aws.lambda.Permission[] {
  const names = [...new Set(USER_AUTH_POOL_HOOKS.flatMap((hook) => (hooks?.[hook] === undefined ? [] : [hooks[hook] as string])))].sort();
  return names.map((name) => children.suffixed(`-${name}`).make("hookPermission", aws.lambda.Permission, {
    action: "lambda:InvokeFunction",
    function: lambdaOf(functions[name]).name,
    principal: "cognito-idp.amazonaws.com",
    sourceArn: pool.arn as pulumi.Input<string>,
  }));
}

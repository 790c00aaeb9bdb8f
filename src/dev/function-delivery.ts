// Events that local services (SNS, EventBridge) hand to a function by its
// ARN, delivered to the session's function of that name as Lambda's
// asynchronous invocation does: the call, then its retries on failure
// (aws-services/sources.ts, asyncInvoker). stop() ends the retries waiting.
import type { DevContext, LogLine } from "../shared/component/local-runner";
import { asyncInvoker, type LambdaEvent } from "./aws-services";

/** The function's name in its ARN (`arn:aws:lambda:REGION:ACCOUNT:function:NAME`, https://docs.aws.amazon.com/lambda/latest/api/API_GetFunction.html). */
export function functionNameOfArn(arn: string): string | undefined {
  return /^arn:aws[\w-]*:lambda:[^:]*:[^:]*:function:([^:]+)/.exec(arn)?.[1];
}

export interface FunctionDelivery {
  deliver(functionArn: string, event: LambdaEvent, what: string): void;
  stop(): void;
}

export function functionDelivery(ctx: Pick<DevContext, "invoker">, log: LogLine, retryDelaysMs?: number[]): FunctionDelivery {
  const waiting = new Set<{ stop(): void }>();
  return {
    deliver(functionArn, event, what) {
      const name = functionNameOfArn(functionArn);
      const invoker = asyncInvoker({
        retryDelaysMs, log,
        invoke: async (e) => {
          const invoke = name === undefined ? undefined : ctx.invoker(name);
          if (!invoke) throw new Error(`no function ${name ?? functionArn} runs here`);
          const got = await invoke(e);
          if (!got.ok) throw new Error(got.error);
          return got.result;
        },
      });
      waiting.add(invoker);
      void invoker.invoke(event, what).finally(() => waiting.delete(invoker));
    },
    stop() {
      for (const w of waiting) w.stop();
      waiting.clear();
    },
  };
}

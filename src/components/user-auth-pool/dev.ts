// A user-auth-pool, locally: a pool of dev's local Cognito
// (src/dev/aws-services/cognito.ts: cognito-local on 127.0.0.1, one server
// per session shared by the stack's pools, as a workload's SDK client has one
// Cognito endpoint), with its app client, both made as the stack says
// (pool-requests.ts: the requests the deployed pool is made from). A pool is
// made again (empty: its users are lost) when its settings change, and every
// session starts with no users. Connected workloads get STP_<NAME>_ID,
// _CLIENT_ID, _ARN and the endpoint their SDK reaches the local Cognito with.
// The hooks cognito-local has triggers for call their functions running here.
import * as fs from "fs";
import * as path from "path";
import type { DevType, LocalOutputs } from "../../shared/component/local-runner";
import { ApplyError } from "../../shared/component/local-runner";
import { localSdkOutputs } from "../../dev/aws-services";
import { startCognito } from "../../dev/aws-services/cognito";
import { USER_AUTH_POOL_HOOKS, type UserAuthPoolHooks, type UserAuthPoolProperties, type userAuthPoolParams } from "./properties";
import { createUserPoolClientRequest, createUserPoolRequest } from "./pool-requests";
import { USER_AUTH_POOL_LOCAL_VARIABLES, userAuthPoolDefinition } from "./definition";

/**
 * The hooks cognito-local runs, by its trigger names (its
 * services/triggers/); the others (preAuthentication and the custom
 * authentication challenges) it never calls.
 */
export const LOCAL_TRIGGERS: Partial<Record<keyof UserAuthPoolHooks, string>> = {
  preSignUp: "PreSignUp", postConfirmation: "PostConfirmation", postAuthentication: "PostAuthentication",
  preTokenGeneration: "PreTokenGeneration", customMessage: "CustomMessage", userMigration: "UserMigration",
};

/** The hooks of `hooks` that do not run locally. */
export const hooksNotRunLocally = (hooks: UserAuthPoolHooks | undefined) => USER_AUTH_POOL_HOOKS.filter((h) => hooks?.[h] !== undefined && !LOCAL_TRIGGERS[h]);

export const userAuthPoolDev: DevType = {
  runner(ctx) {
    /** The pools of this session, by resource name. */
    const pools = new Map<string, { id: string; arn: string; clientId: string }>();
    /** The hooks of each pool, by pool id. */
    const hooksOf = new Map<string, UserAuthPoolHooks>();

    /**
     * A trigger's event goes to the function its pool's hook names. A pool
     * without that hook answers as if the trigger were off (triggers are
     * server-wide locally): the event as sent, or, for a user migration, a
     * failure (the user is not found).
     */
    const invokeTrigger = async (trigger: string, event: Record<string, unknown>) => {
      const hook = (Object.keys(LOCAL_TRIGGERS) as (keyof UserAuthPoolHooks)[]).find((h) => LOCAL_TRIGGERS[h] === trigger);
      const fn = hook ? hooksOf.get(String(event.userPoolId))?.[hook] : undefined;
      if (!fn) return trigger === "UserMigration" ? { ok: false as const, error: "the pool has no userMigration hook" } : { ok: true as const, result: event };
      const invoke = ctx.invoker(fn);
      if (!invoke) return { ok: false as const, error: `the hook's function ${fn} is not running` };
      return invoke(event);
    };

    // The session's local Cognito; its data folder starts empty.
    const server = ctx.shared("cognito-idp", () => {
      const directory = path.join(ctx.cacheDir, "user-pools");
      fs.rmSync(directory, { recursive: true, force: true });
      fs.mkdirSync(directory, { recursive: true });
      return startCognito({ directory, log: ctx.logger("cognito-idp"), invokeTrigger });
    });

    return {
      async apply({ name, props }) {
        const p = props as UserAuthPoolProperties;
        const notRun = hooksNotRunLocally(p.hooks);
        if (notRun.length) ctx.logger(name)(`hooks not run locally (cognito-local has no such trigger): ${notRun.map((h) => `${h} (${p.hooks?.[h]})`).join(", ")}`);
        const poolRequest = createUserPoolRequest(name, p);
        const clientRequest = createUserPoolClientRequest(name, "", p);
        const fingerprint = JSON.stringify({ poolRequest, clientRequest });
        // Held under its settings: a pool made again holds the server before the old one lets go, so the endpoint stays.
        const holder = `${name} ${fingerprint}`;
        const cognito = await server.hold(holder);
        if (ctx.running(name)?.fingerprint !== fingerprint) {
          await ctx.stop(name);
          let pool: { Id: string; Arn: string };
          let clientId: string;
          try {
            pool = (await cognito.call("CreateUserPool", poolRequest)).UserPool;
            clientId = (await cognito.call("CreateUserPoolClient", createUserPoolClientRequest(name, pool.Id, p))).UserPoolClient.ClientId;
          } catch (err) {
            await server.release(holder);
            throw new ApplyError([{ resource: name, path: [], message: `the local Cognito refused pool ${name}: ${(err as Error).message}` }]);
          }
          ctx.run(name, {
            type: userAuthPoolDefinition.type, fingerprint, address: `${cognito.endpoint} (pool ${pool.Id}, client ${clientId})`,
            stop: async () => {
              pools.delete(name);
              hooksOf.delete(pool.Id);
              await cognito.call("DeleteUserPool", { UserPoolId: pool.Id }).catch(() => undefined);
              await server.release(holder);
            },
          });
          pools.set(name, { id: pool.Id, arn: pool.Arn, clientId });
          ctx.logger(name)(`a test user's tokens: sign up (SignUp, or AdminCreateUser), then InitiateAuth with USER_PASSWORD_AUTH and client ${clientId}, at ${cognito.endpoint} (docs/user-auth-pool.md, "In dev")`);
        }
        const ids = pools.get(name)!;
        hooksOf.set(ids.id, p.hooks ?? {});
        for (const [hook, trigger] of Object.entries(LOCAL_TRIGGERS)) if (p.hooks?.[hook as keyof UserAuthPoolHooks] !== undefined) cognito.enableTrigger(trigger);
        const outputs: LocalOutputs<typeof userAuthPoolParams> = { ...ids, issuerUrl: cognito.issuerOf(ids.id) };
        // Beside the parameters, what a connected workload's SDK reaches the local Cognito with (definition.ts, USER_AUTH_POOL_LOCAL_VARIABLES).
        const local: Record<(typeof USER_AUTH_POOL_LOCAL_VARIABLES)[keyof typeof USER_AUTH_POOL_LOCAL_VARIABLES], string> = localSdkOutputs(cognito.endpoint, cognito.region);
        ctx.setOutputs(name, { ...outputs, ...local });
      },
    };
  },
};

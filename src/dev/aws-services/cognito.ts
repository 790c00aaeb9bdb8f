// Amazon Cognito user pools, locally: cognito-local (npm, Cognito's user
// pool API in Node.js, its data in JSON files), run in this process on
// 127.0.0.1 with a folder of the session for its data. One server holds every
// pool of the session, as Cognito's one endpoint per region does: the SDK's
// Cognito Identity Provider client reaches it through one endpoint.
// - Tokens: signed RS256 with cognito-local's own key (kid `CognitoLocal`),
//   whose private half ships in its npm package (so they prove nothing
//   outside dev); their issuer is `http://127.0.0.1:PORT/<pool id>`, where
//   Cognito's is `https://cognito-idp.<region>.amazonaws.com/<pool id>`.
// - Discovery: cognito-local's `/<pool id>/.well-known/openid-configuration`
//   names localhost:9229 whatever port it runs on; this server answers it
//   with its own address, so a JWT verifier finds the keys as it would find
//   Cognito's (`<issuer>/.well-known/openid-configuration`, then `jwks_uri`).
// - Lambda triggers: cognito-local invokes them through a Lambda client; that
//   client's endpoint is this same server, whose Invoke path
//   (`POST /2015-03-31/functions/<name>/invocations`) calls `invokeTrigger`.
import * as http from "http";
import * as path from "path";
import { createRequire } from "module";
import { listenLoopback, type LocalServer } from "./protocol";
import { LOCAL_CREDENTIALS, LOCAL_REGION } from "./limits";
import { readBody } from "../request-body";
import { MissingToolError } from "../tls";

/** The version `stackfile dev` is tested with (package.json pins it). */
export const COGNITO_LOCAL_VERSION = "5.3.0";

export interface LocalCognito extends LocalServer {
  region: string;
  /** The `iss` of the tokens of `userPoolId`. */
  issuerOf(userPoolId: string): string;
  /**
   * Turns a trigger on for every pool of the server (cognito-local's are
   * server-wide): `invokeTrigger` answers for pools without it.
   */
  enableTrigger(trigger: string): void;
  /** Calls one of Cognito's operations (`CreateUserPool`...) with its request; CognitoError-like errors carry `code`. */
  call(operation: string, request: Record<string, unknown>): Promise<Record<string, any>>;
}

/** cognito-local's modules, loaded when a stack first needs a pool. */
function loadCognitoLocal(): (module: string) => any {
  let root: string;
  try {
    root = path.dirname(require.resolve("cognito-local/package.json"));
  } catch {
    throw new MissingToolError(`a user-auth-pool runs locally on cognito-local, which is not installed in this project: npm install --save-dev cognito-local@${COGNITO_LOCAL_VERSION}`);
  }
  const load = createRequire(path.join(root, "package.json"));
  return (module: string) => (module.startsWith(".") ? load(path.join(root, module)) : load(module));
}

export interface StartCognitoOptions {
  /** Where cognito-local keeps the pools and users (a folder of the session). */
  directory: string;
  log?(line: string): void;
  /**
   * Runs a Lambda trigger (`PreSignUp`...) that `enableTrigger` turned on,
   * with the event cognito-local makes (its `userPoolId` says which pool);
   * the result is the function's answer (`{ok: false}`: it failed).
   */
  invokeTrigger?(trigger: string, event: Record<string, unknown>): Promise<{ ok: true; result: unknown } | { ok: false; error: string }>;
}

/** One log line of cognito-local's pino logger (JSON): its message, and an error's. */
function logLine(json: string): string | undefined {
  try {
    const entry = JSON.parse(json) as { msg?: string; err?: { message?: string; code?: string } };
    const error = entry.err ? ` (${[entry.err.code, entry.err.message].filter(Boolean).join(": ")})` : "";
    if (!entry.msg) return undefined;
    // A code it "sends" comes in a box (boxen): one line of its fields here.
    const msg = entry.msg.includes("╭") ? entry.msg.split("\n").map((l) => l.replace(/[│╭╮╰╯─]/g, "").trim()).filter(Boolean).join("; ").replace(/ {2,}/g, " ") : entry.msg;
    return `${msg}${error}`;
  } catch {
    return json.trim() || undefined;
  }
}

export async function startCognito(options: StartCognitoOptions): Promise<LocalCognito> {
  const load = loadCognitoLocal();
  const pino = load("pino");
  const logger = pino({ level: "info", base: undefined }, {
    write(json: string) {
      const line = logLine(json);
      if (line) options.log?.(line);
    },
  });
  const server = http.createServer();
  const bound = await listenLoopback(server);
  const issuerDomain = bound.endpoint;
  /** cognito-local's trigger -> the function name its Lambda client invokes (the trigger's own name). */
  const triggerFunctions: Record<string, string> = {};

  // cognito-local's own wiring (its server/defaults.js), with this session's folder, issuer and Lambda endpoint.
  const services = load("./lib/services");
  const { CognitoServiceFactoryImpl } = load("./lib/services/cognitoService");
  const { CryptoService } = load("./lib/services/crypto");
  const { StormDBDataStoreFactory } = load("./lib/services/dataStore/stormDb");
  const { ConsoleMessageSender } = load("./lib/services/messageDelivery/consoleMessageSender");
  const { MessageDeliveryService } = load("./lib/services/messageDelivery/messageDelivery");
  const { otp } = load("./lib/services/otp");
  const { JwtTokenGenerator } = load("./lib/services/tokenGenerator");
  const { UserPoolServiceFactoryImpl } = load("./lib/services/userPoolService");
  const { DefaultConfig } = load("./lib/server/config");
  const { Router } = load("./lib/server/Router");
  const { createServer } = load("./lib/server/server");
  // cognito-local's Lambda client is the AWS SDK v2's, which prints its end-of-support note once loaded: not dev's to say.
  load("aws-sdk/lib/maintenance_mode_message").suppress = true;
  const AWS = load("aws-sdk");

  const local = { credentials: { accessKeyId: LOCAL_CREDENTIALS.accessKeyId, secretAccessKey: LOCAL_CREDENTIALS.secretAccessKey }, region: LOCAL_REGION };
  const config = {
    ...DefaultConfig,
    LambdaClient: { ...local, endpoint: issuerDomain },
    TriggerFunctions: triggerFunctions,
    // cognito-local's own default makes email the user name of every pool; here each pool says.
    UserPoolDefaults: {},
    TokenConfig: { IssuerDomain: issuerDomain },
    KMSConfig: local,
    ServerConfig: { ...DefaultConfig.ServerConfig, hostname: "127.0.0.1", port: bound.port, development: false },
  };
  const ctx = { logger };
  const clock = new services.DateClock();
  const dataStores = new StormDBDataStoreFactory(options.directory);
  const cognito = await new CognitoServiceFactoryImpl(options.directory, dataStores, new UserPoolServiceFactoryImpl(clock, dataStores)).create(ctx, config.UserPoolDefaults);
  const triggers = new services.TriggersService(clock, cognito, new services.LambdaService(config.TriggerFunctions, new AWS.Lambda(config.LambdaClient)), new CryptoService(config.KMSConfig));
  const all = {
    clock, cognito, config, triggers, otp,
    messages: new services.MessagesService(triggers, new MessageDeliveryService(new ConsoleMessageSender())),
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
  };
  const router = Router(all);
  const app = createServer(router, logger, config.ServerConfig, all).application;

  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const invoke = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(req.url ?? "");
    if (req.method === "POST" && invoke) {
      void answerInvoke(decodeURIComponent(invoke[1]), req, res, options);
      return;
    }
    // cognito-local's own discovery document names localhost:9229 whatever its port: this one names this server.
    const discovery = /^\/([^/?]+)\/\.well-known\/openid-configuration(\?|$)/.exec(req.url ?? "");
    if (req.method === "GET" && discovery) {
      const issuer = `${issuerDomain}/${discovery[1]}`;
      res.writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ issuer, jwks_uri: `${issuer}/.well-known/jwks.json`, id_token_signing_alg_values_supported: ["RS256"] }));
      return;
    }
    app(req, res);
  });

  return {
    ...bound,
    region: LOCAL_REGION,
    issuerOf: (userPoolId) => `${issuerDomain}/${userPoolId}`,
    enableTrigger: (trigger) => void (triggerFunctions[trigger] = trigger),
    call: (operation, request) => router(operation)(ctx, request),
  };
}

/** Lambda's Invoke, as the trigger's Lambda client reads it: the result as the payload, or `X-Amz-Function-Error: Unhandled` with the error. */
async function answerInvoke(functionName: string, req: http.IncomingMessage, res: http.ServerResponse, options: StartCognitoOptions): Promise<void> {
  const body = await readBody(req, 6 * 1024 * 1024).catch(() => undefined);
  let event: Record<string, unknown>;
  try {
    event = JSON.parse(String(body ?? ""));
  } catch {
    res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ message: "the event is not JSON" }));
    return;
  }
  const ran = options.invokeTrigger
    ? await options.invokeTrigger(functionName, event)
    : { ok: false as const, error: `no function ${functionName} runs here` };
  if (ran.ok) {
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(ran.result ?? null));
    return;
  }
  // Lambda's error payload: the error's type and message apart ("Error: no" -> Error, "no").
  const named = /^(\w*(?:Error|Exception)): ([\s\S]*)$/.exec(ran.error);
  res.writeHead(200, { "content-type": "application/json", "x-amz-function-error": "Unhandled" })
    .end(JSON.stringify({ errorType: named?.[1] ?? "Error", errorMessage: named?.[2] ?? ran.error }));
}

import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { FunctionEvent, FunctionHttpApiEvent, FunctionProperties } from "./properties";
import { ownRuleOf } from "../event-bus/own-rules";
import { ruleToFunction, type RuleIds } from "../event-bus/rule-target";
import type { FUNCTION_CHILDREN } from "./child-ids";
import type { Bundle } from "./bundle";
import { bundleOrProblems } from "./bundle-check";
import { attachHttpApiIntegration, type HttpApiGateway, type HttpApiRouteResources } from "../http-api-gateway";
import { FUNCTION_CONNECTION_VARIABLES, functionDefinition } from "./definition";
import { functionParams } from "./properties";
import { paramOutputs } from "../../shared/component/stack-component";
import { Component, componentLabel, literal } from "../../shared/component/component";
import { argumentsError } from "../../shared/component/component-error";
import type { ChildTransforms } from "../../shared/component/children";
import type { DeepInput } from "../../shared/component/inputs";
import type { Problem } from "../../shared/messages/problem";
import { connectionVariablesOf, type Connectable, type Connection } from "../../shared/workloads/connect-to";
import { createFunction, type PolicyStatement } from "../../shared/workloads/lambda-function";
import {
  connectionEnvironment, connectionProblems, connectionStatements, joinDefaultVpc, resolveConnections,
  type ConnectToEntry, type ResolvedConnection, type VpcPlacement, type DefaultVpcEndpointsArg,
} from "../../shared/workloads/workload-connections";
import { forwardLogs } from "../../shared/logging/log-forwarding";
import { makeAlarms } from "../../shared/alarms/metric-alarms";
import type { AlarmTopicArg } from "../../shared/alarms/alarm-notifications";
import { functionAlarms } from "../../shared/alarms/lambda-alarms";
import { environmentMap, mergeEnvironments } from "../../shared/workloads/environment";

export interface FunctionArgs extends Omit<DeepInput<FunctionProperties>, "connectTo" | "events">, DefaultVpcEndpointsArg, AlarmTopicArg {
  /**
   * Routes of gateways to the function, its schedules and its events on the
   * default bus (literal-only fields: they decide which resources are made).
   * Events on resources of a stack file (topics, buses) are made by those resources.
   */
  events?: FunctionEvent[];
  /**
   * Resources the function uses: this stack's (a RedisCluster, another
   * Function), `@pulumi/aws` resources of the spec's table, `{ name, target }`
   * for plain descriptions, or "aws:ses". Variables are named STP_<NAME>_<VAR>.
   */
  connectTo?: ConnectToEntry[];
  /** The gateways `events` name, by name (YAML passes the stack's). */
  httpApiGateways?: Record<string, HttpApiGateway>;
  /** Adjusts a child's arguments before it is created, by child id (see the class docs). */
  transform?: ChildTransforms<typeof FUNCTION_CHILDREN>;
}

const OWN_RULE_IDS: RuleIds = { rule: "eventRule", target: "eventTarget", permission: "eventPermission" };

const isRoute = (e: FunctionEvent): e is FunctionHttpApiEvent => e.type === "http-api-gateway";

/** Source maps in stack traces: the bundle's map points into the sources. */
const SOURCE_MAPS = "--enable-source-maps";

/** Events that name a gateway not given. */
function gatewayProblems(events: unknown, gateways: Record<string, HttpApiGateway>): Problem[] {
  const out: Problem[] = [];
  (Array.isArray(events) ? events : []).forEach((e: FunctionEvent, i) => {
    const gw = e?.type === "http-api-gateway" ? e.properties?.httpApiGatewayName : undefined;
    if (typeof gw === "string" && !gateways[gw]) {
      const known = Object.keys(gateways);
      out.push({
        path: ["events", i, "properties", "httpApiGatewayName"],
        message: `no http-api-gateway named '${gw}' was given (${known.length ? `httpApiGateways: ${known.join(", ")}` : "httpApiGateways is empty"})`,
        hint: "pass the gateway in httpApiGateways under that name",
      });
    }
  });
  return out;
}

/**
 * A Lambda function from one entry file, which stackfile bundles with esbuild
 * (deterministic zip with a source map, skipped when its sources are
 * unchanged), with its own role, log group and, with `joinDefaultVpc`,
 * security group. Its `events` route gateways' requests to it; `connectTo`
 * gives it permissions, STP_<NAME>_<VAR> variables and network access. Other
 * workloads can `connectTo` it (invoke, `STP_<NAME>_ARN`).
 *
 * Children (ids for `transform` / YAML `overrides`, names `<name>-<child-id>`):
 * `role`, `policy`, `logGroup`, `function`; with joinDefaultVpc
 * `securityGroup`, and per connected target `connectIngress`,
 * `s3Endpoint`, `dynamodbEndpoint`; with log forwarding the `logForwarding*`
 * ids. Each event's `integration`, `route` and `routePermission` are children
 * of its gateway.
 *
 * @example
 * const api = new HttpApiGateway("api", { cors: { enabled: true } });
 * const items = new Function("items", {
 *   entryfilePath: "./functions/items.ts",
 *   events: [{ type: "http-api-gateway", properties: { httpApiGatewayName: "api", path: "/items/{id}", method: "GET" } }],
 *   httpApiGateways: { api },
 * });
 */
export class Function extends Component<typeof functionDefinition, Omit<FunctionArgs, "transform" | "connectTo" | "httpApiGateways" | "defaultVpcEndpoints" | "alarmTopic">> implements Connectable {
  public readonly arn: pulumi.Output<string>;
  public readonly name: pulumi.Output<string>;
  /** Only when logging is on. */
  public readonly logGroupArn?: pulumi.Output<string>;
  public readonly function: aws.lambda.Function;
  public readonly role: aws.iam.Role;
  /** The code package: where it is, its hash, whether this run bundled it. */
  public readonly bundle: Bundle;
  /** The resources of each event's route, in the order of `events`. */
  public readonly routes: HttpApiRouteResources[];
  /** Its security group (with joinDefaultVpc): what connected resources let in. */
  public readonly securityGroupId?: pulumi.Output<string>;

  constructor(name: string, args: FunctionArgs, opts?: pulumi.ComponentResourceOptions) {
    const { transform, connectTo = [], httpApiGateways = {}, defaultVpcEndpoints, alarmTopic, ...properties } = args;
    const connections = resolveConnections(connectTo);
    const problems = () => [...connectionProblems(connections, properties.joinDefaultVpc === true), ...gatewayProblems(properties.events, httpApiGateways)];
    super(functionDefinition, name, { properties, transform, problems }, opts);
    this.bundle = this.bundleCode(properties.handlerFunction !== undefined);
    const vpc = literal(this.properties.joinDefaultVpc) ? this.joinVpc(connections, defaultVpcEndpoints) : undefined;
    this.securityGroupId = vpc?.securityGroupId;
    const made = this.makeFunction(connections, vpc);
    this.function = made.fn;
    this.role = made.role;
    this.arn = made.fn.arn;
    this.name = made.fn.name;
    this.logGroupArn = made.logGroup?.arn;
    const forwarding = this.properties.logging.logForwarding;
    if (forwarding && made.logGroup) forwardLogs(this.children, made.logGroup, forwarding);
    makeAlarms(this.children, functionAlarms(this.properties.timeout), literal(this.properties.alarms), { FunctionName: made.fn.name }, alarmTopic);

    // Each event is a route of its gateway (the gateway's children; its CORS methods count them).
    const events = (this.properties.events ?? []) as FunctionEvent[];
    this.routes = events.filter(isRoute).map((e) => attachHttpApiIntegration(httpApiGateways, e, made.fn, e.properties.payloadFormat));
    this.ownRules(events, made.fn);

    this.registerOutputs({ arn: this.arn, name: this.name, logGroupArn: this.logGroupArn });
  }

  /** The EventBridge rules of its schedules and of its events on the default bus (event-bus/own-rules.ts), each `<name>-<child-id>-<n>` (n counts those events, in order). */
  private ownRules(events: FunctionEvent[], fn: aws.lambda.Function): void {
    events.flatMap((e) => ownRuleOf(e) ?? []).forEach((own, i) => {
      const trigger = own.kind === "schedule"
        ? { scheduleExpression: own.scheduleExpression }
        : { eventPattern: pulumi.jsonStringify(pulumi.output(own.eventPattern as pulumi.Input<Record<string, unknown>>)) };
      ruleToFunction(this.children.suffixed(`-${i}`), OWN_RULE_IDS, trigger, { arn: fn.arn, name: fn.name }, `${own.kind === "schedule" ? "Schedule" : "Default-bus events"} of function ${this.children.name} (stackfile)`);
    });
  }

  /** The code package (bundled again only when its sources change); its problems are the arguments' (the entry file, the handler). */
  private bundleCode(handlerWritten: boolean): Bundle {
    const p = this.properties;
    const bundle = bundleOrProblems({
      entryfilePath: literal(p.entryfilePath), runtime: literal(p.runtime), handlerFunction: literal(p.handlerFunction),
      handlerWritten, label: this.children.name,
    });
    if (Array.isArray(bundle)) throw argumentsError(componentLabel(functionDefinition.token), this.children.name, bundle);
    return bundle;
  }

  /** The function in the default VPC: its own security group, the subnets Lambda serves, ingress and endpoints for its targets. */
  private joinVpc(connections: ResolvedConnection[], endpoints: FunctionArgs["defaultVpcEndpoints"]) {
    const name = this.children.name;
    return joinDefaultVpc(this.children, connections, { securityGroupId: "securityGroup", description: `Function ${name}: no ingress`, tagName: name, workload: `the function ${name}`, endpoints });
  }

  /** Its role, policy, log group and the function itself, with connectTo's variables and statements. */
  private makeFunction(connections: ResolvedConnection[], vpc: VpcPlacement | undefined) {
    const p = this.properties;
    const own = (p.environment ?? []) as { name: pulumi.Input<string>; value: pulumi.Input<string> }[];
    // A plain map: a $Secret value stays secret alone, the other variables readable in a preview.
    const environment = mergeEnvironments(connectionEnvironment(connections), environmentMap(own), { NODE_OPTIONS: SOURCE_MAPS });
    return createFunction(this.children, {
      id: "",
      description: "Function",
      code: { archive: new pulumi.asset.FileArchive(this.bundle.archivePath), handler: this.bundle.handler },
      runtime: p.runtime,
      architecture: p.architecture,
      memory: p.memory,
      timeout: p.timeout,
      environment,
      statements: [...connectionStatements(connections), ...((p.iamRoleStatements ?? []) as PolicyStatement[])],
      logRetentionDays: p.logging.retentionDays,
      logsDisabled: literal(p.logging.disabled),
      vpc: vpc ? { subnetIds: vpc.subnetIds, securityGroupIds: vpc.securityGroupIds } : undefined,
    });
  }

  /**
   * What connecting to this function means (the spec's Function row): invoke
   * it (any version or alias); its ARN as STP_<NAME>_ARN. The Lambda API is a
   * public endpoint: from the default VPC (no NAT, no interface endpoint) it
   * cannot be reached (https://docs.aws.amazon.com/lambda/latest/dg/configuration-vpc-endpoints.html).
   */
  public connection(): Connection {
    return {
      variables: connectionVariablesOf(FUNCTION_CONNECTION_VARIABLES, paramOutputs(this, functionParams)),
      statements: [{ Action: ["lambda:InvokeFunction"], Resource: [this.arn, pulumi.interpolate`${this.arn}:*`] }],
      internetOnly: true,
    };
  }
}

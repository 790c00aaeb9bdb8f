// Amazon EventBridge, locally: buses (the `default` one always there), rules
// with event patterns or schedules, and their targets, behind the AWS JSON
// 1.1 protocol of the SDK's EventBridgeClient (`x-amz-target: AWSEvents.<Operation>`).
// PutEvents matches each event against the enabled rules of its bus
// (patterns.ts) and delivers it to their targets: a local SQS queue (the
// event's JSON as the body), a local SNS topic, or a function (the
// `onLambda` hook: the dev runner invokes it asynchronously). A schedule
// rule fires when asked (`fireSchedule`, and dev's own request
// `POST /stackfile/schedules/<rule>/run`), a `rate(...)` one at its rate, and a
// `cron(...)` one at the times its expression gives (cron.ts).
// Target `Input` (constant JSON) and `InputPath` (`$` or `$.a.b`) are applied
// (PutTargets: https://docs.aws.amazon.com/eventbridge/latest/APIReference/API_PutTargets.html).
import { randomUUID } from "crypto";
import { busEvent, scheduledEvent, type LambdaEvent } from "./lambda-events";
import { EVENTS_LIMITS as L, LOCAL_ACCOUNT, LOCAL_REGION, MAX_REQUEST_BYTES, utf8Bytes } from "./limits";
import { checkPattern, matches, PatternError } from "./patterns";
import { nextCronTime } from "./cron";
import { serveJson, ServiceError, type LocalServer } from "./protocol";
import type { SqsService } from "./sqs";
import type { SnsService } from "./sns";

interface Target { Id: string; Arn: string; Input?: string; InputPath?: string }
interface Rule { name: string; bus: string; arn: string; pattern?: Record<string, unknown>; patternText?: string; schedule?: string; state: "ENABLED" | "DISABLED"; description?: string; targets: Target[] }
interface Bus { name: string; arn: string; eventSourceName?: string }

const validation = (m: string) => new ServiceError("ValidationException", m);
const notFound = (m: string) => new ServiceError("ResourceNotFoundException", m);

/** `rate(N unit)` or `cron(six fields)`: the form only (the rule catalog checks the values for plan). */
const SCHEDULE = /^(rate\(\s*\d+\s+(minute|minutes|hour|hours|day|days)\s*\)|cron\(\s*\S+(\s+\S+){5}\s*\))$/;

export interface EventBridgeOptions {
  region?: string;
  sqs?: SqsService;
  sns?: SnsService;
  /** A rule's function target: the dev runner invokes it (asynchronously, with Lambda's retries). */
  onLambda?(functionArn: string, event: LambdaEvent, rule: string): void;
  log?(line: string): void;
  now?: () => Date;
  /** Runs `fire` every `ms` until the answer is called (a `rate(...)` schedule); default: an unref'd setInterval. */
  every?(ms: number, fire: () => void): () => void;
  /** Runs `fire` once at `when` until the answer is called (a `cron(...)` schedule's next time); default: unref'd setTimeouts. */
  at?(when: Date, fire: () => void): () => void;
}

/** A `rate(N unit)` expression's period in milliseconds (cron expressions: undefined). */
export function ratePeriodMs(expression: string): number | undefined {
  const m = /^rate\(\s*(\d+)\s+(minute|hour|day)s?\s*\)$/.exec(expression);
  return m ? Number(m[1]) * { minute: 60_000, hour: 3_600_000, day: 86_400_000 }[m[2] as "minute" | "hour" | "day"] : undefined;
}

const everyInterval = (ms: number, fire: () => void) => {
  const t = setInterval(fire, ms);
  t.unref();
  return () => clearInterval(t);
};

/** setTimeout waits at most 2^31-1 ms (about 24 days): a later time is reached in several waits. */
const MAX_WAIT_MS = 2 ** 31 - 1;

const atTime = (when: Date, fire: () => void) => {
  let t: NodeJS.Timeout;
  const wait = () => {
    const ms = when.getTime() - Date.now();
    t = ms > MAX_WAIT_MS ? setTimeout(wait, MAX_WAIT_MS) : setTimeout(fire, Math.max(0, ms));
    t.unref();
  };
  wait();
  return () => clearTimeout(t);
};

export class EventBridgeService {
  readonly buses = new Map<string, Bus>();
  readonly rules = new Map<string, Rule>();
  readonly region: string;
  private readonly now: () => Date;
  /** The running `rate(...)` schedules, by rule key. */
  private readonly timers = new Map<string, () => void>();

  constructor(private readonly options: EventBridgeOptions = {}) {
    this.region = options.region ?? LOCAL_REGION;
    this.now = options.now ?? (() => new Date());
    this.buses.set("default", { name: "default", arn: this.busArn("default") });
  }

  private busArn(name: string) {
    return `arn:aws:events:${this.region}:${LOCAL_ACCOUNT}:event-bus/${name}`;
  }

  /** A bus by name or ARN (undefined: the default bus). */
  bus(nameOrArn: unknown = "default"): Bus {
    const name = typeof nameOrArn === "string" && nameOrArn.startsWith("arn:") ? nameOrArn.split("/").pop()! : String(nameOrArn ?? "default");
    const b = this.buses.get(name);
    if (!b) throw notFound(`Event bus ${name} does not exist.`);
    return b;
  }

  createBus(name: string, eventSourceName?: string): Bus {
    if (!L.namePattern.test(name) && !eventSourceName) throw validation(`Event bus name ${name} is not valid: 1 to 256 characters of letters, digits, . - _ /`);
    if (this.buses.has(name)) throw new ServiceError("ResourceAlreadyExistsException", `Event bus ${name} already exists.`);
    if (this.buses.size >= L.localBuses) throw new ServiceError("LimitExceededException", `stackfile dev holds at most ${L.localBuses} event buses (a local bound)`);
    const b = { name, arn: this.busArn(name), eventSourceName };
    this.buses.set(name, b);
    return b;
  }

  private ruleKey = (bus: string, name: string) => `${bus}/${name}`;

  rule(name: unknown, busName: unknown): Rule {
    const bus = this.bus(busName);
    const r = this.rules.get(this.ruleKey(bus.name, String(name)));
    if (!r) throw notFound(`Rule ${String(name)} does not exist on EventBus ${bus.name}.`);
    return r;
  }

  putRule(i: { Name?: unknown; EventBusName?: unknown; EventPattern?: unknown; ScheduleExpression?: unknown; State?: unknown; Description?: unknown }): Rule {
    const bus = this.bus(i.EventBusName);
    const name = String(i.Name ?? "");
    if (!L.namePattern.test(name)) throw validation(`1 validation error detected: Value '${name}' at 'name' failed to satisfy constraint: Member must satisfy regular expression pattern: [\\.\\-_A-Za-z0-9]+`);
    if (i.EventPattern === undefined && i.ScheduleExpression === undefined) throw validation("Parameter(s) EventPattern or ScheduleExpression must be specified.");
    let pattern: Record<string, unknown> | undefined;
    if (i.EventPattern !== undefined) {
      const text = String(i.EventPattern);
      if (text.length > L.patternLength) throw validation(`EventPattern is longer than ${L.patternLength} characters.`);
      try {
        pattern = JSON.parse(text);
        checkPattern(pattern);
      } catch (e) {
        throw new ServiceError("InvalidEventPatternException", `Event pattern is not valid. Reason: ${e instanceof PatternError ? e.message : "it is not JSON"}`);
      }
    }
    const schedule = i.ScheduleExpression === undefined ? undefined : String(i.ScheduleExpression);
    if (schedule !== undefined) {
      if (!SCHEDULE.test(schedule)) throw validation("Parameter ScheduleExpression is not valid.");
      if (bus.name !== "default") throw validation("ScheduleExpression is supported only on the default event bus.");
    }
    const key = this.ruleKey(bus.name, name);
    if (!this.rules.has(key) && this.rules.size >= L.localRules) throw new ServiceError("LimitExceededException", `stackfile dev holds at most ${L.localRules} rules (a local bound)`);
    const existing = this.rules.get(key);
    const rule: Rule = {
      name, bus: bus.name, arn: `arn:aws:events:${this.region}:${LOCAL_ACCOUNT}:rule/${bus.name === "default" ? "" : `${bus.name}/`}${name}`,
      pattern, patternText: pattern ? String(i.EventPattern) : undefined, schedule, state: i.State === "DISABLED" ? "DISABLED" : "ENABLED",
      description: i.Description === undefined ? undefined : String(i.Description), targets: existing?.targets ?? [],
    };
    this.rules.set(key, rule);
    this.timers.get(key)?.();
    this.timers.delete(key);
    const period = schedule === undefined ? undefined : ratePeriodMs(schedule);
    // A rate schedule fires at its rate, a cron one at its next time (then the one after), while the rule is this one and enabled.
    if (period !== undefined) {
      this.timers.set(key, (this.options.every ?? everyInterval)(period, () => {
        if (this.rules.get(key) === rule && rule.state === "ENABLED") this.fireSchedule(rule.name);
      }));
    } else if (schedule !== undefined) this.armCron(key, rule, this.now());
    return rule;
  }

  /** Times a cron rule's next run after `from`; when it runs, the one after that. */
  private armCron(key: string, rule: Rule, from: Date): void {
    const next = nextCronTime(rule.schedule!, from);
    if (next === undefined) return;
    this.timers.set(key, (this.options.at ?? atTime)(next, () => {
      if (this.rules.get(key) !== rule) return;
      if (rule.state === "ENABLED") this.fireSchedule(rule.name);
      this.armCron(key, rule, next);
    }));
  }

  /** Ends the schedules' timers (the server closes). */
  stopSchedules(): void {
    for (const stop of this.timers.values()) stop();
    this.timers.clear();
  }

  /** Events put on a bus: matched against its rules and delivered. Answers PutEvents' result entries. */
  putEvents(entries: unknown): { FailedEntryCount: number; Entries: Record<string, string>[] } {
    if (!Array.isArray(entries) || entries.length < 1 || entries.length > L.putEntries) throw validation(`1 validation error detected: Value at 'entries' failed to satisfy constraint: Member must have length between 1 and ${L.putEntries}`);
    let failed = 0;
    const out = entries.map((e: { Source?: unknown; DetailType?: unknown; Detail?: unknown; Resources?: unknown; Time?: unknown; EventBusName?: unknown }) => {
      const fail = (ErrorCode: string, ErrorMessage: string) => (failed++, { ErrorCode, ErrorMessage });
      const size = (e.Time !== undefined ? 14 : 0) + utf8Bytes(String(e.Source ?? "")) + utf8Bytes(String(e.DetailType ?? "")) + utf8Bytes(String(e.Detail ?? "")) +
        (Array.isArray(e.Resources) ? e.Resources.reduce((n: number, r: unknown) => n + utf8Bytes(String(r)), 0) : 0);
      if (size > L.entryBytes) return fail("EntrySizeTooBig", `The entry is ${size} bytes; an entry is at most ${L.entryBytes}.`);
      if (typeof e.Source !== "string" || !e.Source) return fail("InvalidArgument", "Parameter Source is not valid. Reason: Source is a required argument.");
      if (typeof e.DetailType !== "string" || !e.DetailType) return fail("InvalidArgument", "Parameter DetailType is not valid. Reason: DetailType is a required argument.");
      if (typeof e.Detail !== "string") return fail("InvalidArgument", "Parameter Detail is not valid. Reason: Detail is a required argument.");
      let detail: unknown;
      try {
        detail = JSON.parse(e.Detail);
      } catch {
        return fail("MalformedDetail", "Detail is malformed.");
      }
      if (detail === null || typeof detail !== "object" || Array.isArray(detail)) return fail("MalformedDetail", "Detail is malformed.");
      let bus: Bus;
      try {
        bus = this.bus(e.EventBusName);
      } catch {
        return fail("InvalidArgument", `Event bus ${String(e.EventBusName)} does not exist.`);
      }
      const id = randomUUID();
      const time = typeof e.Time === "number" ? new Date(e.Time * 1000) : e.Time instanceof Date ? e.Time : this.now();
      const event = busEvent({ id, detailType: e.DetailType, source: e.Source, time, region: this.region, resources: Array.isArray(e.Resources) ? e.Resources.map(String) : [], detail });
      this.route(bus.name, event);
      return { EventId: id };
    });
    return { FailedEntryCount: failed, Entries: out };
  }

  /** Delivers an event to the targets of the bus's enabled pattern rules that match it. */
  private route(busName: string, event: LambdaEvent): void {
    for (const r of this.rules.values()) {
      if (r.bus !== busName || r.state !== "ENABLED" || !r.pattern || !matches(r.pattern, event)) continue;
      this.deliver(r, event);
    }
  }

  /** A schedule rule fires now: its targets get the Scheduled Event. */
  fireSchedule(ruleName: string): LambdaEvent {
    const r = this.rule(ruleName, "default");
    if (!r.schedule) throw validation(`Rule ${ruleName} has no ScheduleExpression.`);
    const event = scheduledEvent(r.arn, this.region, this.now());
    this.deliver(r, event);
    return event;
  }

  private deliver(r: Rule, event: LambdaEvent): void {
    for (const t of r.targets) {
      const payload = t.Input !== undefined ? JSON.parse(t.Input) : t.InputPath ? pick(event, t.InputPath) : event;
      const service = t.Arn.split(":")[2];
      if (service === "lambda") this.options.onLambda?.(t.Arn, payload as LambdaEvent, r.name);
      else if (service === "sqs" && this.options.sqs) {
        const q = [...this.options.sqs.queues.values()].find((x) => x.arn === t.Arn);
        if (q) this.options.sqs.send(q, { MessageBody: JSON.stringify(payload), ...(q.fifo ? { MessageGroupId: r.name, MessageDeduplicationId: String(event.id) } : {}) });
        else this.options.log?.(`rule ${r.name}: target ${t.Id} names a queue that does not run locally`);
      } else if (service === "sns" && this.options.sns) this.options.sns.publishTo(t.Arn, JSON.stringify(payload));
      else this.options.log?.(`rule ${r.name}: target ${t.Id} (${service}) is not run locally`);
    }
  }

  operations(): Record<string, (input: any) => unknown> {
    return {
      CreateEventBus: (i) => ({ EventBusArn: this.createBus(String(i.Name ?? ""), i.EventSourceName).arn }),
      DescribeEventBus: (i) => {
        const b = this.bus(i.Name);
        return { Name: b.name, Arn: b.arn };
      },
      DeleteEventBus: (i) => {
        if (i.Name === "default") throw validation("Cannot delete event bus default.");
        this.buses.delete(String(i.Name));
        for (const [k, r] of this.rules) if (r.bus === i.Name) this.rules.delete(k);
      },
      ListEventBuses: (i) => ({ EventBuses: [...this.buses.values()].filter((b) => b.name.startsWith(String(i.NamePrefix ?? ""))).map((b) => ({ Name: b.name, Arn: b.arn })) }),
      PutRule: (i) => ({ RuleArn: this.putRule(i).arn }),
      DescribeRule: (i) => {
        const r = this.rule(i.Name, i.EventBusName);
        return { Name: r.name, Arn: r.arn, EventBusName: r.bus, State: r.state, ...(r.patternText ? { EventPattern: r.patternText } : {}), ...(r.schedule ? { ScheduleExpression: r.schedule } : {}), ...(r.description ? { Description: r.description } : {}) };
      },
      ListRules: (i) => {
        const bus = this.bus(i.EventBusName);
        return { Rules: [...this.rules.values()].filter((r) => r.bus === bus.name && r.name.startsWith(String(i.NamePrefix ?? ""))).map((r) => ({ Name: r.name, Arn: r.arn, EventBusName: r.bus, State: r.state, ...(r.patternText ? { EventPattern: r.patternText } : {}), ...(r.schedule ? { ScheduleExpression: r.schedule } : {}) })) };
      },
      EnableRule: (i) => void (this.rule(i.Name, i.EventBusName).state = "ENABLED"),
      DisableRule: (i) => void (this.rule(i.Name, i.EventBusName).state = "DISABLED"),
      DeleteRule: (i) => {
        const r = this.rule(i.Name, i.EventBusName);
        if (r.targets.length) throw validation("Rule can't be deleted since it has targets.");
        this.rules.delete(this.ruleKey(r.bus, r.name));
      },
      PutTargets: (i) => {
        const r = this.rule(i.Rule, i.EventBusName);
        const targets: Target[] = Array.isArray(i.Targets) ? i.Targets : [];
        if (targets.length < 1 || targets.length > 10) throw validation("1 validation error detected: Value at 'targets' failed to satisfy constraint: Member must have length between 1 and 10");
        const FailedEntries: unknown[] = [];
        for (const t of targets) {
          const others = r.targets.filter((x) => x.Id !== t.Id);
          if (others.length >= L.targetsPerRule) {
            FailedEntries.push({ TargetId: t.Id, ErrorCode: "LimitExceededException", ErrorMessage: `The requested resource exceeds the maximum number allowed (${L.targetsPerRule} targets a rule).` });
            continue;
          }
          r.targets = [...others, { Id: String(t.Id), Arn: String(t.Arn), Input: t.Input, InputPath: t.InputPath }];
        }
        return { FailedEntryCount: FailedEntries.length, FailedEntries };
      },
      RemoveTargets: (i) => {
        const r = this.rule(i.Rule, i.EventBusName);
        r.targets = r.targets.filter((t) => !(i.Ids ?? []).includes(t.Id));
        return { FailedEntryCount: 0, FailedEntries: [] };
      },
      ListTargetsByRule: (i) => ({ Targets: this.rule(i.Rule, i.EventBusName).targets }),
      PutEvents: (i) => this.putEvents(i.Entries),
      TestEventPattern: (i) => {
        let pattern: Record<string, unknown>;
        try {
          pattern = JSON.parse(String(i.EventPattern));
          checkPattern(pattern);
        } catch (e) {
          throw new ServiceError("InvalidEventPatternException", `Event pattern is not valid. Reason: ${e instanceof PatternError ? e.message : "it is not JSON"}`);
        }
        let event: unknown;
        try {
          event = JSON.parse(String(i.Event));
        } catch {
          throw validation("Parameter Event is not valid.");
        }
        return { Result: matches(pattern, event) };
      },
    };
  }
}

/** `$` or `$.a.b`: the part of the event a target's InputPath names. */
function pick(event: unknown, path: string): unknown {
  if (path === "$") return event;
  let v: unknown = event;
  for (const k of path.replace(/^\$\.?/, "").split(".")) v = v !== null && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined;
  return v;
}

export interface LocalEventBridge extends LocalServer {
  service: EventBridgeService;
}

export async function startEventBridge(options: EventBridgeOptions & { port?: number } = {}): Promise<LocalEventBridge> {
  const service = new EventBridgeService(options);
  const server = await serveJson({
    port: options.port, maxBodyBytes: MAX_REQUEST_BYTES, targetPrefix: "AWSEvents", version: "1.1", errorNamespace: "com.amazonaws.events",
    operations: service.operations(), log: options.log,
    // dev's own: a schedule rule of the default bus fires now (EventBridge has no such operation).
    local: (method, path) => {
      const rule = /^\/stackfile\/schedules\/([^/]+)\/run$/.exec(path)?.[1];
      if (rule === undefined || method !== "POST") return undefined;
      try {
        service.fireSchedule(decodeURIComponent(rule));
        return { status: 200, body: `schedule ${decodeURIComponent(rule)} ran\n` };
      } catch (e) {
        if (!(e instanceof ServiceError)) throw e;
        return { status: 404, body: `${e.message}\n` };
      }
    },
  });
  return { ...server, service, close: () => (service.stopSchedules(), server.close()) };
}

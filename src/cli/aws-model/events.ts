// EventBridge buses, archives, rules and targets; EventBridge Scheduler schedules.
import { arn, timestamp, type Answer } from "./model";

const DEFAULT_BUS = "default";

/** The bus's name when the input is a bus ARN (`arn:...:event-bus/<name>`). */
const busName = (bus: unknown) => (typeof bus === "string" && bus.startsWith("arn:") ? bus.slice(bus.indexOf(":event-bus/") + 11) : (bus as string | undefined));
const onDefaultBus = (bus: unknown) => bus === undefined || bus === "" || bus === DEFAULT_BUS;

export const EVENTS: Record<string, Answer> = {
  // ARNs: event-bus/${EventBusName}, archive/${ArchiveName}, rule/[${EventBusName}/]${RuleName}
  // (https://docs.aws.amazon.com/service-authorization/latest/reference/list_amazoneventbridge.html).
  "aws:cloudwatch/eventBus:EventBus": (r) => ({ id: r.physical, state: { ...r.inputs, name: r.physical, arn: arn(r.region, "events", `event-bus/${r.physical}`) } }),
  "aws:cloudwatch/eventArchive:EventArchive": (r) => ({ id: r.physical, state: { ...r.inputs, name: r.physical, arn: arn(r.region, "events", `archive/${r.physical}`) } }),
  // The id is the rule's name on the default bus, else `<bus>/<rule>` (terraform-provider-aws
  // internal/service/events/rule.go, ruleCreateResourceID).
  "aws:cloudwatch/eventRule:EventRule": (r) => {
    const bus = r.inputs.eventBusName;
    const onDefault = onDefaultBus(bus);
    return {
      id: onDefault ? r.physical : `${bus}/${r.physical}`,
      state: { ...r.inputs, name: r.physical, eventBusName: bus ?? DEFAULT_BUS, arn: arn(r.region, "events", onDefault ? `rule/${r.physical}` : `rule/${busName(bus)}/${r.physical}`) },
    };
  },
  // `<rule>-<target id>` on the default bus, else `<bus>-<rule>-<target id>` (terraform-provider-aws
  // internal/service/events/target.go, targetCreateResourceID).
  "aws:cloudwatch/eventTarget:EventTarget": (r) => {
    const bus = r.inputs.eventBusName;
    const parts = onDefaultBus(bus) ? [r.inputs.rule, r.physical] : [bus, r.inputs.rule, r.physical];
    return { id: parts.join("-"), state: { ...r.inputs, targetId: r.physical, eventBusName: bus ?? DEFAULT_BUS } };
  },
  // A schedule's id is `<group>/<name>` and its group `default` unless given (terraform-provider-aws
  // internal/service/scheduler/schedule.go); ARNs schedule/${GroupName}/${ScheduleName} and
  // schedule-group/${GroupName} (https://docs.aws.amazon.com/service-authorization/latest/reference/list_amazoneventbridgescheduler.html).
  "aws:scheduler/schedule:Schedule": (r) => {
    const group = r.inputs.groupName ?? DEFAULT_BUS;
    return { id: `${group}/${r.physical}`, state: { ...r.inputs, name: r.physical, groupName: group, arn: arn(r.region, "scheduler", `schedule/${group}/${r.physical}`) } };
  },
  "aws:scheduler/scheduleGroup:ScheduleGroup": (r) => {
    const at = timestamp(`${r.type}/${r.name}`).toISOString();
    return { id: r.physical, state: { ...r.inputs, name: r.physical, arn: arn(r.region, "scheduler", `schedule-group/${r.physical}`), state: "ACTIVE", creationDate: at, lastModificationDate: at } };
  },
};

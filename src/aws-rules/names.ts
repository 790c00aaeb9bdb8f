// One rule per named AWS type: the physical name (given, or pulumi-aws's
// auto-name) must fit, and be one the provider and AWS accept.
import type { AwsRule } from "./rule";
import { NAMES, autoName, nameProblem, type NameSpec } from "./naming";

/** `aws:elasticache/replicationGroup:ReplicationGroup` -> `elasticache-replication-group`. */
export function typeSlug(type: string): string {
  const [, mod = "", ] = type.split(":");
  const [service, resource = ""] = mod.split("/");
  return `${service}-${resource.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

function nameRule(type: string, spec: NameSpec): AwsRule {
  const v = spec.valid;
  return {
    id: `names/${typeSlug(type)}`,
    types: [type],
    summary: `${spec.property} is ${v.min} to ${v.max} ${v.charsText}` +
      (spec.autoName ? `; pulumi-aws names it <pulumi name>${spec.autoName.separator ?? "-"}<7 hex>${spec.autoName.lowerCase ? " in lower case" : ""} and fails when that is over ${spec.autoName.maxLength}` : "") +
      (spec.providerPrefix ? `; without one the provider names it ${spec.providerPrefix}<26 digits>` : ""),
    source: [spec.autoName?.source, v.source].filter(Boolean).join("; "),
    check(r) {
      const given = r.inputs[spec.property];
      if (given === undefined) {
        const auto = autoName(type, r.name, r.inputs);
        if (!auto) return [];
        if ("error" in auto) return [{ input: spec.property, message: auto.error }];
        const why = nameProblem(type, auto.name);
        return why ? [{ input: spec.property, message: `the name pulumi-aws would make: ${why}` }] : [];
      }
      const why = typeof given === "string" ? nameProblem(type, given) : undefined;
      return why ? [{ input: spec.property, message: why }] : [];
    },
    examples: {
      pass: [{ inputs: { [spec.property]: spec.examples.valid } }],
      fail: [{ inputs: { [spec.property]: spec.examples.invalid } }],
    },
  };
}

export const NAME_RULES: AwsRule[] = Object.entries(NAMES).map(([type, spec]) => nameRule(type, spec));

// Document -> model + every problem (structure, schema, rules, references).
import { own } from "../shared/messages/own";
import { awsArgNames, awsClassName } from "../shared/aws-naming/aws-arg-names";
import { registry, resourceTypes, type ResourceTypeEntry } from "./registry";
import { RESOURCE_NAME_PATTERN } from "./names";
import { isStageDirective, mapDirectives, pulumiYamlHint } from "./directives";
import { resolveStage, stageChecks, type StageOptions } from "./stage";
import { describe } from "../shared/schema/check-schema";
import { checkProperties } from "../shared/schema/check-properties";
import { dependencyOrder } from "./graph";
import { checkConnections, checkDomains, checkEventTargets, checkResourceNames } from "./stack-names";
import { unknownValue } from "../shared/component/unknown";
import { closest } from "../shared/messages/suggest";
import { under, type Problem } from "../shared/messages/problem";
import { keyWords, userText } from "../shared/messages/user-text";
import { isSecretArgument, isSecretField } from "../shared/schema/secret-fields";
import { analyzeOptions } from "./options";
import { similarSecretWarnings } from "./secret-warnings";
import { checkNotifications, NOTIFICATIONS_KEY } from "./notifications";
import { keyIndentedAsResource, keyIndentedAsResourceProblem, withKeyBelow } from "./misplaced-keys";

type Path = (string | number)[];

// The model's types live in model.ts (the modules validate calls read them without importing validate).
import type { Reference, ResourceModel, SecretUse, StackModel } from "./model";
export type { Reference, SecretUse, ResourceModel, StackModel } from "./model";

export interface Analysis {
  model: StackModel;
  problems: Problem[];
}

const RESOURCE_KEYS = ["type", "properties", "overrides", "options"];

/** How to share settings, for a top-level map that was meant to hold them. */
const SHARING = "(to share settings, anchor one resource's properties, `properties: &defaults`, and merge them into others with `<<: *defaults`)";

/** What a value is, without the value. */
function kindOf(v: unknown): string {
  if (v === null || v === undefined) return "empty";
  if (Array.isArray(v)) return "a list";
  return typeof v === "string" ? "a string" : typeof v === "number" ? "a number" : typeof v === "boolean" ? "true or false" : "a value";
}

function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** `opts`: the stage the file is resolved for, and the project's stacks (config/stage.ts). */
export function analyze(doc: unknown, opts: StageOptions = {}): Analysis {
  const problems: Problem[] = [];
  const resources: ResourceModel[] = [];
  if (!isMap(doc)) {
    // Only the kind: a file that is not a stack file (a `.env`, credentials) must not be quoted.
    problems.push({ path: [], message: `the file must be a map with the key 'resources', not ${kindOf(doc)}` });
    return { model: { resources }, problems };
  }
  const TOP = ["resources", NOTIFICATIONS_KEY];
  for (const key of Object.keys(doc)) {
    if (!TOP.includes(key)) {
      const near = closest(key, TOP);
      problems.push({ path: [key], atKey: true, message: `unknown top-level key ${keyWords(key)}; ${near ? `did you mean '${near}'?` : isMap(doc[key]) ? `the file has only 'resources' and '${NOTIFICATIONS_KEY}' ${SHARING}` : `the file has only 'resources' and '${NOTIFICATIONS_KEY}'`}` });
    }
  }
  const notified = doc[NOTIFICATIONS_KEY] === undefined ? { problems: [] } : checkNotifications(doc[NOTIFICATIONS_KEY]);
  problems.push(...notified.problems);
  const notifications = notified.targets?.length ? { notifications: notified.targets, notificationSecrets: notified.secrets ?? [] } : {};
  const res = doc.resources;
  if (res === undefined) {
    problems.push({ path: [], message: "the file has no 'resources' key; add 'resources:' with at least one resource" });
  } else if (!isMap(res)) {
    problems.push({ path: ["resources"], message: `resources must be a map of resource names to definitions, not ${describe(res)}` });
  } else {
    const typeOfResource = (n: string): ResourceTypeEntry | undefined => {
      const t = isMap(res[n]) ? (res[n] as Record<string, unknown>).type : undefined;
      return typeof t === "string" ? own(registry, t) : undefined;
    };
    const names = Object.keys(res);
    const movedUp = (i: number) => keyIndentedAsResource(res, names, i, RESOURCE_KEYS);
    names.forEach((name, i) => {
      if (movedUp(i)) {
        problems.push(keyIndentedAsResourceProblem(name, names[i - 1]));
        return;
      }
      const r = analyzeResource(name, withKeyBelow(res, name, i + 1 < names.length && movedUp(i + 1) ? names[i + 1] : undefined), typeOfResource, problems, opts);
      if (r) resources.push(r);
    });
  }
  checkConnections(resources, problems, isMap(res) ? res : {});
  checkResourceNames(resources, problems, isMap(res) ? res : {});
  checkEventTargets(resources, problems);
  checkDomains(resources, problems);
  for (const entry of Object.values(registry)) {
    if (!entry.crossRules) continue;
    const mine = resources.filter((r) => r.entry === entry).map((r) => ({ name: r.name, props: r.prepared }));
    for (const { resource, problem } of entry.crossRules(mine)) problems.push(...under(["resources", resource, "properties"], [problem]));
  }
  checkReferences(resources, problems);
  // Warnings once every resource's references are known (a gateway's CORS needs its routes).
  const namedByIndex = namingResources(resources);
  for (const r of resources) {
    const namedBy = namedByIndex.get(r.name) ?? [];
    const warnings = r.entry.warnings?.(r.prepared, { resource: r.name, namedBy }) ?? [];
    problems.push(...under(["resources", r.name, "properties"], warnings.map((w) => ({ ...w, warning: true }))));
  }
  problems.push(...similarSecretWarnings(resources));
  const names = resources.map((r) => r.name);
  const edges = Object.fromEntries(resources.map((r) => [r.name, r.refs.map((x) => x.resource)]));
  const { order, cycles } = dependencyOrder(names, edges);
  const byName = new Map(resources.map((r) => [r.name, r]));
  for (const cycle of cycles) {
    const first = byName.get(cycle[0])!;
    const ref = first.refs.find((x) => x.resource === cycle[1])!;
    problems.push({
      path: ["resources", first.name, ref.in ?? "properties", ...ref.path],
      message: `references form a cycle: ${cycle.join(" -> ")}; a resource cannot depend on itself, directly or through others`,
    });
  }
  return { model: { resources: order.map((n) => byName.get(n)!), ...notifications }, problems };
}

/** Each resource's name -> the resources that name it in a field (`connectTo`, a function's gateway), in file order, once each. */
function namingResources(resources: ResourceModel[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const x of resources) {
    for (const name of new Set(x.refs.filter((ref) => ref.param === "").map((ref) => ref.resource))) {
      const list = out.get(name);
      if (list) list.push(x.name);
      else out.set(name, [x.name]);
    }
  }
  return out;
}

type TypeLookup = (resource: string) => ResourceTypeEntry | undefined;

function analyzeResource(name: string, def: unknown, typeOf: TypeLookup, problems: Problem[], stage: StageOptions): ResourceModel | undefined {
  const base: Path = ["resources", name];
  const shown = userText(name);
  if (!RESOURCE_NAME_PATTERN.test(name)) {
    problems.push({ path: base, atKey: true, message: `resource name '${shown}' must start with a letter and hold only letters and digits, at most 63 (it becomes part of AWS names and env var names)` });
  }
  if (!isMap(def)) {
    problems.push({ path: base, message: `resource '${shown}' must be a map with 'type' and 'properties', not ${describe(def)}` });
    return undefined;
  }
  for (const key of Object.keys(def)) {
    if (!RESOURCE_KEYS.includes(key)) {
      const near = closest(key, RESOURCE_KEYS);
      problems.push({ path: [...base, key], atKey: true, message: `unknown key '${userText(key)}' in resource '${shown}'; ${near ? `did you mean '${near}'?` : "a resource has type, properties, overrides and options"}` });
    }
  }
  const type = def.type;
  if (type === undefined || type === null) {
    problems.push({ path: base, message: `resource '${shown}' has no 'type'; one of ${resourceTypes.join(", ")}` });
    return undefined;
  }
  if (typeof type !== "string" || !own(registry, type)) {
    const near = typeof type === "string" ? closest(type, resourceTypes) : undefined;
    problems.push({ path: [...base, "type"], message: `unknown resource type ${typeof type === "string" ? `"${userText(type)}"` : describe(type)}; ${near ? `did you mean '${near}'?` : `the types are ${resourceTypes.join(", ")}`}` });
    return undefined;
  }
  const entry = own(registry, type)!;
  let properties: Record<string, unknown> = {};
  if (def.properties === undefined || def.properties === null) {
    if (!entry.propertiesOptional) {
      problems.push({ path: def.properties === null ? [...base, "properties"] : base, message: `resource '${shown}' (${type}) needs 'properties'` });
      return undefined;
    }
  } else if (!isMap(def.properties)) {
    problems.push({ path: [...base, "properties"], message: `properties must be a map, not ${describe(def.properties)}` });
    return undefined;
  } else {
    properties = def.properties;
  }
  const refs: Reference[] = [];
  const secrets: SecretUse[] = [];
  const directiveProblems: Problem[] = [];
  // The stage's directives first: what follows sees the values the stage gives.
  stageChecks(properties, stage, directiveProblems);
  if (stage.stage) properties = resolveStage(properties, stage.stage, directiveProblems) as Record<string, unknown>;
  const secretProperty = (p: Path) => isSecretField(entry.definition, p);
  const prepared = prepare(properties, [], typeOf, refs, secrets, directiveProblems, secretProperty) as Record<string, unknown>;
  problems.push(...under([...base, "properties"], directiveProblems));
  problems.push(...under([...base, "properties"], checkProperties(entry, prepared)));
  const overrideStageProblems: Problem[] = [];
  stageChecks(def.overrides, stage, overrideStageProblems);
  const rawOverrides = stage.stage ? resolveStage(def.overrides, stage.stage, overrideStageProblems) : def.overrides;
  problems.push(...under([...base, "overrides"], overrideStageProblems));
  const overrides = analyzeOverrides(name, entry, rawOverrides, [...base, "overrides"], problems);
  // Directives in overrides resolve like the properties' own: references order the stack, secrets are needed.
  const overrideProblems: Problem[] = [];
  const overrideRefs: Reference[] = [];
  const overrideSecrets: SecretUse[] = [];
  prepare(overrides, [], typeOf, overrideRefs, overrideSecrets, overrideProblems, (p) => p.length >= 2 && isSecretArgument(String(p[1])));
  problems.push(...under([...base, "overrides"], overrideProblems));
  refs.push(...overrideRefs.map((x) => ({ ...x, in: "overrides" as const })));
  secrets.push(...overrideSecrets.map((x) => ({ ...x, in: "overrides" as const })));
  const options = analyzeOptions(def.options, [...base, "options"], problems);
  return { name, type, entry, properties, prepared, overrides, options, refs, secrets };
}

function analyzeOverrides(
  name: string, entry: ResourceTypeEntry, value: unknown, path: Path, problems: Problem[],
): Record<string, Record<string, unknown>> {
  if (value === undefined) return {};
  if (!isMap(value)) {
    problems.push({ path, message: `overrides must be a map of child ids to arguments, not ${describe(value)}` });
    return {};
  }
  const out: Record<string, Record<string, unknown>> = {};
  for (const [child, args] of Object.entries(value)) {
    if (!entry.childIds.includes(child)) {
      const near = closest(child, entry.childIds);
      problems.push({ path: [...path, child], atKey: true, message: `'${userText(child)}' is not a child of ${entry.type} '${userText(name)}'${near ? `; did you mean '${near}'?` : ""}; valid ids: ${entry.childIds.join(", ")}` });
    } else if (!isMap(args)) {
      problems.push({ path: [...path, child], message: `overrides.${child} must be a map of argument names to values, not ${describe(args)}` });
    } else {
      const argProblems = overrideArgProblems(child, entry.children[child], args);
      problems.push(...under([...path, child], argProblems));
      if (!argProblems.length) out[child] = args;
    }
  }
  return out;
}

/**
 * The argument names of a child's override: those of its @pulumi/aws
 * resource, as installed. stackfile's own dynamic resources take none.
 */
function overrideArgProblems(child: string, token: string, args: Record<string, unknown>): Problem[] {
  if (!token.startsWith("aws:")) {
    return [{ path: [], atKey: true, message: `${child} is one of stackfile's own resources (${token}) and takes no overrides` }];
  }
  const names = awsArgNames(token);
  if (!names) return []; // @pulumi/aws is not installed here: its preview checks the names.
  return Object.keys(args).filter((k) => !names.includes(k)).map((k) => {
    const near = closest(k, names);
    return {
      path: [k], atKey: true,
      message: `unknown argument '${userText(k)}' of ${child} (${awsClassName(token)})${near ? `; did you mean '${near}'?` : `; see the arguments of ${awsClassName(token)} in @pulumi/aws`}`,
    };
  });
}

/** Replaces directives with unknown values, recording references and secrets. */
/** A directive problem in a secret field: says what is wrong, never what the field holds. */
const SECRET_FIELD_DIRECTIVE = "this field is secret, so its value is not shown; it holds text that reads as a directive ('$Name(' or '${') but is not a valid one: " +
  "read the value with $Secret('<name>') and pass it as a secret (--secrets-file or STACKFILE_SECRET_<NAME>), rather than writing it in the file";

function prepare(
  v: unknown, path: Path, typeOf: TypeLookup, refs: Reference[], secrets: SecretUse[], problems: Problem[], isSecret: (path: Path) => boolean,
): unknown {
  return mapDirectives(v, {
    text(text, at) {
      const pulumiYaml = text.includes("${") ? pulumiYamlHint(text, (n) => typeOf(n) !== undefined) : undefined;
      if (!pulumiYaml) return undefined;
      problems.push({ path: at, message: isSecret(at) ? SECRET_FIELD_DIRECTIVE : pulumiYaml });
      return unknownValue();
    },
    malformed(parsed, at) {
      if (isSecret(at)) problems.push({ path: at, message: SECRET_FIELD_DIRECTIVE });
      else for (const message of parsed.problems) problems.push({ path: at, message });
      return unknownValue();
    },
    value(d, at) {
      // A stage directive with no stage chosen (validate without --stack): known once planned or deployed.
      if (isStageDirective(d)) return unknownValue("scalar");
      if (d.kind === "Secret") {
        secrets.push({ path: at, name: d.name, key: d.key });
        return unknownValue("string", true);
      }
      if (d.kind !== "ResourceParam") return unknownValue();
      refs.push({ path: at, resource: d.resource, param: d.param, ...(isSecret(at) ? { secretField: true } : {}) });
      // A whole-value reference keeps the type of the parameter it reads.
      const spec = own(typeOf(d.resource)?.params, d.param);
      return unknownValue(spec?.type, spec?.secret);
    },
    join: (_values, parts) => unknownValue("string", parts.some((p) => typeof p !== "string" && p.kind === "Secret")),
  }, path);
}

function checkReferences(resources: ResourceModel[], problems: Problem[]): void {
  const byName = new Map(resources.map((r) => [r.name, r]));
  const names = [...byName.keys()];
  for (const r of resources) {
    for (const ref of r.refs) {
      const path: Path = ["resources", r.name, ref.in ?? "properties", ...ref.path];
      const target = byName.get(ref.resource);
      if (ref.secretField && (!target || (ref.param !== "" && !target.entry.availableParams(target.prepared).includes(ref.param)))) {
        problems.push({ path, message: SECRET_FIELD_DIRECTIVE });
        continue;
      }
      if (!target) {
        if (ref.param === "") continue; // a connectTo entry, reported by checkConnections
        const near = closest(ref.resource, names);
        problems.push({ path, message: `$ResourceParam names the resource '${userText(ref.resource)}', which is not in this file${near ? `; did you mean '${near}'?` : names.length ? `; resources: ${names.join(", ")}` : ""}` });
        continue;
      }
      const available = target.entry.availableParams(target.prepared);
      if (ref.param !== "" && !available.includes(ref.param)) {
        const all = Object.keys(target.entry.params);
        const why = all.includes(ref.param)
          ? `${target.type} '${target.name}' has no '${userText(ref.param)}' in its configuration`
          : `${target.type} has no parameter '${userText(ref.param)}'`;
        const near = closest(ref.param, available);
        problems.push({ path, message: `${why}${near && near !== ref.param ? `; did you mean '${near}'?` : ""}; available: ${available.join(", ")}` });
      }
    }
  }
}

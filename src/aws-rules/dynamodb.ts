// DynamoDB tables: key schema, capacity, secondary indexes, TTL and streams.
import { asArray, isObject, type AwsRule, type Finding } from "./rule";

const TABLE = "aws:dynamodb/table:Table";
const SCALABLE_TARGET = "aws:appautoscaling/target:Target";
const SCALING_POLICY = "aws:appautoscaling/policy:Policy";
const API = "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference";

const GUIDE = "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide";

/** Global secondary indexes a table takes by default (an adjustable quota: `dynamodb/secondary-indexes`). */
export const GSI_QUOTA = 20;
/** Non-key attributes projected into a table's indexes, summed over them (each index counts its own). */
export const PROJECTED_ATTRIBUTES_MAX = 100;
/** An index's name: 3 to 255 letters, digits, `_`, `.` and `-`. */
export const INDEX_NAME = /^[a-zA-Z0-9_.-]{3,255}$/;

/** Why a key attribute's (or the TTL attribute's) name is refused: 1 to 255 characters (UTF-8 bytes). */
export function attributeNameProblem(name: string): string | undefined {
  const bytes = Buffer.byteLength(name, "utf8");
  return bytes >= 1 && bytes <= 255 ? undefined : `an attribute name is 1 to 255 bytes, not ${bytes}`;
}

/** Why auto scaling's settings are refused: 1 <= min <= max, and a target utilization of 20 to 90 percent. */
export function scalingProblems(s: { min?: unknown; max?: unknown; target?: unknown }): { field: "min" | "max" | "target"; message: string }[] {
  const out: { field: "min" | "max" | "target"; message: string }[] = [];
  if (typeof s.min === "number" && s.min < 1) out.push({ field: "min", message: `the lowest capacity is at least 1 unit, not ${s.min}` });
  if (typeof s.min === "number" && typeof s.max === "number" && s.min > s.max) out.push({ field: "max", message: `the highest capacity (${s.max}) is below the lowest (${s.min})` });
  if (typeof s.target === "number" && (s.target < 20 || s.target > 90)) out.push({ field: "target", message: `DynamoDB's target utilization is 20 to 90 percent, not ${s.target}` });
  return out;
}

const indexes = (inputs: Record<string, any>, list: "globalSecondaryIndexes" | "localSecondaryIndexes") =>
  asArray(inputs[list]).map((g, i) => ({ at: `${list}.${i}`, g: isObject(g) ? g : {} }));

export const DYNAMODB_RULES: AwsRule[] = [
  {
    id: "dynamodb/attribute-types",
    types: [TABLE],
    summary: "A key attribute's type is S (string), N (number) or B (binary)",
    source: `${API}/API_AttributeDefinition.html (AttributeType: S | N | B)`,
    check(r) {
      return asArray(r.inputs.attributes).flatMap((a, i) => (isObject(a) && !["S", "N", "B"].includes(a.type)
        ? [{ input: `attributes.${i}.type`, message: `attribute ${a.name}'s type ${JSON.stringify(a.type)} is not S, N or B` }] : []));
    },
    examples: { pass: [{ inputs: { hashKey: "id", attributes: [{ name: "id", type: "S" }] } }], fail: [{ inputs: { hashKey: "id", attributes: [{ name: "id", type: "string" }] } }] },
  },
  {
    id: "dynamodb/capacity",
    types: [TABLE],
    summary: "A provisioned table (the provider's default billing mode) and each of its global indexes set read and write capacity of at least 1; an on-demand table's indexes set none",
    source: `${API}/API_CreateTable.html (ProvisionedThroughput: required with BillingMode PROVISIONED, refused with PAY_PER_REQUEST); terraform-provider-aws internal/service/dynamodb/table.go (billing_mode default PROVISIONED)`,
    check(r) {
      const provisioned = (r.inputs.billingMode ?? "PROVISIONED") === "PROVISIONED";
      const out: Finding[] = [];
      const judge = (o: Record<string, any>, at: string) => {
        for (const k of ["readCapacity", "writeCapacity"]) {
          const v = o[k];
          if (provisioned && !(typeof v === "number" && v >= 1)) out.push({ input: at ? `${at}.${k}` : k, message: `a provisioned table${at ? "'s global index" : ""} sets ${k} of at least 1 (or use billingMode PAY_PER_REQUEST)` });
          if (!provisioned && at && v !== undefined) out.push({ input: `${at}.${k}`, message: "an on-demand table's indexes set no capacity" });
        }
      };
      judge(r.inputs, "");
      for (const { at, g } of indexes(r.inputs, "globalSecondaryIndexes")) judge(g, at);
      return out;
    },
    examples: {
      pass: [{ inputs: { billingMode: "PROVISIONED", readCapacity: 5, writeCapacity: 5, hashKey: "id", attributes: [{ name: "id", type: "S" }] } }],
      fail: [{ inputs: { hashKey: "id", attributes: [{ name: "id", type: "S" }] } }],
    },
  },
  {
    id: "dynamodb/secondary-indexes",
    types: [TABLE],
    summary: "At most 20 global and 5 local indexes, each name once, named 3 to 255 of letters, digits and _.-; a local index needs the table's sort key; INCLUDE projections name their attributes, others none",
    source: `${API}/API_CreateTable.html (GlobalSecondaryIndexes, LocalSecondaryIndexes: IndexName unique for the table, Projection); ${GUIDE}/ServiceQuotas.html (Secondary indexes: 20 global, 5 local)`,
    quota: { default: GSI_QUOTA, adjustable: true },
    check(r, _ctx, limit) {
      const out: Finding[] = [];
      const gsis = indexes(r.inputs, "globalSecondaryIndexes");
      const lsis = indexes(r.inputs, "localSecondaryIndexes");
      if (gsis.length > limit) out.push({ input: "globalSecondaryIndexes", message: `${gsis.length} global indexes; DynamoDB takes ${limit} per table` });
      if (lsis.length > 5) out.push({ input: "localSecondaryIndexes", message: `${lsis.length} local indexes; DynamoDB takes 5 per table` });
      if (lsis.length && !r.inputs.rangeKey) out.push({ input: "localSecondaryIndexes", message: "a local index shares the table's partition key and needs the table to have a sort key" });
      const seen = new Set<unknown>();
      for (const { at, g } of [...gsis, ...lsis]) {
        if (seen.has(g.name)) out.push({ input: `${at}.name`, message: `index name ${JSON.stringify(g.name)} is used twice; each index of a table has its own name` });
        seen.add(g.name);
        if (typeof g.name === "string" && !INDEX_NAME.test(g.name)) out.push({ input: `${at}.name`, message: `index name ${JSON.stringify(g.name)} is not 3 to 255 letters, digits and _.-` });
        const type = g.projectionType;
        if (!["ALL", "KEYS_ONLY", "INCLUDE"].includes(type)) out.push({ input: `${at}.projectionType`, message: `projection ${JSON.stringify(type)} is not ALL, KEYS_ONLY or INCLUDE` });
        const extra = asArray(g.nonKeyAttributes);
        if (type === "INCLUDE" && extra.length === 0) out.push({ input: `${at}.nonKeyAttributes`, message: "an INCLUDE projection names the attributes it includes" });
        if (type !== "INCLUDE" && extra.length) out.push({ input: `${at}.nonKeyAttributes`, message: `a ${type} projection names no attributes (only INCLUDE does)` });
      }
      return out;
    },
    examples: {
      pass: [{ inputs: { hashKey: "id", rangeKey: "at", globalSecondaryIndexes: [{ name: "by-status", hashKey: "status", projectionType: "ALL" }] } }],
      fail: [{ inputs: { hashKey: "id", localSecondaryIndexes: [{ name: "by", rangeKey: "status", projectionType: "INCLUDE" }] } }],
    },
  },
  {
    id: "dynamodb/ttl-and-stream",
    types: [TABLE],
    summary: "An enabled TTL names its attribute (1 to 255 characters); an enabled stream names its view type",
    source: `${API}/API_TimeToLiveSpecification.html (AttributeName: 1 to 255); ${API}/API_StreamSpecification.html (StreamViewType with StreamEnabled)`,
    check(r) {
      const out: Finding[] = [];
      const ttl = isObject(r.inputs.ttl) ? r.inputs.ttl : undefined;
      if (ttl?.enabled === true && !(typeof ttl.attributeName === "string" && ttl.attributeName.length >= 1 && ttl.attributeName.length <= 255)) {
        out.push({ input: "ttl.attributeName", message: "an enabled TTL names its attribute (1 to 255 characters)" });
      }
      const views = ["KEYS_ONLY", "NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES"];
      if (r.inputs.streamEnabled === true && !views.includes(r.inputs.streamViewType)) out.push({ input: "streamViewType", message: `an enabled stream's view type is ${views.join(", ")}` });
      return out;
    },
    examples: {
      pass: [{ inputs: { hashKey: "id", ttl: { enabled: true, attributeName: "expiresAt" }, streamEnabled: true, streamViewType: "NEW_IMAGE" } }],
      fail: [{ inputs: { hashKey: "id", ttl: { enabled: true, attributeName: "" }, streamEnabled: true } }],
    },
  },
  {
    id: "dynamodb/key-attributes",
    types: [TABLE],
    summary: "Each attribute is defined once (one type), and key attribute names are 1 to 255 bytes",
    source: `${API}/API_KeySchemaElement.html (AttributeName: 1 to 255 bytes); ${API}/API_AttributeDefinition.html (AttributeName: 1 to 255; one definition per attribute of the key schemas)`,
    check(r) {
      const out: Finding[] = [];
      const seen = new Set<unknown>();
      asArray(r.inputs.attributes).forEach((a, i) => {
        if (!isObject(a)) return;
        if (seen.has(a.name)) out.push({ input: `attributes.${i}.name`, message: `attribute ${JSON.stringify(a.name)} is defined twice; an attribute has one type in a table and its indexes` });
        seen.add(a.name);
        const why = typeof a.name === "string" ? attributeNameProblem(a.name) : undefined;
        if (why) out.push({ input: `attributes.${i}.name`, message: why });
      });
      return out;
    },
    examples: {
      pass: [{ inputs: { hashKey: "id", rangeKey: "at", attributes: [{ name: "id", type: "S" }, { name: "at", type: "N" }] } }],
      fail: [{ inputs: { hashKey: "id", globalSecondaryIndexes: [{ name: "byId", hashKey: "id", projectionType: "ALL" }], attributes: [{ name: "id", type: "S" }, { name: "id", type: "N" }] } }],
    },
  },
  {
    id: "dynamodb/projected-attributes",
    types: [TABLE],
    summary: "The non-key attributes INCLUDE projections name, summed over a table's indexes, are at most 100",
    source: `${API}/API_CreateTable.html (NonKeyAttributes: summed across all of the secondary indexes, must not exceed 100; the same attribute in two indexes counts twice); ${GUIDE}/ServiceQuotas.html (Projected secondary index attributes per table)`,
    check(r) {
      const total = [...indexes(r.inputs, "globalSecondaryIndexes"), ...indexes(r.inputs, "localSecondaryIndexes")]
        .reduce((n, { g }) => n + asArray(g.nonKeyAttributes).length, 0);
      return total > PROJECTED_ATTRIBUTES_MAX ? [{ input: "globalSecondaryIndexes", message: `the indexes project ${total} non-key attributes; DynamoDB takes ${PROJECTED_ATTRIBUTES_MAX} per table` }] : [];
    },
    examples: {
      pass: [{ inputs: { hashKey: "id", globalSecondaryIndexes: [{ name: "byStatus", hashKey: "status", projectionType: "INCLUDE", nonKeyAttributes: ["title"] }] } }],
      fail: [{ inputs: { hashKey: "id", globalSecondaryIndexes: [{ name: "byStatus", hashKey: "status", projectionType: "INCLUDE", nonKeyAttributes: Array.from({ length: 101 }, (_, i) => `a${i}`) }] } }],
    },
  },
  {
    id: "dynamodb/auto-scaling",
    types: [SCALABLE_TARGET, SCALING_POLICY],
    summary: "A DynamoDB capacity scales between a lowest capacity of at least 1 and a highest no lower; its target utilization is 20 to 90 percent",
    source: `${GUIDE}/AutoScaling.html (target utilization between 20 and 90 percent; minimum and maximum capacity units); https://docs.aws.amazon.com/autoscaling/application/APIReference/API_RegisterScalableTarget.html (MinCapacity, MaxCapacity)`,
    check(r) {
      if (r.inputs.serviceNamespace !== "dynamodb") return [];
      if (r.type === SCALABLE_TARGET) {
        return scalingProblems({ min: r.inputs.minCapacity, max: r.inputs.maxCapacity })
          .map((p) => ({ input: p.field === "min" ? "minCapacity" : "maxCapacity", message: p.message }));
      }
      const config = isObject(r.inputs.targetTrackingScalingPolicyConfiguration) ? r.inputs.targetTrackingScalingPolicyConfiguration : {};
      return scalingProblems({ target: config.targetValue }).map((p) => ({ input: "targetTrackingScalingPolicyConfiguration.targetValue", message: p.message }));
    },
    examples: {
      pass: [{ type: SCALABLE_TARGET, inputs: { serviceNamespace: "dynamodb", resourceId: "table/t", scalableDimension: "dynamodb:table:ReadCapacityUnits", minCapacity: 5, maxCapacity: 100 } }],
      fail: [{ type: SCALING_POLICY, inputs: { serviceNamespace: "dynamodb", resourceId: "table/t", scalableDimension: "dynamodb:table:ReadCapacityUnits", policyType: "TargetTrackingScaling", targetTrackingScalingPolicyConfiguration: { targetValue: 95, predefinedMetricSpecification: { predefinedMetricType: "DynamoDBReadCapacityUtilization" } } } }],
    },
  },
];

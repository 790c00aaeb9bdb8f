// DynamoDB tables: key schema, capacity, secondary indexes, TTL and streams.
import { asArray, isObject, type AwsRule, type Finding } from "./rule";

const TABLE = "aws:dynamodb/table:Table";
const API = "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference";

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
    summary: "At most 20 global and 5 local indexes, named 3 to 255 of letters, digits and _.-; a local index needs the table's sort key; INCLUDE projections name their attributes, others none",
    source: `${API}/API_CreateTable.html (GlobalSecondaryIndexes, LocalSecondaryIndexes, Projection); https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ServiceQuotas.html (Secondary indexes: 20 global, 5 local)`,
    quota: { default: 20, adjustable: true },
    check(r, _ctx, limit) {
      const out: Finding[] = [];
      const gsis = indexes(r.inputs, "globalSecondaryIndexes");
      const lsis = indexes(r.inputs, "localSecondaryIndexes");
      if (gsis.length > limit) out.push({ input: "globalSecondaryIndexes", message: `${gsis.length} global indexes; DynamoDB takes ${limit} per table` });
      if (lsis.length > 5) out.push({ input: "localSecondaryIndexes", message: `${lsis.length} local indexes; DynamoDB takes 5 per table` });
      if (lsis.length && !r.inputs.rangeKey) out.push({ input: "localSecondaryIndexes", message: "a local index shares the table's partition key and needs the table to have a sort key" });
      for (const { at, g } of [...gsis, ...lsis]) {
        if (typeof g.name === "string" && !/^[a-zA-Z0-9_.-]{3,255}$/.test(g.name)) out.push({ input: `${at}.name`, message: `index name ${JSON.stringify(g.name)} is not 3 to 255 letters, digits and _.-` });
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
];

// S3 bucket settings and DynamoDB tables.
import { asArray, isObject, type AwsRule, type Finding } from "./rule";

const BLOCK = "aws:s3/bucketPublicAccessBlock:BucketPublicAccessBlock";
const POLICY = "aws:s3/bucketPolicy:BucketPolicy";
const SSE = "aws:s3/bucketServerSideEncryptionConfiguration:BucketServerSideEncryptionConfiguration";
const TABLE = "aws:dynamodb/table:Table";
const OBJECT = "aws:s3/bucketObjectv2:BucketObjectv2";

/** A bucket has one of each of these settings: a second one replaces the first's. */
export function oneEach(type: string, what: string): AwsRule["check"] {
  return (r, ctx) => {
    const twin = ctx.resources.find((x) => x !== r && x.type === type && x.inputs.bucket === r.inputs.bucket);
    return twin ? [{ input: "bucket", message: `bucket ${r.inputs.bucket} gets ${what} from ${twin.name} too; one would replace the other` }] : [];
  };
}

export const STORAGE_RULES: AwsRule[] = [
  {
    id: "s3/object",
    types: [OBJECT],
    summary: "An object's key is 1 to 1024 bytes of UTF-8; an object written by a deploy is at most 5 GB (one PutObject)",
    source: "https://docs.aws.amazon.com/AmazonS3/latest/userguide/object-keys.html (up to 1,024 bytes); https://docs.aws.amazon.com/AmazonS3/latest/API/API_PutObject.html (5 GB in a single operation)",
    check(r) {
      const key = r.inputs.key;
      if (typeof key !== "string") return [];
      const bytes = Buffer.byteLength(key);
      return bytes === 0 || bytes > 1024 ? [{ input: "key", message: `an object key is 1 to 1024 bytes, not ${bytes}` }] : [];
    },
    examples: { pass: [{ inputs: { bucket: "b", key: "_code/server-0a1b.zip" } }], fail: [{ inputs: { bucket: "b", key: "k".repeat(1025) } }] },
  },
  {
    id: "s3/public-access-block",
    types: [BLOCK],
    summary: "A bucket has one public access block",
    source: "https://docs.aws.amazon.com/AmazonS3/latest/API/API_PutPublicAccessBlock.html (replaces the bucket's configuration)",
    check: oneEach(BLOCK, "a public access block"),
    examples: { pass: [{ inputs: { bucket: "b", blockPublicAcls: true } }], fail: [{ inputs: { bucket: "b" } }, { type: BLOCK, name: "twin", inputs: { bucket: "b" } }] },
  },
  {
    id: "s3/bucket-policy",
    types: [POLICY],
    summary: "A bucket has one policy, a JSON document of at most 20 KB",
    source: "https://docs.aws.amazon.com/AmazonS3/latest/API/API_PutBucketPolicy.html; https://docs.aws.amazon.com/AmazonS3/latest/userguide/example-bucket-policies.html (policies are limited to 20 KB)",
    check(r, ctx) {
      const out: Finding[] = oneEach(POLICY, "a policy")(r, ctx, Infinity);
      const text = typeof r.inputs.policy === "string" ? r.inputs.policy : JSON.stringify(r.inputs.policy);
      try {
        if (!Array.isArray(JSON.parse(text).Statement)) throw new Error();
      } catch {
        out.push({ input: "policy", message: "the policy is not a JSON document with Statement" });
      }
      if (Buffer.byteLength(text) > 20480) out.push({ input: "policy", message: `the policy is ${Buffer.byteLength(text)} bytes; S3 takes 20 KB` });
      return out;
    },
    examples: { pass: [{ inputs: { bucket: "b", policy: "{\"Version\":\"2012-10-17\",\"Statement\":[]}" } }], fail: [{ inputs: { bucket: "b", policy: "allow all" } }] },
  },
  {
    id: "s3/encryption",
    types: [SSE],
    summary: "A bucket's default encryption is AES256, aws:kms or aws:kms:dsse, set once",
    source: "https://docs.aws.amazon.com/AmazonS3/latest/API/API_ServerSideEncryptionByDefault.html",
    check(r, ctx) {
      const out: Finding[] = oneEach(SSE, "default encryption")(r, ctx, Infinity);
      for (const [i, rule] of asArray(r.inputs.rules).entries()) {
        const alg = isObject(rule) && isObject(rule.applyServerSideEncryptionByDefault) ? rule.applyServerSideEncryptionByDefault.sseAlgorithm : undefined;
        if (!["AES256", "aws:kms", "aws:kms:dsse"].includes(alg)) out.push({ input: `rules.${i}.applyServerSideEncryptionByDefault.sseAlgorithm`, message: `${JSON.stringify(alg)} is not AES256, aws:kms or aws:kms:dsse` });
      }
      return out;
    },
    examples: { pass: [{ inputs: { bucket: "b", rules: [{ applyServerSideEncryptionByDefault: { sseAlgorithm: "AES256" } }] } }], fail: [{ inputs: { bucket: "b", rules: [{ applyServerSideEncryptionByDefault: { sseAlgorithm: "AES-256" } }] } }] },
  },
  {
    id: "dynamodb/attributes",
    types: [TABLE],
    summary: "Every attribute a table defines is a key of the table or an index, every key is defined, and on-demand tables set no capacity",
    source: "terraform-provider-aws internal/service/dynamodb/table.go (validateTableAttributes: 'all attributes must be indexed'); https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_CreateTable.html",
    check(r) {
      const i = r.inputs;
      const defined = asArray(i.attributes).map((a) => (isObject(a) ? a.name : undefined));
      const keys = [i.hashKey, i.rangeKey, ...asArray(i.globalSecondaryIndexes).flatMap((g) => (isObject(g) ? [g.hashKey, g.rangeKey] : [])), ...asArray(i.localSecondaryIndexes).map((l) => (isObject(l) ? l.rangeKey : undefined))]
        .filter((k): k is string => typeof k === "string");
      const out: Finding[] = [];
      const unused = defined.filter((d) => !keys.includes(d));
      if (unused.length) out.push({ input: "attributes", message: `all attributes must be keys of the table or an index; unused: ${unused.join(", ")}` });
      const undefinedKeys = keys.filter((k) => !defined.includes(k));
      if (undefinedKeys.length) out.push({ input: "attributes", message: `keys without an attribute definition: ${[...new Set(undefinedKeys)].join(", ")}` });
      if (i.billingMode === "PAY_PER_REQUEST" && (i.readCapacity !== undefined || i.writeCapacity !== undefined)) out.push({ input: "billingMode", message: "an on-demand table sets no read or write capacity" });
      return out;
    },
    examples: {
      pass: [{ inputs: { billingMode: "PAY_PER_REQUEST", hashKey: "tag", rangeKey: "path", attributes: [{ name: "tag", type: "S" }, { name: "path", type: "S" }] } }],
      fail: [{ inputs: { billingMode: "PAY_PER_REQUEST", hashKey: "tag", attributes: [{ name: "tag", type: "S" }, { name: "path", type: "S" }] } }],
    },
  },
];

// IAM roles and their policies.
import { asArray, isObject, type AwsRule, type Finding } from "./rule";
import { partitionOf } from "./partition";

const ROLE = "aws:iam/role:Role";
const POLICY = "aws:iam/rolePolicy:RolePolicy";
const ATTACHMENT = "aws:iam/rolePolicyAttachment:RolePolicyAttachment";

function parse(doc: unknown): any {
  if (isObject(doc)) return doc;
  try {
    return JSON.parse(String(doc));
  } catch {
    return undefined;
  }
}

/** Problems of a policy document's statements. */
function statementFindings(doc: any, input: string, trust: boolean): Finding[] {
  const out: Finding[] = [];
  if (!isObject(doc) || !Array.isArray(doc.Statement) || doc.Statement.length === 0) return [{ input, message: "the policy is not a JSON document with Statement" }];
  doc.Statement.forEach((s: any, i: number) => {
    if (!isObject(s)) return;
    if (s.Sid !== undefined && !/^[A-Za-z0-9]*$/.test(String(s.Sid))) out.push({ input: `${input}.Statement.${i}.Sid`, message: `Sid '${s.Sid}' may hold only letters and digits` });
    if (!["Allow", "Deny"].includes(s.Effect)) out.push({ input: `${input}.Statement.${i}.Effect`, message: "Effect is Allow or Deny" });
    for (const a of asArray<string>(Array.isArray(s.Action) ? s.Action : [s.Action])) {
      if (typeof a !== "string" || !/^(\*|[a-z0-9-]+:[A-Za-z0-9*?]+)$/.test(a)) out.push({ input: `${input}.Statement.${i}.Action`, message: `${JSON.stringify(a)} is not an action (service:Action)` });
    }
    if (trust && s.Principal === undefined) out.push({ input: `${input}.Statement.${i}.Principal`, message: "a trust policy statement names a Principal" });
    if (!trust && s.Resource === undefined && s.NotResource === undefined) out.push({ input: `${input}.Statement.${i}.Resource`, message: "a statement of a role's policy names a Resource" });
  });
  return out;
}

/** Resource ARNs of a policy document in another partition than the stack's (IAM: "Partition ... is not valid for resource"). */
function partitionFindings(doc: any, input: string, partition: string): Finding[] {
  const out: Finding[] = [];
  if (!isObject(doc) || !Array.isArray(doc.Statement)) return out;
  doc.Statement.forEach((s: any, i: number) => {
    if (!isObject(s)) return;
    for (const key of ["Resource", "NotResource"]) {
      for (const arn of asArray<unknown>(Array.isArray(s[key]) ? s[key] : [s[key]])) {
        const m = typeof arn === "string" ? /^arn:([^:]*):/.exec(arn) : null;
        if (m && m[1] !== partition && m[1] !== "*") {
          out.push({ input: `${input}.Statement.${i}.${key}`, message: `'${arn}' is in the ${m[1]} partition, but the stack deploys to ${partition}; write arn:${partition}:...` });
        }
      }
    }
  });
  return out;
}

/** Characters IAM counts in a policy's size: all but white space. */
const policySize = (doc: unknown) => String(typeof doc === "string" ? doc : JSON.stringify(doc)).replace(/\s+/g, "").length;

const role = (inputs: Record<string, any>) => ({ inputs: { assumeRolePolicy: JSON.stringify({ Version: "2012-10-17", Statement: [{ Effect: "Allow", Principal: { Service: "lambda.amazonaws.com" }, Action: "sts:AssumeRole" }] }), ...inputs } });
const doc = (statements: any[]) => JSON.stringify({ Version: "2012-10-17", Statement: statements });

export const IAM_RULES: AwsRule[] = [
  {
    id: "iam/role",
    types: [ROLE],
    summary: "A role trusts principals through a JSON trust policy; its description is at most 1000 characters IAM takes; sessions last 1 to 12 hours",
    source: "https://docs.aws.amazon.com/IAM/latest/APIReference/API_CreateRole.html (AssumeRolePolicyDocument, Description, MaxSessionDuration)",
    check(r) {
      const i = r.inputs;
      const out = statementFindings(parse(i.assumeRolePolicy), "assumeRolePolicy", true);
      if (typeof i.description === "string" && (i.description.length > 1000 || !/^[\u0009\u000A\u000D\u0020-\u007E\u00A1-\u00FF]*$/.test(i.description))) out.push({ input: "description", message: "a role's description is at most 1000 characters of Latin-1 text" });
      if (typeof i.maxSessionDuration === "number" && (i.maxSessionDuration < 3600 || i.maxSessionDuration > 43200)) out.push({ input: "maxSessionDuration", message: "sessions last 3600 to 43200 seconds" });
      return out;
    },
    examples: { pass: [role({ description: "Next.js server of web" })], fail: [role({ assumeRolePolicy: doc([{ Effect: "Allow", Action: "sts:AssumeRole" }]) })] },
  },
  {
    id: "iam/inline-policies",
    types: [POLICY],
    summary: "A role's inline policies are JSON statements with letters-and-digits Sids, service:Action actions and resource ARNs of the stack's partition, 10,240 characters in all (white space aside)",
    source: "https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_iam-quotas.html (Role policy size: 10,240 characters); https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_policies_elements_sid.html; https://docs.aws.amazon.com/IAM/latest/UserGuide/reference-arns.html (partition: aws, aws-cn, aws-us-gov)",
    check(r, ctx) {
      const out = statementFindings(parse(r.inputs.policy), "policy", false);
      out.push(...partitionFindings(parse(r.inputs.policy), "policy", partitionOf(ctx.region).partition));
      const siblings = ctx.resources.filter((x) => x.type === POLICY && x.inputs.role === r.inputs.role);
      const total = siblings.reduce((n, x) => n + policySize(x.inputs.policy), 0);
      if (total > 10240 && siblings[0] === r) out.push({ input: "policy", message: `the inline policies of role ${r.inputs.role} come to ${total} characters; IAM takes 10,240 (white space aside)` });
      return out;
    },
    examples: {
      pass: [{ inputs: { role: "r", policy: doc([{ Sid: "ReadAssets", Effect: "Allow", Action: ["s3:GetObject"], Resource: ["arn:aws:s3:::b/*"] }]) } }],
      fail: [
        { inputs: { role: "r", policy: doc([{ Sid: "read-assets", Effect: "Allow", Action: ["s3:GetObject"], Resource: ["arn:aws:s3:::b/*"] }]) } },
        { inputs: { role: "r", policy: doc([{ Sid: "ReadAssets", Effect: "Allow", Action: ["s3:GetObject"], Resource: ["arn:aws-cn:s3:::b/*"] }]) } },
      ],
    },
  },
  {
    id: "iam/managed-policies",
    types: [ATTACHMENT],
    summary: "A role has at most 10 managed policies attached by default, each by ARN",
    source: "https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_iam-quotas.html (Managed policies attached to an IAM role: 10, adjustable to 20)",
    quota: { default: 10, adjustable: true },
    check(r, ctx, limit) {
      const out: Finding[] = [];
      if (typeof r.inputs.policyArn !== "string" || !/^arn:aws[a-z-]*:iam::(aws|\d{12}):policy\//.test(r.inputs.policyArn)) out.push({ input: "policyArn", message: `${JSON.stringify(r.inputs.policyArn)} is not a managed policy ARN` });
      const n = ctx.resources.filter((x) => x.type === ATTACHMENT && x.inputs.role === r.inputs.role).length;
      if (n > limit) out.push({ input: "role", message: `${n} managed policies on role ${r.inputs.role}, more than the ${limit} IAM takes by default` });
      return out;
    },
    examples: { pass: [{ inputs: { role: "r", policyArn: "arn:aws:iam::aws:policy/ReadOnlyAccess" } }], fail: [{ inputs: { role: "r", policyArn: "ReadOnlyAccess" } }] },
  },
];

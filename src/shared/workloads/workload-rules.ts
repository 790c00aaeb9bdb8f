// Rules every workload type shares (nextjs-web's server, function), as pure
// functions over plain values: environment names, raw IAM statements and the
// connectTo list.
import type { Problem } from "../messages/problem";
import { LAMBDA_RESERVED_ENV } from "../../aws-rules/lambda-env";

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : undefined);

/**
 * Names in `environment`: a variable name, not Lambda's, not connectTo's
 * (`STP_`), not one the type sets itself (`owned`, with the reason), once each.
 */
export function environmentProblems(list: unknown, owned: { names: string[]; why: string } = { names: [], why: "" }): Problem[] {
  const out: Problem[] = [];
  const seen = new Set<string>();
  (Array.isArray(list) ? list : []).forEach((e, i) => {
    const name = obj(e)?.name;
    if (typeof name !== "string") return;
    const at = ["environment", i, "name"];
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      out.push({ path: at, message: `environment name '${name}' must hold only letters, digits and '_', and not start with a digit` });
    } else if (LAMBDA_RESERVED_ENV.includes(name) || name.startsWith("AWS_LAMBDA_")) {
      out.push({ path: at, message: `environment name '${name}' is reserved by Lambda` });
    } else if (name.startsWith("STP_")) {
      out.push({ path: at, message: `environment name '${name}' starts with STP_, which connectTo's variables use`, hint: "pick another name" });
    } else if (owned.names.includes(name)) {
      out.push({ path: at, message: `environment name '${name}' is set by stackfile ${owned.why}` });
    } else if (seen.has(name)) {
      out.push({ path: at, message: `environment name '${name}' is defined twice` });
    }
    seen.add(name);
  });
  return out;
}

/** connectTo: each name once; aws:ses is not reachable from the default VPC (no NAT). */
export function connectToListProblems(list: unknown, joinDefaultVpc: boolean): Problem[] {
  const out: Problem[] = [];
  const connected = new Set<string>();
  (Array.isArray(list) ? list : []).forEach((c, i) => {
    if (typeof c !== "string") return;
    if (connected.has(c)) out.push({ path: ["connectTo", i], message: `connectTo names '${c}' twice` });
    if (c === "aws:ses" && joinDefaultVpc) {
      out.push({ path: ["connectTo", i], message: "aws:ses is reached over the internet, which a server in the default VPC cannot reach (no NAT)", hint: "remove joinDefaultVpc, or aws:ses" });
    }
    connected.add(c);
  });
  return out;
}

/** Raw IAM statements: actions as service:Action, resources as ARNs, a plain Sid, nothing empty. */
export function iamRoleStatementProblems(list: unknown): Problem[] {
  const out: Problem[] = [];
  (Array.isArray(list) ? list : []).forEach((s, i) => {
    const st = obj(s);
    if (!st) return;
    for (const [j, a] of (Array.isArray(st.Action) ? st.Action : []).entries()) {
      if (typeof a === "string" && !/^(\*|[a-z0-9-]+:[A-Za-z0-9*?]+)$/.test(a)) {
        out.push({ path: ["iamRoleStatements", i, "Action", j], message: `'${a}' is not an IAM action; write service:Action, like s3:GetObject` });
      }
    }
    for (const [j, r] of (Array.isArray(st.Resource) ? st.Resource : []).entries()) {
      if (typeof r === "string" && r !== "*" && !r.startsWith("arn:")) {
        out.push({ path: ["iamRoleStatements", i, "Resource", j], message: `'${r}' is not an ARN or '*'` });
      }
    }
    if (typeof st.Sid === "string" && !/^[A-Za-z0-9]*$/.test(st.Sid)) {
      out.push({ path: ["iamRoleStatements", i, "Sid"], message: "Sid may hold only letters and digits" });
    }
    if (Array.isArray(st.Action) && st.Action.length === 0) out.push({ path: ["iamRoleStatements", i, "Action"], message: "Action needs at least one action" });
    if (Array.isArray(st.Resource) && st.Resource.length === 0) out.push({ path: ["iamRoleStatements", i, "Resource"], message: "Resource needs at least one ARN" });
  });
  return out;
}

/** Everything a workload's shared properties can get wrong on their own. */
export function workloadProblems(p: Obj, owned?: { names: string[]; why: string }): Problem[] {
  return [
    ...environmentProblems(p.environment, owned),
    ...connectToListProblems(p.connectTo, p.joinDefaultVpc === true),
    ...iamRoleStatementProblems(p.iamRoleStatements),
  ];
}

// The web ACL capacity units (WCUs) a WAFv2 web ACL's rules use, as AWS counts
// them: each rule's statement at its published cost, a managed rule group at
// the group's fixed capacity. AWS may subtract processing it can share
// between rules (text transformations of the same component); the
// statements counted here have none to share, so their sum is what AWS
// charges. A statement or group whose cost is not published here is listed
// as unknown rather than guessed.
// Sources: https://docs.aws.amazon.com/waf/latest/developerguide/aws-waf-capacity-units.html;
// https://docs.aws.amazon.com/waf/latest/developerguide/waf-rule-statements-match.html (geographic match 1,
// IP set match 1); https://docs.aws.amazon.com/waf/latest/developerguide/waf-rule-statement-type-rate-based.html
// (2 as a base cost, 30 for each custom aggregation key, plus the scope-down statement).

/** Managed rule groups' capacities, by `vendor/name`, as the AWS Managed Rules pages give them. */
export const MANAGED_GROUP_WCUS: Record<string, { wcu: number; source: string }> = {
  "AWS/AWSManagedRulesCommonRuleSet": { wcu: 700, source: "https://docs.aws.amazon.com/waf/latest/developerguide/aws-managed-rule-groups-baseline.html" },
  "AWS/AWSManagedRulesAdminProtectionRuleSet": { wcu: 100, source: "https://docs.aws.amazon.com/waf/latest/developerguide/aws-managed-rule-groups-baseline.html" },
  "AWS/AWSManagedRulesKnownBadInputsRuleSet": { wcu: 200, source: "https://docs.aws.amazon.com/waf/latest/developerguide/aws-managed-rule-groups-baseline.html" },
  "AWS/AWSManagedRulesSQLiRuleSet": { wcu: 200, source: "https://docs.aws.amazon.com/waf/latest/developerguide/aws-managed-rule-groups-use-case.html" },
  "AWS/AWSManagedRulesLinuxRuleSet": { wcu: 200, source: "https://docs.aws.amazon.com/waf/latest/developerguide/aws-managed-rule-groups-use-case.html" },
  "AWS/AWSManagedRulesUnixRuleSet": { wcu: 100, source: "https://docs.aws.amazon.com/waf/latest/developerguide/aws-managed-rule-groups-use-case.html" },
  "AWS/AWSManagedRulesWindowsRuleSet": { wcu: 200, source: "https://docs.aws.amazon.com/waf/latest/developerguide/aws-managed-rule-groups-use-case.html" },
  "AWS/AWSManagedRulesPHPRuleSet": { wcu: 100, source: "https://docs.aws.amazon.com/waf/latest/developerguide/aws-managed-rule-groups-use-case.html" },
  "AWS/AWSManagedRulesWordPressRuleSet": { wcu: 100, source: "https://docs.aws.amazon.com/waf/latest/developerguide/aws-managed-rule-groups-use-case.html" },
  "AWS/AWSManagedRulesAmazonIpReputationList": { wcu: 25, source: "https://docs.aws.amazon.com/waf/latest/developerguide/aws-managed-rule-groups-ip-rep.html" },
  "AWS/AWSManagedRulesAnonymousIpList": { wcu: 50, source: "https://docs.aws.amazon.com/waf/latest/developerguide/aws-managed-rule-groups-ip-rep.html" },
};

export interface Capacity {
  /** The WCUs of everything counted. */
  total: number;
  /** What could not be counted (a lower bound then): statement kinds or managed groups without a published cost here. */
  unknown: string[];
}

type Statement = Record<string, any>;

function statementCost(s: Statement | undefined, out: Capacity): number {
  if (!s || typeof s !== "object") return 0;
  if (s.geoMatchStatement) return 1;
  if (s.ipSetReferenceStatement) {
    if (s.ipSetReferenceStatement.ipSetForwardedIpConfig) {
      out.unknown.push("ipSetReferenceStatement with ipSetForwardedIpConfig");
      return 0;
    }
    return 1;
  }
  if (s.rateBasedStatement) {
    const r = s.rateBasedStatement;
    return 2 + 30 * (Array.isArray(r.customKeys) ? r.customKeys.length : 0) + statementCost(r.scopeDownStatement, out);
  }
  if (s.managedRuleGroupStatement) {
    const g = s.managedRuleGroupStatement;
    const known = MANAGED_GROUP_WCUS[`${g.vendorName}/${g.name}`];
    if (!known) {
      out.unknown.push(`managed rule group ${g.vendorName}/${g.name}`);
      return 0;
    }
    return known.wcu;
  }
  // Logical statements cost what the statements they hold cost.
  if (s.notStatement) return statementCost(s.notStatement.statement ?? s.notStatement.statements?.[0], out);
  for (const k of ["andStatement", "orStatement"]) {
    if (s[k]) return (Array.isArray(s[k].statements) ? s[k].statements : []).reduce((n: number, x: Statement) => n + statementCost(x, out), 0);
  }
  out.unknown.push(`statement ${Object.keys(s).join(", ") || "(empty)"}`);
  return 0;
}

/** AWS's JSON (`GeoMatchStatement`) in the provider's names (`geoMatchStatement`). */
function camelKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(camelKeys);
  if (!v || typeof v !== "object") return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k[0].toLowerCase() + k.slice(1), camelKeys(x)]));
}

/** The capacity of a web ACL's `rules` input, or of its `ruleJson` text (AWS's own JSON). */
export function webAclCapacity(rules: unknown): Capacity {
  const out: Capacity = { total: 0, unknown: [] };
  let list = rules;
  if (typeof list === "string") {
    try {
      list = camelKeys(JSON.parse(list));
    } catch {
      return out;
    }
  }
  for (const rule of Array.isArray(list) ? list : []) out.total += statementCost(rule?.statement, out);
  return out;
}

// WAFv2 web ACLs, IP sets and where they attach.
import { arnParts, asArray, isObject, type AwsRule, type Finding } from "./rule";
import { MANAGED_GROUP_WCUS, webAclCapacity } from "./wafv2-capacity";

const ACL = "aws:wafv2/webAcl:WebAcl";
const IPSET = "aws:wafv2/ipSet:IpSet";
const ASSOCIATION = "aws:wafv2/webAclAssociation:WebAclAssociation";
const DIST = "aws:cloudfront/distribution:Distribution";
const DG = "https://docs.aws.amazon.com/waf/latest/developerguide";

type Statement = Record<string, any>;

/** Every rate-based statement of a web ACL's rules, with its input path. */
function rateStatements(rules: unknown): { at: string; s: Statement }[] {
  return asArray(rules).flatMap((rule, i) => (isObject(rule) && isObject(rule.statement) && isObject(rule.statement.rateBasedStatement) ? [{ at: `rules.${i}.statement.rateBasedStatement`, s: rule.statement.rateBasedStatement }] : []));
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}\/(\d|[12]\d|3[0-2])$/;
const IPV6 = /^[0-9a-fA-F:]+:[0-9a-fA-F:]*\/(\d{1,2}|1[01]\d|12[0-8])$/;

/** The address version of a CIDR range by its form (a `:` is IPv6), whether or not it is valid. */
export function cidrVersion(address: string): "IPV4" | "IPV6" {
  return address.includes(":") ? "IPV6" : "IPV4";
}

/** Why AWS refuses `address` in an IP set of `version`, or undefined (API_IPSet.html: CIDR ranges, every prefix but /0). */
export function cidrProblem(address: unknown, version: "IPV4" | "IPV6" = typeof address === "string" ? cidrVersion(address) : "IPV4"): string | undefined {
  const v6 = version === "IPV6";
  const ok = typeof address === "string" && (v6 ? IPV6 : IPV4).test(address) && !address.endsWith("/0");
  if (ok) return undefined;
  const single = typeof address === "string" && !address.includes("/") ? ` (one address is ${address}/${v6 ? 128 : 32})` : "";
  return `${JSON.stringify(address)} is not an ${v6 ? "IPv6" : "IPv4"} CIDR range (like ${v6 ? "2001:db8::/32" : "192.0.2.0/24"}) other than /0${single}`;
}

/** The most web ACL capacity units (WCUs) a web ACL takes (not adjustable). */
export const WEB_ACL_WCU_LIMIT = 5000;

/** A rate-based rule's limit, requests per evaluation window (10 since August 2024; it was 100). */
export const RATE_LIMIT = { min: 10, max: 2_000_000_000 } as const;

/** Why AWS refuses a rate-based rule's limit, or undefined. */
export function rateLimitProblem(limit: unknown): string | undefined {
  return typeof limit === "number" && (limit < RATE_LIMIT.min || limit > RATE_LIMIT.max || !Number.isInteger(limit))
    ? `a rate limit is a whole number of requests from 10 to 2,000,000,000, not ${limit}` : undefined;
}

/**
 * The country codes a geo match statement takes: ISO 3166 alpha-2, as the
 * WAFv2 API lists them (API_GeoMatchStatement.html, CountryCodes valid values).
 */
export const WAF_COUNTRY_CODES: ReadonlySet<string> = new Set((
  "AF AX AL DZ AS AD AO AI AQ AG AR AM AW AU AT AZ BS BH BD BB BY BE BZ BJ BM BT BO BQ BA BW BV BR IO BN BG BF BI KH CM CA CV KY CF TD " +
  "CL CN CX CC CO KM CG CD CK CR CI HR CU CW CY CZ DK DJ DM DO EC EG SV GQ ER EE ET FK FO FJ FI FR GF PF TF GA GM GE DE GH GI GR GL GD " +
  "GP GU GT GG GN GW GY HT HM VA HN HK HU IS IN ID IR IQ IE IM IL IT JM JP JE JO KZ KE KI KP KR KW KG LA LV LB LS LR LY LI LT LU MO MK " +
  "MG MW MY MV ML MT MH MQ MR MU YT MX FM MD MC MN ME MS MA MZ MM NA NR NP NL NC NZ NI NE NG NU NF MP NO OM PK PW PS PA PG PY PE PH PN " +
  "PL PT PR QA RE RO RU RW BL SH KN LC MF PM VC WS SM ST SA SN RS SC SL SG SX SK SI SB SO ZA GS SS ES LK SD SR SJ SZ SE CH SY TW TJ TZ " +
  "TH TL TG TK TO TT TN TR TM TC TV UG UA AE GB US UM UY UZ VU VE VN VG VI WF EH YE ZM ZW"
).split(" "));

/** Why AWS refuses a geo match's country code, or undefined. */
export function countryCodeProblem(code: unknown): string | undefined {
  if (typeof code === "string" && WAF_COUNTRY_CODES.has(code)) return undefined;
  const upper = typeof code === "string" ? code.toUpperCase() : "";
  return `${JSON.stringify(code)} is not an ISO 3166 alpha-2 country code AWS WAF knows${WAF_COUNTRY_CODES.has(upper) ? ` (write it in capitals: ${upper})` : " (like US, DE, JP)"}`;
}

/**
 * AWS's own managed rule groups that need no configuration of their own
 * (the baseline, use-case and IP reputation groups). Bot Control, account
 * takeover and account creation fraud prevention and anti-DDoS need a
 * managed rule group configuration and cost more: not offered by name here.
 */
export const AWS_MANAGED_GROUPS: readonly string[] = [
  "AWSManagedRulesCommonRuleSet", "AWSManagedRulesAdminProtectionRuleSet", "AWSManagedRulesKnownBadInputsRuleSet",
  "AWSManagedRulesSQLiRuleSet", "AWSManagedRulesLinuxRuleSet", "AWSManagedRulesUnixRuleSet", "AWSManagedRulesWindowsRuleSet",
  "AWSManagedRulesPHPRuleSet", "AWSManagedRulesWordPressRuleSet",
  "AWSManagedRulesAmazonIpReputationList", "AWSManagedRulesAnonymousIpList",
];

/** Why a managed rule group of vendor `AWS` is not one AWS publishes (as offered here), or undefined. */
export function managedGroupProblem(vendorName: unknown, name: unknown): string | undefined {
  if (vendorName !== "AWS" || typeof name !== "string" || AWS_MANAGED_GROUPS.includes(name)) return undefined;
  return `'${name}' is not an AWS managed rule group offered here; AWS's are ${AWS_MANAGED_GROUPS.join(", ")}`;
}

/**
 * AWS WAF protects API Gateway REST APIs, not HTTP APIs: an HTTP API's
 * stage takes no web ACL (a CloudFront distribution in front of it does).
 */
export const HTTP_API_TAKES_NO_WAF = {
  why: "AWS WAF protects API Gateway REST APIs, not HTTP APIs",
  source: "https://docs.aws.amazon.com/waf/latest/APIReference/Welcome.html (protected resource types: CloudFront distributions, API Gateway REST APIs, ...); https://docs.aws.amazon.com/apigateway/latest/developerguide/apigateway-control-access-aws-waf.html (WAF for REST APIs)",
} as const;

/** Every geo match and managed group statement of a web ACL's rules, with its input path. */
function statementsOf(rules: unknown, kind: string): { at: string; s: Statement }[] {
  return asArray(rules).flatMap((rule, i) => (isObject(rule) && isObject(rule.statement) && isObject(rule.statement[kind]) ? [{ at: `rules.${i}.statement.${kind}`, s: rule.statement[kind] }] : []));
}

export const WAFV2_RULES: AwsRule[] = [
  {
    id: "wafv2/cloudfront-scope",
    types: [ACL, IPSET],
    summary: "A CLOUDFRONT-scope web ACL or IP set is made in us-east-1",
    source: "https://docs.aws.amazon.com/waf/latest/APIReference/API_CreateWebACL.html (Scope: to work with CloudFront, you must also specify the Region US East (N. Virginia))",
    check(r) {
      return r.inputs.scope === "CLOUDFRONT" && r.region !== "us-east-1" ? [{ input: "region", message: `a CLOUDFRONT-scope ${r.type === ACL ? "web ACL" : "IP set"} is made in us-east-1, not ${r.region}` }] : [];
    },
    examples: { pass: [{ inputs: { scope: "CLOUDFRONT", region: "us-east-1" }, region: "us-east-1" }], fail: [{ inputs: { scope: "CLOUDFRONT" }, region: "eu-west-1" }], stackRegion: "eu-west-1" },
  },
  {
    id: "wafv2/rules",
    types: [ACL],
    summary: "A web ACL's rules have distinct names and priorities; a rate-based rule limits 10 to 2,000,000,000 requests per 60, 120, 300 or 600 seconds",
    source: `https://docs.aws.amazon.com/waf/latest/APIReference/API_Rule.html (priorities must all be different); ${DG}/waf-rule-statement-type-rate-based-high-level-settings.html (the lowest limit allowed is 10; evaluation window 60, 120, 300 or 600); https://docs.aws.amazon.com/waf/latest/APIReference/API_RateBasedStatement.html (Limit up to 2,000,000,000)`,
    check(r) {
      const out: Finding[] = [];
      const rules = asArray(r.inputs.rules).filter(isObject);
      const seen = (key: string) => {
        const values = rules.map((x) => x[key]);
        values.forEach((v, i) => {
          if (v !== undefined && values.indexOf(v) !== i) out.push({ input: `rules.${i}.${key}`, message: `two rules have ${key} ${JSON.stringify(v)}; each rule's ${key} is its own` });
        });
      };
      seen("name");
      seen("priority");
      for (const { at, s } of rateStatements(r.inputs.rules)) {
        const limit = rateLimitProblem(s.limit);
        if (limit) out.push({ input: `${at}.limit`, message: limit });
        if (s.evaluationWindowSec !== undefined && ![60, 120, 300, 600].includes(s.evaluationWindowSec)) out.push({ input: `${at}.evaluationWindowSec`, message: `an evaluation window is 60, 120, 300 or 600 seconds, not ${s.evaluationWindowSec}` });
      }
      return out;
    },
    examples: {
      pass: [{ inputs: { scope: "REGIONAL", rules: [{ name: "rate", priority: 1, statement: { rateBasedStatement: { limit: 10, aggregateKeyType: "IP" } } }] } }],
      fail: [{ inputs: { scope: "REGIONAL", rules: [{ name: "rate", priority: 1, statement: { rateBasedStatement: { limit: 5, aggregateKeyType: "IP" } } }, { name: "rate", priority: 1, statement: { geoMatchStatement: { countryCodes: ["XX"] } } }] } }],
    },
  },
  {
    id: "wafv2/capacity",
    types: [ACL],
    summary: "A web ACL's rules use at most 5,000 capacity units (WCUs): 700 for the core rule set, 25 for the IP reputation list, 2 for a rate-based rule, 1 for an IP set or geo match",
    source: `${DG}/aws-waf-capacity-units.html; https://aws.amazon.com/about-aws/whats-new/2023/04/aws-waf-web-acl-capacity-units-limits/ (up to 5,000 WCUs per web ACL; above 1,500 costs more); managed groups' WCUs: ${[...new Set(Object.values(MANAGED_GROUP_WCUS).map((g) => g.source))].join(", ")}`,
    quota: { default: WEB_ACL_WCU_LIMIT, adjustable: false },
    check(r, _ctx, limit) {
      const { total, unknown } = webAclCapacity(r.inputs.rules ?? r.inputs.ruleJson);
      return total > limit ? [{ input: "rules", message: `the rules use at least ${total} WCUs${unknown.length ? ` (not counting ${unknown.join(", ")})` : ""}; a web ACL takes ${limit}` }] : [];
    },
    examples: {
      pass: [{ inputs: { scope: "CLOUDFRONT", rules: [{ name: "common", priority: 1, statement: { managedRuleGroupStatement: { vendorName: "AWS", name: "AWSManagedRulesCommonRuleSet" } } }] } }],
      fail: [{ inputs: { scope: "CLOUDFRONT", rules: Array.from({ length: 8 }, (_, i) => ({ name: `common-${i}`, priority: i, statement: { managedRuleGroupStatement: { vendorName: "AWS", name: "AWSManagedRulesCommonRuleSet" } } })) } }],
    },
  },
  {
    id: "wafv2/ip-set-addresses",
    types: [IPSET],
    summary: "An IP set holds CIDR ranges of its address version, any prefix but /0",
    source: "https://docs.aws.amazon.com/waf/latest/APIReference/API_IPSet.html (Addresses: IPv4 or IPv6 CIDR ranges; all prefixes except /0)",
    check(r) {
      const version = r.inputs.ipAddressVersion === "IPV6" ? "IPV6" : "IPV4";
      return asArray<string>(r.inputs.addresses).flatMap((a, i) => {
        const why = cidrProblem(a, version);
        return why ? [{ input: `addresses.${i}`, message: why }] : [];
      });
    },
    examples: { pass: [{ inputs: { scope: "REGIONAL", ipAddressVersion: "IPV4", addresses: ["192.0.2.0/24", "198.51.100.7/32"] } }], fail: [{ inputs: { scope: "REGIONAL", ipAddressVersion: "IPV4", addresses: ["192.0.2.7", "0.0.0.0/0"] } }] },
  },
  {
    id: "wafv2/geo-match-country-codes",
    types: [ACL],
    summary: "A geo match statement names countries by the ISO 3166 alpha-2 codes AWS WAF lists",
    source: "https://docs.aws.amazon.com/waf/latest/APIReference/API_GeoMatchStatement.html (CountryCodes: alpha-2 country ISO codes of the ISO 3166 standard; the valid values)",
    check(r) {
      return statementsOf(r.inputs.rules, "geoMatchStatement").flatMap(({ at, s }) => asArray(s.countryCodes).flatMap((c, i) => {
        const why = countryCodeProblem(c);
        return why ? [{ input: `${at}.countryCodes.${i}`, message: why }] : [];
      }));
    },
    examples: {
      pass: [{ inputs: { scope: "CLOUDFRONT", rules: [{ name: "geo", priority: 0, statement: { geoMatchStatement: { countryCodes: ["US", "GB", "DE"] } } }] } }],
      fail: [{ inputs: { scope: "CLOUDFRONT", rules: [{ name: "geo", priority: 0, statement: { geoMatchStatement: { countryCodes: ["UK"] } } }] } }],
    },
  },
  {
    id: "wafv2/managed-group-name",
    types: [ACL],
    summary: "A managed rule group of vendor AWS is one AWS publishes",
    source: "https://docs.aws.amazon.com/waf/latest/developerguide/aws-managed-rule-groups-list.html (the AWS Managed Rules rule groups and their names); https://docs.aws.amazon.com/waf/latest/APIReference/API_ManagedRuleGroupStatement.html (VendorName, Name)",
    check(r) {
      return statementsOf(r.inputs.rules, "managedRuleGroupStatement").flatMap(({ at, s }) => {
        const why = managedGroupProblem(s.vendorName, s.name);
        return why ? [{ input: `${at}.name`, message: why }] : [];
      });
    },
    examples: {
      pass: [{ inputs: { scope: "CLOUDFRONT", rules: [{ name: "bad-inputs", priority: 0, statement: { managedRuleGroupStatement: { vendorName: "AWS", name: "AWSManagedRulesKnownBadInputsRuleSet" } } }] } }],
      fail: [{ inputs: { scope: "CLOUDFRONT", rules: [{ name: "common", priority: 0, statement: { managedRuleGroupStatement: { vendorName: "AWS", name: "AWSManagedRulesCoreRuleSet" } } }] } }],
    },
  },
  {
    id: "wafv2/http-api-association",
    types: [ASSOCIATION],
    summary: "A web ACL attaches to a REST API's stage, never to an HTTP API (API Gateway v2)",
    source: HTTP_API_TAKES_NO_WAF.source,
    check(r) {
      const p = arnParts(r.inputs.resourceArn);
      return p?.service === "apigateway" && /^\/apis\//.test(p.resource) ? [{ input: "resourceArn", message: `${HTTP_API_TAKES_NO_WAF.why}; put the web ACL on a CloudFront distribution in front of it` }] : [];
    },
    examples: {
      pass: [{ type: ASSOCIATION, inputs: { webAclArn: "arn:aws:wafv2:us-east-1:123456789012:regional/webacl/api/a1b2c3d4-5678-90ab-cdef-111111111111", resourceArn: "arn:aws:apigateway:us-east-1::/restapis/abc/stages/prod" } }],
      fail: [{ type: ASSOCIATION, inputs: { webAclArn: "arn:aws:wafv2:us-east-1:123456789012:regional/webacl/api/a1b2c3d4-5678-90ab-cdef-111111111111", resourceArn: "arn:aws:apigateway:us-east-1::/apis/abc/stages/$default" } }],
    },
  },
  {
    id: "wafv2/attachment-scope",
    types: [ASSOCIATION, DIST],
    summary: "A CloudFront distribution takes a CLOUDFRONT-scope (global) web ACL through its webAclId; an association attaches a REGIONAL one to a regional resource",
    source: "https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_DistributionConfig.html (WebACLId: the ARN of a web ACL created with the latest AWS WAF, arn:aws:wafv2:us-east-1:...:global/webacl/...); https://docs.aws.amazon.com/waf/latest/APIReference/API_AssociateWebACL.html (regional resources; for CloudFront use the distribution's configuration)",
    check(r) {
      if (r.type === DIST) {
        const id = r.inputs.webAclId;
        const p = arnParts(id);
        return p?.service === "wafv2" && !p.resource.startsWith("global/") ? [{ input: "webAclId", message: "a distribution takes a CLOUDFRONT-scope web ACL (an ARN with global/webacl); this one is REGIONAL" }] : [];
      }
      const out: Finding[] = [];
      const acl = arnParts(r.inputs.webAclArn);
      if (acl?.resource.startsWith("global/")) out.push({ input: "webAclArn", message: "a CLOUDFRONT-scope web ACL attaches through the distribution's webAclId, not an association" });
      if (arnParts(r.inputs.resourceArn)?.service === "cloudfront") out.push({ input: "resourceArn", message: "a CloudFront distribution takes its web ACL in its own webAclId" });
      return out;
    },
    examples: {
      pass: [{ type: ASSOCIATION, inputs: { webAclArn: "arn:aws:wafv2:us-east-1:123456789012:regional/webacl/api/a1b2c3d4-5678-90ab-cdef-111111111111", resourceArn: "arn:aws:apigateway:us-east-1::/restapis/abc/stages/prod" } }],
      fail: [{ type: ASSOCIATION, inputs: { webAclArn: "arn:aws:wafv2:us-east-1:123456789012:global/webacl/edge/a1b2c3d4-5678-90ab-cdef-111111111111", resourceArn: "arn:aws:cloudfront::123456789012:distribution/E123" } }],
    },
  },
];

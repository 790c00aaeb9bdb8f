// The nextjs-web resource type as data: what the YAML adapter, `dev` and the
// component read (schema name, parameters, child ids, literal-only fields,
// rules, what the stack gives it as a workload).
import { componentDefinition } from "../../shared/component/component-definition";
import { nextjsWebParams } from "./properties";
import { NEXTJS_WEB_CHILD_IDS, NEXTJS_WEB_CHILDREN } from "./child-ids";
import { appDirectoryProblems, nextjsWebStaticProblems } from "./rules";
import { disabledLoggingWarnings } from "../../shared/schema/no-effect";
import { nextjsFileProblems } from "./app-config";
import { useFirewallField } from "../web-app-firewall/use-firewall";

export const nextjsWebDefinition = componentDefinition({
  type: "nextjs-web",
  definition: "NextjsWebProperties",
  propertiesFile: "src/components/nextjs-web/properties.ts",
  token: "stackfile:index:NextjsWeb",
  propertiesOptional: false,
  params: nextjsWebParams,
  availableParams: () => ["url"],
  literalOnly: [
    ["appDirectory"], ["buildCommand"], ["serverFunction", "logging", "disabled"], ["serverFunction", "logging", "logForwarding", "type"],
    ["warmServerInstances"], ["streamingEnabled"], ["alarms"], ["alarms", "errors"], ["alarms", "throttles"], ["alarms", "duration"], ["joinDefaultVpc"], ["connectTo", "*"], ["useEdgeFunction"],
    ["customDomains", "*", "domainName"], ["customDomains", "*", "disableDnsRecordCreation"],
    ["fileOptions", "*", "includePattern"], ["fileOptions", "*", "excludePattern"],
    ["fileOptions", "*", "headers", "*", "key"], ["fileOptions", "*", "headers", "*", "value"],
  ],
  pathProperties: ["appDirectory"],
  domainPaths: [["customDomains", "*", "domainName"]],
  // A firewall of the stack is made first; its ARN is the distribution's web ACL.
  resourceNames: [useFirewallField()],
  workload: {
    joinsDefaultVpc: (p) => p.joinDefaultVpc === true,
    // Lambda@Edge runs in CloudFront's locations, outside any VPC.
    vpcRefusal: (p) => (p.useEdgeFunction === true ? { why: "edge functions cannot join a VPC", hint: "remove useEdgeFunction to connect to it" } : undefined),
  },
  childIds: NEXTJS_WEB_CHILD_IDS,
  children: NEXTJS_WEB_CHILDREN,
  staticRules: nextjsWebStaticProblems,
  fileChecks: nextjsFileProblems,
  warnings: (p) => disabledLoggingWarnings((p.serverFunction as { logging?: unknown } | undefined)?.logging, ["serverFunction", "logging"]),
  crossRules: appDirectoryProblems,
});

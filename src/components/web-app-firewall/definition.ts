// The web-app-firewall resource type as data: what the YAML adapter, `dev`
// and the component read (schema name, parameters, child ids, literal-only
// fields, rules). Other types name it through their own `resourceNames`
// (`useFirewall`), never the other way round.
import { componentDefinition } from "../../shared/component/component-definition";
import { webAppFirewallParams } from "./properties";
import { webAppFirewallStaticProblems, webAppFirewallWarnings } from "./rules";
import { WEB_APP_FIREWALL_CHILD_IDS, WEB_APP_FIREWALL_CHILDREN } from "./child-ids";

export const webAppFirewallDefinition = componentDefinition({
  type: "web-app-firewall",
  definition: "WebAppFirewallProperties",
  propertiesFile: "src/components/web-app-firewall/properties.ts",
  token: "stackfile:index:WebAppFirewall",
  propertiesOptional: true,
  params: webAppFirewallParams,
  availableParams: () => Object.keys(webAppFirewallParams),
  // The scope decides the web ACL's region, the rules each statement and which IP sets are made: all plain values.
  literalOnly: [
    ["scope"], ["defaultAction"], ["rules"], ["rules", "*"], ["rules", "*", "type"], ["rules", "*", "properties"],
    ...["vendorName", "name", "countOnly", "limit", "aggregateBasedOn", "action"].map((f) => ["rules", "*", "properties", f]),
    ...["excludedRules", "addresses", "countryCodes"].flatMap((f) => [["rules", "*", "properties", f], ["rules", "*", "properties", f, "*"]]),
  ],
  childIds: WEB_APP_FIREWALL_CHILD_IDS,
  children: WEB_APP_FIREWALL_CHILDREN,
  staticRules: webAppFirewallStaticProblems,
  warnings: webAppFirewallWarnings,
});

// A stack file's web-app-firewall as a WebAppFirewall (the program loads this
// the first time the stack has one).
import { checkedProperties, paramOutputs, type StackComponent } from "../../shared/component/stack-component";
import { WebAppFirewall, type WebAppFirewallArgs } from "./index";
import { webAppFirewallParams } from "./properties";

export const webAppFirewallStack: StackComponent = {
  make(name, args, opts) {
    const firewall = new WebAppFirewall(name, { ...checkedProperties<WebAppFirewallArgs>(args.properties), transform: args.transform }, opts);
    return { resource: firewall, outputs: paramOutputs(firewall, webAppFirewallParams) };
  },
  construct(name, args, opts) {
    const firewall = new WebAppFirewall(name, checkedProperties<WebAppFirewallArgs>(args), opts);
    return { resource: firewall, outputs: paramOutputs(firewall, webAppFirewallParams) };
  },
};

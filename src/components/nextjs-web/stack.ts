// A stack file's nextjs-web as a NextjsWeb (the program loads this the first
// time the stack has one: a stack without a site never loads the build).
import { checkedProperties, paramOutputs, type StackComponent } from "../../shared/component/stack-component";
import { NextjsWeb, type NextjsWebArgs } from "./index";
import { nextjsWebParams } from "./properties";
import { firewallWebAclId } from "../web-app-firewall/use-firewall-stack";

export const nextjsWebStack: StackComponent = {
  make(name, args, opts) {
    const site = new NextjsWeb(name, {
      ...checkedProperties<NextjsWebArgs>(args.properties), useFirewall: firewallWebAclId(args, args.properties.useFirewall), connectTo: args.connectTo, defaultVpcEndpoints: args.defaultVpcEndpoints, alarmTopic: args.alarmTopic, transform: args.transform,
      neverDeploys: args.neverDeploys, projectRoot: args.projectRoot,
    }, opts);
    return { resource: site, outputs: paramOutputs(site, nextjsWebParams) };
  },
  construct(name, args, opts) {
    const site = new NextjsWeb(name, checkedProperties<NextjsWebArgs>(args), opts);
    return { resource: site, outputs: paramOutputs(site, nextjsWebParams) };
  },
};

// A web-app-firewall, locally: nothing runs for it; it gives its parameters
// (a local ARN and id) to the resources after it, and says once that its
// rules do not filter dev's requests.
import type { DevType, LocalOutputs } from "../../shared/component/local-runner";
import type { webAppFirewallParams } from "./properties";
import { webAppFirewallDefinition } from "./definition";

/** A firewall's outputs, locally: an ARN of its scope's form that no AWS account has. */
export function firewallLocalOutputs(name: string, scope: unknown): LocalOutputs<typeof webAppFirewallParams> {
  const id = "00000000-0000-0000-0000-000000000000";
  const where = scope === "regional" ? "us-east-1:000000000000:regional" : "us-east-1:000000000000:global";
  return { arn: `arn:aws:wafv2:${where}/webacl/${name}/${id}`, id };
}

export const webAppFirewallDev: DevType = {
  runner(ctx) {
    return {
      async apply({ name, props }) {
        if (!ctx.running(name)) {
          ctx.logger(name)("dev does not filter requests through this firewall: AWS WAF's rules (its managed rule groups above all) run only in AWS");
          ctx.run(name, { type: webAppFirewallDefinition.type, fingerprint: "", address: "(not run locally)", stop: async () => undefined });
        }
        ctx.setOutputs(name, firewallLocalOutputs(name, props.scope));
      },
    };
  },
};

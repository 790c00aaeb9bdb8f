// A web-app-firewall, locally: its rate-based and IP-set rules and its default
// action (local-rules.ts) filter the requests of the local servers that name
// it by `useFirewall` (the gateway, a site's CloudFront stand-in), before they
// see them; a blocked request gets 403 and a log line here that names the
// rule. The rules that cannot run here are listed once when it starts. Its
// counts are kept while its rules stay the same.
import type { DevType, FilterResponse, LocalOutputs } from "../../shared/component/local-runner";
import type { WebAppFirewallProperties, webAppFirewallParams } from "./properties";
import { webAppFirewallDefinition } from "./definition";
import { localFirewall, notRunLocally } from "./local-rules";

/** A firewall's outputs, locally: an ARN of its scope's form that no AWS account has. */
export function firewallLocalOutputs(name: string, scope: unknown): LocalOutputs<typeof webAppFirewallParams> {
  const id = "00000000-0000-0000-0000-000000000000";
  const where = scope === "regional" ? "us-east-1:000000000000:regional" : "us-east-1:000000000000:global";
  return { arn: `arn:aws:wafv2:${where}/webacl/${name}/${id}`, id };
}

/** What AWS WAF answers a blocked request by default: 403 Forbidden (local-rules.ts has the source). */
const FORBIDDEN: FilterResponse = { status: 403, headers: [["content-type", "text/plain"]], body: Buffer.from("403 Forbidden: request blocked by the web application firewall\n") };

export const webAppFirewallDev: DevType = {
  runner(ctx) {
    return {
      async apply({ name, props }) {
        const p = props as WebAppFirewallProperties;
        const fingerprint = JSON.stringify({ rules: p.rules ?? [], defaultAction: p.defaultAction ?? "Allow" });
        if (ctx.running(name)?.fingerprint !== fingerprint) {
          await ctx.stop(name);
          const log = ctx.logger(name);
          const decide = localFirewall(p);
          ctx.offerRequestFilter(name, (req) => {
            const d = decide(req, Date.now());
            if (d.action === "Allow") return undefined;
            log(`blocked a request from ${req.sourceIp} (${d.by}): 403`);
            return FORBIDDEN;
          });
          const skipped = notRunLocally(p);
          if (skipped.length) log(`not run locally, so not applied in dev: ${skipped.join("; ")}`);
          ctx.run(name, {
            type: webAppFirewallDefinition.type, fingerprint, address: "(filters the requests of what names it by useFirewall)",
            stop: async () => ctx.offerRequestFilter(name, undefined),
          });
        }
        ctx.setOutputs(name, firewallLocalOutputs(name, props.scope));
      },
    };
  },
};

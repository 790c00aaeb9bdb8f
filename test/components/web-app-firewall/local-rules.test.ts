// The firewall's rules as dev runs them (local-rules.ts): rate-based counts per
// client over AWS's 300-second window, IP sets, rule order and the default
// action; the clock is given, so nothing here waits.
import * as assert from "assert";
import { localFirewall, notRunLocally, RATE_WINDOW_SECONDS } from "../../../src/components/web-app-firewall/local-rules";
import type { WebAppFirewallProperties } from "../../../src/components/web-app-firewall/properties";

const from = (sourceIp: string, headers: [string, string][] = []) => ({ sourceIp, headers });
const T0 = 1_800_000_000_000;

describe("web-app-firewall in dev: its rules, locally", () => {
  it("a rate-based rule lets `limit` requests of a client through in the window and blocks the next, per client", () => {
    const decide = localFirewall({ rules: [{ type: "rate-based", properties: { limit: 10 } }] });
    const first = Array.from({ length: 10 }, (_, i) => decide(from("10.0.0.1"), T0 + i * 1000).action);
    assert.deepStrictEqual(first, Array(10).fill("Allow"));
    assert.deepStrictEqual(decide(from("10.0.0.1"), T0 + 10_000), { action: "Block", by: "0-rate-based" });
    // Another client has its own count.
    assert.strictEqual(decide(from("10.0.0.2"), T0 + 10_000).action, "Allow");
  });

  it("a client over the limit is let through again once its requests of the last 300 seconds fall to the limit", () => {
    const decide = localFirewall({ rules: [{ type: "rate-based", properties: { limit: 10 } }] });
    for (let i = 0; i < 11; i++) decide(from("10.0.0.1"), T0);
    assert.strictEqual(decide(from("10.0.0.1"), T0 + (RATE_WINDOW_SECONDS - 1) * 1000).action, "Block");
    // The 12 requests at T0 and T0 + 299 s: only the later one is still in the window 300 s after T0.
    assert.strictEqual(decide(from("10.0.0.1"), T0 + RATE_WINDOW_SECONDS * 1000).action, "Allow");
  });

  it("FORWARDED_IP counts the first address of X-Forwarded-For; without the header the rule does not apply, and a header without an IP matches", () => {
    const decide = localFirewall({ rules: [{ type: "rate-based", properties: { limit: 10, aggregateBasedOn: "FORWARDED_IP" } }] });
    for (let i = 0; i < 10; i++) assert.strictEqual(decide(from("127.0.0.1", [["X-Forwarded-For", "203.0.113.7, 10.0.0.1"]]), T0).action, "Allow");
    assert.strictEqual(decide(from("127.0.0.1", [["x-forwarded-for", "203.0.113.7"]]), T0).action, "Block");
    assert.strictEqual(decide(from("127.0.0.1", [["x-forwarded-for", "198.51.100.1"]]), T0).action, "Allow");
    for (let i = 0; i < 20; i++) assert.strictEqual(decide(from("127.0.0.1"), T0).action, "Allow");
    assert.deepStrictEqual(decide(from("127.0.0.1", [["x-forwarded-for", "unknown"]]), T0), { action: "Block", by: "0-rate-based" });
  });

  it("an IP set blocks (its default) or allows the addresses of its ranges, IPv4 and IPv6, and nothing else", () => {
    const decide = localFirewall({ rules: [{ type: "ip-set", properties: { addresses: ["192.0.2.0/24", "2001:db8::/32"] } }] });
    assert.deepStrictEqual(decide(from("192.0.2.55"), T0), { action: "Block", by: "0-ip-set" });
    assert.strictEqual(decide(from("2001:db8::1"), T0).action, "Block");
    assert.deepStrictEqual(decide(from("192.0.3.1"), T0), { action: "Allow", by: "default action" });
    assert.strictEqual(decide(from("::1"), T0).action, "Allow");
  });

  it("rules run in the list's order: an Allow ends it before a later rule; Count goes on; the default action decides the rest", () => {
    const props: WebAppFirewallProperties = {
      defaultAction: "Block",
      rules: [
        { type: "ip-set", properties: { addresses: ["10.0.0.0/8"], action: "Count" } },
        { type: "ip-set", properties: { addresses: ["127.0.0.1/32"], action: "Allow" } },
        { type: "rate-based", properties: { limit: 10 } },
      ],
    };
    const decide = localFirewall(props);
    for (let i = 0; i < 20; i++) assert.deepStrictEqual(decide(from("127.0.0.1"), T0), { action: "Allow", by: "1-ip-set" });
    assert.deepStrictEqual(decide(from("10.1.2.3"), T0), { action: "Block", by: "default action" });
  });

  it("lists the managed rule groups and geographic rules as not run locally, and nothing else", () => {
    const props: WebAppFirewallProperties = {
      rules: [
        { type: "managed-rule-group", properties: { name: "AWSManagedRulesCommonRuleSet" } },
        { type: "rate-based", properties: { limit: 100 } },
        { type: "geo-match", properties: { countryCodes: ["KP"] } },
      ],
    };
    const listed = notRunLocally(props);
    assert.deepStrictEqual(listed.map((l) => l.split(" ")[0]), ["0-AWSManagedRulesCommonRuleSet", "2-geo-match"]);
    // They decide nothing locally: a request from anywhere passes.
    assert.strictEqual(localFirewall(props)(from("127.0.0.1"), T0).action, "Allow");
  });
});

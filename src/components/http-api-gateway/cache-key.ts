// What the CDN forwards against what it caches on. Every value of the cache
// key reaches the origin; a value the origin request policy adds reaches the
// origin but is not in the key, so two requests that differ only in it share
// one cached response ("Understand how origin request policies and cache
// policies work together",
// https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/understanding-how-origin-request-policies-and-cache-policies-work-together.html).
// So with caching on, the cookies and query strings the gateway sees are
// exactly those of the cache key (safe by construction), and an explicit
// forwarding wider than the key is refused.
import type { CdnSelection } from "./properties";

type Sel = CdnSelection<string>;
const lower = (xs: string[] | undefined) => (xs ?? []).map((x) => x.toLowerCase());

/**
 * Whether every value `forwarded` selects is also selected by `key`
 * (names compared without case, as the user wrote them; `none`/`all`/
 * `whitelist`/`allExcept` as CloudFront reads them).
 */
export function keyCovers(key: Sel, forwarded: Sel): boolean {
  if (forwarded.behavior === "none" || key.behavior === "all") return true;
  const k = lower(key.items);
  const f = lower(forwarded.items);
  if (key.behavior === "none") return false;
  if (forwarded.behavior === "all") return false;
  if (key.behavior === "whitelist") return forwarded.behavior === "whitelist" && f.every((x) => k.includes(x));
  if (key.behavior === "allExcept") {
    if (forwarded.behavior === "whitelist") return f.every((x) => !k.includes(x));
    if (forwarded.behavior === "allExcept") return k.every((x) => f.includes(x));
  }
  return false;
}

/** The cache key's defaults (properties.ts: CdnCacheKeyParameters). */
export const KEY_DEFAULTS: Record<"cookies" | "queryString", Sel> = { cookies: { behavior: "none" }, queryString: { behavior: "all" } };

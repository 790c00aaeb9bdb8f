// Which origin CloudFront sends a request to, from the behaviours `plan`
// registers for a nextjs-web (OpenNext's `behaviors`, in order, `*` being the
// default behaviour): the first path pattern that matches the request's path
// wins. A path pattern is case sensitive; `*` matches any run of characters
// (none too) and `?` exactly one; a leading `/` is optional
// ("Path pattern", https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/DownloadDistValuesCacheBehavior.html#DownloadDistValuesPathPattern).

export interface Behaviour {
  pattern: string;
  origin: string;
}

/** The path pattern as a regular expression over the request path (with its leading `/`). */
export function pathPatternRegExp(pattern: string): RegExp {
  const p = pattern.startsWith("/") ? pattern : `/${pattern}`;
  const body = p.split("").map((c) => (c === "*" ? ".*" : c === "?" ? "." : c.replace(/[.+^${}()|[\]\\]/g, "\\$&"))).join("");
  return new RegExp(`^${body}$`, "s");
}

/** The behaviour of `path` (still URL-encoded, as CloudFront matches it): the first listed that matches, else the default (`*`). */
export function behaviourFor(behaviours: Behaviour[], path: string): Behaviour {
  const ordered = behaviours.filter((b) => b.pattern !== "*");
  const found = ordered.find((b) => pathPatternRegExp(b.pattern).test(path));
  return found ?? behaviours.find((b) => b.pattern === "*") ?? { pattern: "*", origin: "default" };
}

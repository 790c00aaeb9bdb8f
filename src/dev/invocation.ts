// What invoking a local function gives, shared by the gateway, the
// authorizers and the function workers (its own file, so none of them imports
// another for a type).

/** What invoking a function gave: its result, or that it failed (threw, timed out, crashed). */
export type Invocation = { ok: true; result: unknown } | { ok: false; error: string };

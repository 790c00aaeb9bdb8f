// What invoking a local function gives, shared by the gateway, the
// authorizers and the function workers: the runner contract's type
// (shared/component/local-runner.ts).
export type { Invocation } from "../shared/component/local-runner";

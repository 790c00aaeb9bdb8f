// A nextjs-web, locally: `next dev` in appDirectory on its port, with the
// site's environment as deployed (its `environment` with references resolved
// locally, the STP_* variables of connectTo), in a process group of its own
// so Ctrl-C stops next and the workers it starts.
import * as path from "path";
import { startChild, type Child, type LogLine } from "./children";
import { MissingToolError } from "./tls";

export interface SiteSpec {
  name: string;
  appDirectory: string;
  port: number;
  environment: Record<string, string>;
}

/** next's CLI as the app resolves it (its own node_modules, or one above). */
export function nextBin(appDirectory: string): string {
  try {
    return require.resolve("next/dist/bin/next", { paths: [appDirectory] });
  } catch {
    throw new MissingToolError(`next is not installed for ${appDirectory}; run npm install there`);
  }
}

export function startNextDev(spec: SiteSpec, baseEnv: Record<string, string>, log: LogLine): Child {
  const bin = nextBin(spec.appDirectory);
  return startChild(process.execPath, [bin, "dev", "--port", String(spec.port), "--hostname", "127.0.0.1"], {
    cwd: path.resolve(spec.appDirectory),
    env: { ...process.env, ...baseEnv, ...spec.environment, PORT: String(spec.port), NEXT_TELEMETRY_DISABLED: "1" },
    log,
  });
}

// Settings that do nothing while a switch beside them is off (cors.enabled:
// false, cdn.enabled: false, logging.disabled: true): warnings of validate,
// one at each such field. The file stays valid.
import type { Problem } from "../messages/problem";

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : undefined);

export interface OffSwitch {
  /** The switch's field within the object (`enabled`, `disabled`). */
  key: string;
  /** The value that turns the object's settings off. */
  off: boolean;
  /** How to turn it on, after "remove it, or ". */
  fix: string;
  /** Fields said elsewhere (an error of their own), or that still act while off. */
  except?: string[];
}

/** A warning for each field of the object at `path` set while its switch is off. */
export function offSwitchWarnings(value: unknown, path: string[], sw: OffSwitch): Problem[] {
  const o = obj(value);
  if (!o || o[sw.key] !== sw.off) return [];
  const name = path.join(".");
  return Object.keys(o)
    .filter((k) => k !== sw.key && !sw.except?.includes(k) && o[k] !== undefined)
    .map((k) => ({
      path: [...path, k],
      warning: true,
      message: `${name}.${k} has no effect while ${name}.${sw.key} is ${sw.off}; remove it, or ${sw.fix}`,
    }));
}

/** Logging settings while logging is disabled (logForwarding is an error of its own then). */
export function disabledLoggingWarnings(logging: unknown, path: string[]): Problem[] {
  return offSwitchWarnings(logging, path, { key: "disabled", off: true, fix: "turn logging on", except: ["logForwarding"] });
}

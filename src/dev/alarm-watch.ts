// What `dev` says when a local function's invocations would have fired one of
// its CloudWatch alarms once deployed (docs/dev.md#alarms): its errors as a
// percentage of its invocations over the alarm's period (here the last
// `periodSeconds`, a sliding window: CloudWatch's periods are fixed), and an
// invocation at least as long as the duration alarm's threshold. Lambda's
// Errors count the invocations that threw or timed out, not a 5xx a handler
// returns (https://docs.aws.amazon.com/lambda/latest/dg/monitoring-metrics-types.html).
// A line is printed when an alarm would go into ALARM, and again only after
// it would have gone back to OK (as CloudWatch notifies on a change of state).

/** The local thresholds of a function's alarms (an alarm switched off is absent). */
export interface LocalAlarms {
  /** Errors as a percentage of invocations, over a period of seconds. */
  errors?: { threshold: number; periodSeconds: number };
  /** The longest invocation, in milliseconds, over a period of seconds. */
  duration?: { threshold: number; periodSeconds: number };
}

interface Ran {
  at: number;
  ok: boolean;
  ms: number;
}

export class AlarmWatch {
  private ran: Ran[] = [];
  private alarming = { errors: false, duration: false };

  constructor(
    private readonly alarms: LocalAlarms,
    private readonly say: (line: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** One invocation's outcome: whether it succeeded, and how long it ran. */
  record(ok: boolean, ms: number): void {
    const at = this.now();
    this.ran.push({ at, ok, ms });
    const longest = Math.max(this.alarms.errors?.periodSeconds ?? 0, this.alarms.duration?.periodSeconds ?? 0) * 1000;
    this.ran = this.ran.filter((r) => r.at > at - longest);
    this.errors(at);
    this.duration(at);
  }

  private within(at: number, periodSeconds: number): Ran[] {
    return this.ran.filter((r) => r.at > at - periodSeconds * 1000);
  }

  private errors(at: number): void {
    const a = this.alarms.errors;
    if (!a) return;
    const recent = this.within(at, a.periodSeconds);
    const failed = recent.filter((r) => !r.ok).length;
    const percent = (100 * failed) / recent.length;
    const breaching = percent >= a.threshold;
    if (breaching && !this.alarming.errors) {
      this.say(`alarm errors would fire: ${failed} of ${recent.length} invocations in the last ${a.periodSeconds} s failed (${round(percent)}%, threshold ${a.threshold}%)`);
    }
    this.alarming.errors = breaching;
  }

  private duration(at: number): void {
    const a = this.alarms.duration;
    if (!a) return;
    const longest = Math.max(...this.within(at, a.periodSeconds).map((r) => r.ms));
    const breaching = longest >= a.threshold;
    if (breaching && !this.alarming.duration) {
      this.say(`alarm duration would fire: an invocation ran ${Math.round(longest)} ms (threshold ${a.threshold} ms)`);
    }
    this.alarming.duration = breaching;
  }
}

const round = (n: number) => Math.round(n * 10) / 10;

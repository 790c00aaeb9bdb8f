// The times a `cron(...)` schedule fires, as EventBridge reads it: six fields
// (minutes hours day-of-month month day-of-week year), in UTC; `,` `-` `*` `/`
// in each (`1/10`: from 1, every 10th); `?` in one day field (exactly one:
// "You can't specify the Day-of-month and Day-of-week fields in the same cron
// expression"); `L` (last day), `W` (the weekday nearest a day, within its
// month) and `LW` in day-of-month; `L` (alone: the last day of the week,
// Saturday; after a day, its last one in the month) and `#` (3#2, the second
// Tuesday) in day-of-week; months 1-12 or JAN-DEC, days 1-7 or SUN-SAT (SUN=1);
// years 1970-2199 ("Cron expressions reference":
// https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-cron-expressions.html).

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
const DAYS = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"];
const LAST_YEAR = 2199;

/** A field's values, or undefined when it is not one EventBridge takes. */
function values(text: string, min: number, max: number, names: string[] = []): Set<number> | undefined {
  const size = max - min + 1;
  const one = (t: string) => {
    const named = names.indexOf(t.toUpperCase());
    const v = named >= 0 ? named + min : /^\d+$/.test(t) ? Number(t) : NaN;
    return v >= min && v <= max ? v : undefined;
  };
  const out = new Set<number>();
  for (const part of text.split(",")) {
    const [range, stepText, extra] = part.split("/");
    if (extra !== undefined || (stepText !== undefined && !/^[1-9]\d*$/.test(stepText))) return undefined;
    const step = stepText === undefined ? 1 : Number(stepText);
    let lo: number | undefined, hi: number | undefined;
    if (range === "*") [lo, hi] = [min, max];
    else if (range.includes("-")) [lo, hi] = range.split("-", 2).map(one);
    else [lo, hi] = [one(range), stepText === undefined ? one(range) : max];
    if (lo === undefined || hi === undefined) return undefined;
    // A range that wraps (FRI-MON) runs to the end and on from the start.
    const span = (hi - lo + size) % size;
    for (let i = 0; i <= span; i += step) out.add(min + ((lo - min + i) % size));
  }
  return out;
}

type DayRule = (y: number, m: number, d: number, last: number, weekday: number) => boolean;

const weekdayOf = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 1;

/** The weekday nearest day `n` of the month, never in another month (Saturday: Friday, or Monday on the 1st; Sunday: Monday, or Friday on the last day). */
function nearestWeekday(y: number, m: number, n: number, last: number): number {
  const w = weekdayOf(y, m, n);
  if (w === 7) return n > 1 ? n - 1 : n + 2;
  if (w === 1) return n < last ? n + 1 : n - 2;
  return n;
}

function dayOfMonthRule(text: string): DayRule | undefined {
  if (text === "L") return (_y, _m, d, last) => d === last;
  if (text === "LW") return (y, m, d, last) => d === nearestWeekday(y, m, last, last);
  const w = /^(\d+)W$/.exec(text);
  if (w) {
    const n = Number(w[1]);
    return n >= 1 && n <= 31 ? (y, m, d, last) => n <= last && d === nearestWeekday(y, m, n, last) : undefined;
  }
  const set = values(text, 1, 31);
  return set && ((_y, _m, d) => set.has(d));
}

function dayOfWeekRule(text: string): DayRule | undefined {
  const day = (t: string) => values(t, 1, 7, DAYS)?.values().next().value;
  if (text === "L") return (_y, _m, _d, _last, weekday) => weekday === 7;
  const lastOf = /^(\w+)L$/.exec(text);
  if (lastOf) {
    const n = day(lastOf[1]);
    return n === undefined ? undefined : (_y, _m, d, last, weekday) => weekday === n && d + 7 > last;
  }
  const nth = /^(\w+)#([1-5])$/.exec(text);
  if (nth) {
    const [n, k] = [day(nth[1]), Number(nth[2])];
    return n === undefined ? undefined : (_y, _m, d, _last, weekday) => weekday === n && Math.ceil(d / 7) === k;
  }
  const set = values(text, 1, 7, DAYS);
  return set && ((_y, _m, _d, _last, weekday) => set.has(weekday));
}

/** The first time (a whole minute, UTC) after `after` that the `cron(...)` expression gives; undefined when there is none or EventBridge refuses the expression. */
export function nextCronTime(expression: string, after: Date): Date | undefined {
  const fields = /^cron\((.*)\)$/.exec(expression.trim())?.[1].trim().split(/\s+/);
  if (fields?.length !== 6) return undefined;
  const [minText, hourText, domText, monthText, dowText, yearText] = fields;
  if ((domText === "?") === (dowText === "?")) return undefined;
  const minutes = values(minText, 0, 59);
  const hours = values(hourText, 0, 23);
  const months = values(monthText, 1, 12, MONTHS);
  const years = values(yearText, 1970, LAST_YEAR);
  const dayRule = domText === "?" ? dayOfWeekRule(dowText) : dayOfMonthRule(domText);
  if (!minutes || !hours || !months || !years || !dayRule) return undefined;
  const mins = [...minutes].sort((a, b) => a - b);
  const hrs = [...hours].sort((a, b) => a - b);

  const start = new Date(Math.floor(after.getTime() / 60_000) * 60_000 + 60_000);
  let y = start.getUTCFullYear(), m = start.getUTCMonth() + 1, d = start.getUTCDate();
  let first = true;
  while (y <= LAST_YEAR) {
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    if (!years.has(y)) [y, m, d] = [y + 1, 1, 1];
    else if (!months.has(m)) [y, m, d] = m === 12 ? [y + 1, 1, 1] : [y, m + 1, 1];
    else {
      if (dayRule(y, m, d, last, weekdayOf(y, m, d))) {
        const [fromH, fromM] = first ? [start.getUTCHours(), start.getUTCMinutes()] : [0, 0];
        for (const h of hrs) {
          if (h < fromH) continue;
          const min = mins.find((x) => h > fromH || x >= fromM);
          if (min !== undefined) return new Date(Date.UTC(y, m - 1, d, h, min));
        }
      }
      [y, m, d] = d < last ? [y, m, d + 1] : m === 12 ? [y + 1, 1, 1] : [y, m + 1, 1];
    }
    first = false;
  }
  return undefined;
}

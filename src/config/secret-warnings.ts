// Secret names one edit apart (`cachePasword` beside `cachePassword`) are
// two secrets to Pulumi: one of them is surely a typo, and would be set (or
// asked for) on its own. Said once, at the first use of the name that is
// used less (on a tie, the shorter, else the later).
import { editDistance } from "../shared/messages/suggest";
import { userText } from "../shared/messages/user-text";
import type { Problem } from "../shared/messages/problem";
import type { ResourceModel } from "./model";

/** Shorter names differ on purpose more often than by a typo (`pw1`, `pw2`). */
const MIN_LENGTH = 6;

export function similarSecretWarnings(resources: ResourceModel[]): Problem[] {
  const uses = resources.flatMap((r) => r.secrets.map((s) => ({ name: s.name, path: ["resources", r.name, s.in ?? "properties", ...s.path] })));
  const count = new Map<string, number>();
  for (const u of uses) count.set(u.name, (count.get(u.name) ?? 0) + 1);
  const names = [...count.keys()];
  const out: Problem[] = [];
  const warned = new Set<string>();
  names.forEach((a, i) => {
    for (const b of names.slice(i + 1)) {
      // (Case-insensitive: `cachepassword` beside `cachePassword` is one edit too, at most.)
      if (Math.min(a.length, b.length) < MIN_LENGTH || editDistance(a, b) > 1) continue;
      // The rarer name is the likely typo; on a tie, the shorter (a letter left out), else the one written later.
      const typo = count.get(a) !== count.get(b) ? (count.get(b)! < count.get(a)! ? b : a) : a.length !== b.length ? (a.length < b.length ? a : b) : b;
      const other = typo === a ? b : a;
      if (warned.has(typo)) continue;
      warned.add(typo);
      const at = uses.find((u) => u.name === typo)!;
      out.push({
        path: at.path,
        warning: true,
        message: `secret '${userText(typo)}' is one edit from '${userText(other)}', also read in this file: they are two secrets; if they are meant to be one, write one name`,
      });
    }
  });
  return out;
}

// What one run of the asset sync does, decided from the state, the wanted
// manifest and the journal before any request: which files to upload, which
// to delete, which earlier builds' files to keep, and how many builds have
// been deployed. Pure functions (no S3), serialized by value with the provider.

export interface SyncFile { key: string; hash: string; size: number; headers: Record<string, string> }
export interface Retained { key: string; since: number }

export interface SyncPlan {
  /** Files to upload: new, changed, or listed in the journal (their content in the bucket is unknown; "*" lists all). */
  upload: SyncFile[];
  /** Keys to delete: dropped ones outside keepPrefixes, expired retained ones, journal orphans. */
  remove: string[];
  /** Keys of earlier builds kept under keepPrefixes, with the build count that dropped them. */
  retained: Retained[];
  /** Keys uploaded that no state records (what a failed attempt removes again). */
  unrecorded: Set<string>;
  /** How many builds have been deployed (a build: a new set of files under keepPrefixes). */
  builds: number;
}

/** A digest of the files under `prefixes` (keys and contents): what makes a build another build. */
export function staticSet(files: SyncFile[], prefixes: string[]): string {
  const { createHash } = require("crypto");
  const hash = createHash("sha256");
  for (const f of files.filter((x) => prefixes.some((p) => x.key.startsWith(p))).map((x) => `${x.key}\0${x.hash}\n`).sort()) hash.update(f);
  return hash.digest("hex");
}

/**
 * The plan of a sync from the previous state `olds` (undefined at create) to
 * `wanted`. `journal`: keys an earlier update may have written and no state
 * records as they are. `retainBuilds`: how many earlier builds' files stay.
 */
export function planSync(olds: any | undefined, wanted: { files: SyncFile[]; keepPrefixes: string[] }, journal: string[], retainBuilds: number): SyncPlan {
  const oldFiles: SyncFile[] = olds?.files ?? [];
  // Before builds were counted, each sync counted as one: the same unit for the `since` of earlier states.
  const buildsBefore: number = olds ? (olds.builds ?? olds.generation ?? 1) : 0;
  const builds = !olds ? 1 : buildsBefore + (staticSet(oldFiles, wanted.keepPrefixes) !== staticSet(wanted.files, wanted.keepPrefixes) ? 1 : 0);
  // Earlier versions kept bare keys: they count as dropped by the previous build.
  const oldRetained: Retained[] = (olds?.retained ?? []).map((r: any) => (typeof r === "string" ? { key: r, since: buildsBefore } : r));

  const before = new Map<string, SyncFile>(oldFiles.map((f) => [f.key, f]));
  const wantedKeys = new Set<string>(wanted.files.map((f) => f.key));
  const recorded = new Set<string>([...before.keys(), ...oldRetained.map((r) => r.key)]);
  // "*": a journal that could not be read names every key.
  const journaled = new Set<string>(journal);
  const upload = wanted.files.filter((f) => {
    const o = before.get(f.key);
    return journaled.has("*") || journaled.has(f.key) || !o || o.hash !== f.hash || JSON.stringify(o.headers) !== JSON.stringify(f.headers);
  });
  const orphans = journal.filter((k) => k !== "*" && !recorded.has(k) && !wantedKeys.has(k));

  // What is gone: kept under keepPrefixes for the next builds (old pages still
  // load them), deleted otherwise and once older than retainBuilds builds.
  const keep = (k: string) => wanted.keepPrefixes.some((p) => k.startsWith(p));
  const dropped = oldFiles.map((f) => f.key).filter((k) => !wantedKeys.has(k));
  const retainedBefore = oldRetained.filter((r) => !wantedKeys.has(r.key));
  const expired = retainedBefore.filter((r) => builds - r.since >= retainBuilds || !keep(r.key)).map((r) => r.key);
  const kept = new Map<string, number>(retainedBefore.filter((r) => !expired.includes(r.key)).map((r) => [r.key, r.since]));
  for (const k of dropped.filter(keep)) if (!kept.has(k)) kept.set(k, builds);
  const retained = [...kept].map(([key, since]) => ({ key, since })).sort((a, b) => (a.key < b.key ? -1 : 1));
  const remove = [...new Set([...dropped.filter((k) => !keep(k)), ...expired, ...orphans])];
  return { upload, remove, retained, unrecorded: new Set(upload.map((f) => f.key).filter((k) => !recorded.has(k))), builds };
}

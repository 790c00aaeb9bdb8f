// A stand-in for AWS under the real Pulumi engine: a resource provider plugin
// named `aws`, at the installed @pulumi/aws version, served by @pulumi/pulumi's
// own provider server. It answers every `aws:*` resource type and data source
// with the model of AWS's answers that `plan`'s mock engine uses
// (src/cli/aws-model/: ids, ARNs, endpoints), names resources the way
// pulumi-aws's Check does (src/aws-rules/naming.ts), and decides updates and
// replacements with the force-new table `stackfile diff` uses
// (src/cli/resource-diff.ts inputChange). What it creates lives in one JSON
// "account" in the engine folder (world.ts); S3 buckets also live in the local
// S3 server (local-aws.ts), so the real asset-sync provider uploads to them.
//
// It refuses to delete what a resource of the account still uses, and a
// database with deletion protection on, as AWS does (in-use.ts, protected.ts). STACKFILE_FAIL=<resource name>:<create|update|delete>[,...]
// fails that step; STACKFILE_HOLD=<resource name>:<create|update> holds it once done (holdIfAsked).
import * as fs from "fs";
import * as path from "path";
import type * as provider from "@pulumi/pulumi/provider";
import { mockCall, mockState } from "../../../src/cli/mock-state";
import { inputChange } from "../../../src/cli/resource-diff";
import { NAMES, autoName, randomHex } from "../../../src/aws-rules/naming";
import { changeWorld, readWorld, worldKey, type WorldResource } from "./world";
import { inUseError } from "./in-use";
import { protectionError } from "./protected";
import { regionOf, standInRegion } from "./region";

const AWS_VERSION: string = require("@pulumi/aws/package.json").version;
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** Outputs as the gRPC Struct takes them: no undefined values. */
const plain = <T>(v: T): T => JSON.parse(JSON.stringify(v));

const typeOf = (urn: string) => urn.split("::")[2].split("$").pop()!;
const nameOf = (urn: string) => urn.slice(urn.lastIndexOf("::") + 2);

/** Fails the step when STACKFILE_FAIL names it. */
function injected(urn: string, op: "create" | "update" | "delete"): void {
  const wanted = (process.env.STACKFILE_FAIL ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  if (wanted.includes(`${nameOf(urn)}:${op}`)) {
    throw new Error(`injected failure: STACKFILE_FAIL asks the stand-in to fail the ${op} of ${nameOf(urn)}`);
  }
}

/**
 * STACKFILE_HOLD=<resource name>:<create|update> makes that step, once AWS has
 * done it (the account changed), hold on before answering: `held` in the
 * engine folder says so, and the test kills pulumi there (a deploy killed
 * while AWS was working: the account changed, the state did not).
 */
async function holdIfAsked(engineDir: string, urn: string, op: "create" | "update"): Promise<void> {
  if (process.env.STACKFILE_HOLD !== `${nameOf(urn)}:${op}`) return;
  fs.writeFileSync(path.join(engineDir, "held"), `${nameOf(urn)}:${op}\n`);
  await new Promise((r) => setTimeout(r, 600_000));
}

/**
 * Ids AWS keeps unique only within a parent, by the input naming it: an HTTP
 * API's stage name within its API (two APIs each have a `$default` stage;
 * https://docs.aws.amazon.com/apigatewayv2/latest/api-reference/apis-apiid-stages.html).
 * Their world key names the parent too.
 */
const ID_SCOPE: Record<string, string> = { "aws:apigatewayv2/stage:Stage": "apiId" };

/** The world key of a resource, from its type, id and inputs or state. */
function keyOf(type: string, id: string, props: Record<string, unknown> | undefined): string {
  const parent = ID_SCOPE[type] ? props?.[ID_SCOPE[type]] : undefined;
  return worldKey(type, typeof parent === "string" ? `${parent}/${id}` : id);
}

function record(w: ReturnType<typeof readWorld>, r: WorldResource, op: string): void {
  w.resources[keyOf(r.type, r.id, r.state)] = r;
  w.log.push(`${op} ${r.type} ${r.name}`);
}

/**
 * pulumi-aws's suffix is random: a replacement (Check without olds, while the
 * old resource still exists) gets a new name. The model's suffix is a hash of
 * the URN name (plans repeat); when that name is taken in the account, the
 * stand-in takes the next hash, as a new random suffix would differ.
 */
function uniqueName(engineDir: string, type: string, name: string, stack: string): string {
  const taken = new Set(Object.values(readWorld(engineDir).resources).filter((r) => r.type === type).map((r) => r.id.toLowerCase()));
  let candidate = name;
  // Another suffix seeded by the stack too: two stacks of one account checking at once (pull
  // requests' previews deployed side by side) never pick the same one.
  for (let n = 1; taken.has(candidate.toLowerCase()); n++) candidate = name.replace(/[0-9a-f]{7}(\.fifo)?$/, (m, fifo = "") => `${randomHex(`${name}#${stack}#${n}`)}${fifo}`);
  return candidate;
}

// ---- S3 buckets in the local S3 server ----

function s3() {
  const { S3Client } = require("@aws-sdk/client-s3");
  const endpoint = process.env.STACKFILE_S3_ENDPOINT;
  if (!endpoint) throw new Error("stand-in: STACKFILE_S3_ENDPOINT is not set (scripts/engine.sh sets it)");
  return new S3Client({ endpoint, region: standInRegion(), forcePathStyle: true });
}

async function createBucket(name: string): Promise<void> {
  const S3 = require("@aws-sdk/client-s3");
  const client = s3();
  try {
    await client.send(new S3.CreateBucketCommand({ Bucket: name }));
  } finally {
    client.destroy();
  }
}

/** Deletes a bucket as the provider does: with forceDestroy its objects first, else S3 refuses a bucket that is not empty. */
async function deleteBucket(name: string, forceDestroy: boolean): Promise<void> {
  const S3 = require("@aws-sdk/client-s3");
  const client = s3();
  try {
    if (forceDestroy) {
      for (;;) {
        const page = await client.send(new S3.ListObjectsV2Command({ Bucket: name }));
        const keys = (page.Contents ?? []).map((o: { Key: string }) => ({ Key: o.Key }));
        if (!keys.length) break;
        await client.send(new S3.DeleteObjectsCommand({ Bucket: name, Delete: { Objects: keys } }));
      }
    }
    await client.send(new S3.DeleteBucketCommand({ Bucket: name }));
  } catch (err) {
    if ((err as { name?: string }).name === "NoSuchBucket") return;
    throw new Error(`deleting S3 Bucket (${name}): ${(err as Error).message}`);
  } finally {
    client.destroy();
  }
}

async function bucketExists(name: string): Promise<boolean> {
  const S3 = require("@aws-sdk/client-s3");
  const client = s3();
  try {
    await client.send(new S3.HeadBucketCommand({ Bucket: name }));
    return true;
  } catch (err) {
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404) return false;
    throw err;
  } finally {
    client.destroy();
  }
}

const BUCKET = "aws:s3/bucket:Bucket";

const SIG = "4dabf18193072939515e22adb298388d";
const ASSET_SIGS = new Set(["c44067f5952c0a294b673a41bacd8c17", "0def7320c3a5731c473e5ecbe6d01bc7"]);

/**
 * Assets and archives as their hash: the engine sends a preview's archive
 * without its path, and a file moved with the same content is no change
 * (pulumi-terraform-bridge compares an archive by its hash).
 */
function byHash<T>(v: T): T {
  if (Array.isArray(v)) return v.map(byHash) as T;
  if (!v || typeof v !== "object") return v;
  const o = v as Record<string, unknown>;
  if (ASSET_SIGS.has(o[SIG] as string) && typeof o.hash === "string") return { [SIG]: o[SIG], hash: o.hash } as T;
  return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, byHash(x)])) as T;
}

/** The resources of a type the account holds, as the model reads them (a cluster's instances, a replica's source). */
function existingIn(engineDir: string) {
  return (type: string) => Object.values(readWorld(engineDir).resources).filter((r) => r.type === type).map((r) => ({ inputs: r.inputs ?? {}, state: r.state }));
}

// ---- the provider ----

/** The stand-in provider whose account is the world file of `engineDir` (the engine folder's `.engine`). */
export function standInProvider(engineDir: string): provider.Provider {
  return {
    version: AWS_VERSION,

    /** pulumi-aws's Check: a missing name input gets its auto-name (kept from the state on updates). */
    async check(urn, olds, news) {
      const type = typeOf(urn);
      const spec = NAMES[type];
      const inputs = { ...news };
      if (spec?.autoName && inputs[spec.property] === undefined && inputs[`${spec.property}Prefix`] === undefined) {
        if (typeof olds?.[spec.property] === "string") {
          inputs[spec.property] = olds[spec.property];
        } else {
          const auto = autoName(type, nameOf(urn), inputs);
          if (auto && "error" in auto) return { inputs, failures: [{ property: spec.property, reason: auto.error }] };
          if (auto) inputs[spec.property] = uniqueName(engineDir, type, auto.name, urn.split("::")[0].split(":").pop() ?? "");
        }
      }
      return { inputs };
    },

    async diff(id, urn, olds, news) {
      const type = typeOf(urn);
      const known = readWorld(engineDir).resources[keyOf(type, id, olds)];
      // The inputs it was last created or updated with; else the state's values of the new inputs' keys.
      const before = byHash(known?.inputs ?? Object.fromEntries(Object.keys(news).map((k) => [k, olds[k]])));
      const { changed, replaceBecause } = inputChange(type, before, byHash(news));
      // Why each update or replacement: DIR/.engine/diffs.log (STACKFILE_DEBUG_DIFF=FILE logs every answer with its inputs).
      if (changed.length) fs.appendFileSync(path.join(engineDir, "diffs.log"), `${nameOf(urn)}: ${changed.join(", ")}${replaceBecause.length ? `; replaced because of ${replaceBecause.join(", ")}` : ""}\n`);
      if (process.env.STACKFILE_DEBUG_DIFF) fs.appendFileSync(process.env.STACKFILE_DEBUG_DIFF, JSON.stringify({ urn, changed, replaceBecause, before: changed.length ? before : undefined, news: changed.length ? news : undefined }) + "\n");
      const top = (p: string) => p.split(/[.[ ]/)[0];
      return { changes: changed.length > 0, replaces: [...new Set(replaceBecause.map(top))], deleteBeforeReplace: false };
    },

    async create(urn, inputs) {
      injected(urn, "create");
      const type = typeOf(urn);
      const name = nameOf(urn);
      const r = regionOf(inputs);
      const existing = existingIn(engineDir);
      // Chosen and recorded under the world's lock: two stacks deploying at once never get one id.
      const { id, state } = changeWorld(engineDir, (w) => {
        const held = w.resources;
        let made = mockState(type, name, inputs, true, { region: r }, existing);
        // The model's ids are hashes of the URN name; a replacement (created before the old one is
        // deleted), or another stack's resource of the same name, gets a new one where AWS makes the id.
        // An id that is the resource's name or comes from its inputs stays: AWS refuses a second resource
        // with it, except Route 53's UPSERT (allowOverwrite).
        for (let n = 1; made.id && held[keyOf(type, made.id, inputs)] && !(type === "aws:route53/record:Record" && inputs.allowOverwrite === true); n++) {
          const again = mockState(type, `${name}#${n}`, inputs, true, { region: r }, existing);
          if (again.id === made.id) throw new Error(`creating ${type} (${made.id}): a resource with this name already exists in the account`);
          made = again;
        }
        if (!made.id) throw new Error(`stand-in: no id for ${type} ${name}`);
        const state = plain(made.state);
        record(w, { type, name, id: made.id, state, inputs }, "create");
        return { id: made.id, state };
      });
      if (type === BUCKET) {
        try {
          await createBucket(id);
        } catch (err) {
          changeWorld(engineDir, (w) => void delete w.resources[keyOf(type, id, state)]);
          throw err;
        }
      }
      await holdIfAsked(engineDir, urn, "create");
      return { id, outs: state };
    },

    async read(id, urn, props) {
      const type = typeOf(urn);
      const known = readWorld(engineDir).resources[keyOf(type, id, props)];
      if (!known || (type === BUCKET && !(await bucketExists(id)))) return { id: "", props: {} };
      return { id, props: known.state };
    },

    async update(id, urn, olds, news) {
      injected(urn, "update");
      const type = typeOf(urn);
      const name = nameOf(urn);
      const r = regionOf(news);
      const state = plain(mockState(type, name, news, true, { region: r }, existingIn(engineDir)).state);
      // An update of a published function's code publishes the next version (the model knows only the first).
      if (type === "aws:lambda/function:Function" && news.publish === true && typeof olds.version === "string" && /^\d+$/.test(olds.version)) {
        const version = String(Number(olds.version) + 1);
        state.version = version;
        state.qualifiedArn = String(state.arn) + `:${version}`;
      }
      changeWorld(engineDir, (w) => record(w, { type, name, id, state, inputs: news }, "update"));
      await holdIfAsked(engineDir, urn, "update");
      return { outs: state };
    },

    async delete(id, urn, props) {
      injected(urn, "delete");
      const type = typeOf(urn);
      const world = readWorld(engineDir);
      const refused = protectionError(type, world.resources[worldKey(type, id)]?.state ?? props) ?? inUseError(world, type, id);
      if (refused) throw new Error(`deleting ${type} (${id}): ${refused}`);
      if (type === BUCKET) await deleteBucket(id, props.forceDestroy === true);
      changeWorld(engineDir, (w) => {
        delete w.resources[keyOf(type, id, props)];
        w.log.push(`delete ${type} ${nameOf(urn)}`);
      });
    },

    async invoke(token, inputs) {
      if (JSON.stringify(inputs).includes(UNKNOWN)) return { outputs: {} };
      return { outputs: mockCall(token, inputs, { region: regionOf(inputs) }) };
    },
  };
}

// Differential tests: one table of cases, run with the AWS SDK v3 clients
// against a local service of `stackfile dev` and against moto's server (an
// independent model of AWS, test/moto-server.ts). A case may record a value
// with `same(key, value)`: the local run records it, the moto run must give
// the same (so an answer both compute, such as an MD5 digest or an error
// code, is checked against a model that is not ours). Where moto is known to
// be loose or to lack a behaviour, the case says so (`moto: "..."`) and is
// listed as pending for moto with that reason, never passed as if checked.
import * as assert from "assert";
import { MOTO_CREDENTIALS, requireMoto } from "../../moto-server";

export interface Target {
  name: "local" | "moto";
  /** The endpoint of the service under test. */
  endpoint: string;
  /** Another service's endpoint (locally each service has its own port; moto serves all on one). */
  at(service: string): string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** A name no other case of this run uses (moto's server is shared by the whole run). */
  unique(base: string): string;
  /** The local run records `value`; the moto run asserts it gives the same. */
  same(key: string, value: unknown): void;
}

export interface Case {
  name: string;
  run(t: Target): Promise<void>;
  /** Why moto cannot check this case (it lacks the behaviour, or accepts what AWS refuses). */
  moto?: string;
}

let counter = 0;

/** Registers `describe` blocks: the cases against the local service, then against moto. */
export function differential(title: string, startLocal: () => Promise<{ endpoint: string; endpoints?: Record<string, string>; close(): Promise<void> }>, cases: Case[]): void {
  const recorded = new Map<string, unknown>();
  for (const name of ["local", "moto"] as const) {
    describe(`${title} (${name === "local" ? "the local service" : "moto's server"})`, function () {
      this.timeout(60000);
      let target: Target;
      let close: (() => Promise<void>) | undefined;
      before(async function () {
        let endpoint: string;
        let endpoints: Record<string, string> = {};
        if (name === "local") {
          const local = await startLocal();
          endpoint = local.endpoint;
          endpoints = local.endpoints ?? {};
          close = () => local.close();
        } else {
          endpoint = (await requireMoto(this)).endpoint;
        }
        target = {
          name, endpoint, region: "us-east-1", credentials: MOTO_CREDENTIALS,
          at: (service) => endpoints[service] ?? endpoint,
          unique: (base) => `${base}-${process.pid}-${++counter}`,
          same(key, value) {
            if (name === "local") recorded.set(key, value);
            else if (recorded.has(key)) assert.deepStrictEqual(value, recorded.get(key), `moto's answer for ${key} differs from the local service's`);
          },
        };
      });
      after(async () => close?.());
      for (const c of cases) {
        if (name === "moto" && c.moto) it.skip(`${c.name} [not checked against moto: ${c.moto}]`, () => undefined);
        else it(c.name, () => c.run(target));
      }
    });
  }
}

/** The error a call fails with: its SDK name (and status), for `same` and for assertions. */
export async function failure(p: Promise<unknown>): Promise<{ name: string; status?: number }> {
  try {
    await p;
  } catch (e) {
    const err = e as { name: string; $metadata?: { httpStatusCode?: number } };
    return { name: err.name, status: err.$metadata?.httpStatusCode };
  }
  throw new assert.AssertionError({ message: "the call succeeded; it should have failed" });
}

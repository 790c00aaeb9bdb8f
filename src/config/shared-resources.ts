// What the YAML program knows of the whole stack before it makes any
// resource: which resources share the default VPC's gateway endpoints (the
// workloads that join it, as their definitions say), and the overrides of
// those endpoints they give.
import type { StackModel, ResourceModel } from "./validate";
import { own } from "../shared/messages/own";

/** The child ids of a workload's transform that adjusted the stack's endpoints before they were shared. */
export const ENDPOINT_CHILD_IDS = ["s3Endpoint", "dynamodbEndpoint"] as const;

/** Whether the resource is a workload in the default VPC (and so may need the stack's gateway endpoints). */
export function joinsDefaultVpc(r: ResourceModel): boolean {
  return r.entry.workload?.joinsDefaultVpc(r.prepared) === true;
}

/**
 * The overrides of the shared endpoints, gathered from the workloads that
 * give them (a workload's `overrides.s3Endpoint` adjusted the endpoint when it
 * was made by the first workload). Two workloads that give different ones
 * cannot both hold: refused, naming both.
 */
export function sharedEndpointOverrides(model: StackModel): { overrides: Record<string, Record<string, unknown>>; problem?: string } {
  const overrides: Record<string, Record<string, unknown>> = {};
  const givenBy: Record<string, string> = {};
  for (const r of model.resources.filter(joinsDefaultVpc)) {
    for (const id of ENDPOINT_CHILD_IDS) {
      const o = own(r.overrides, id);
      if (o === undefined) continue;
      const first = own(givenBy, id);
      if (first !== undefined && JSON.stringify(own(overrides, id)) !== JSON.stringify(o)) {
        return { overrides, problem: `resources '${first}' and '${r.name}' give different overrides.${id}, but the stack has one ${id} (the default VPC's, shared by its workloads); give the same overrides in both, or in one only` };
      }
      overrides[id] = o;
      givenBy[id] = r.name;
    }
  }
  return { overrides };
}

/** The overrides without the shared endpoints' ids. */
export function withoutEndpointOverrides(overrides: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(overrides).filter(([id]) => !(ENDPOINT_CHILD_IDS as readonly string[]).includes(id)));
}

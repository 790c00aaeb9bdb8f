// The model of a stack file that validate makes and everything after it reads
// (the graph, the program, plan's checks): each resource as written, prepared
// for the rules, with the directives it holds. Types only.
import type { TypeEntry } from "../shared/component/type-entry";
import type { DataOptions } from "../shared/component/component-options";
import type { NotificationTarget } from "../shared/alarms/alarm-notifications";

type Path = (string | number)[];

export interface Reference {
  /** Path of the string holding the directive, from the resource's `properties` (or `overrides`, with `in`). */
  path: Path;
  resource: string;
  param: string;
  /** Set when the directive is in the resource's `overrides`. */
  in?: "overrides";
  /** Set when the string is a secret field's: messages never quote what it holds. */
  secretField?: boolean;
}

export interface SecretUse {
  path: Path;
  name: string;
  key?: string;
  /** Set when the directive is in the resource's `overrides`. */
  in?: "overrides";
}

export interface ResourceModel {
  name: string;
  type: string;
  entry: TypeEntry;
  /** As written (directives still as strings). */
  properties: Record<string, unknown>;
  /** With every directive replaced by an unknown value: what rules see. */
  prepared: Record<string, unknown>;
  overrides: Record<string, Record<string, unknown>>;
  /** `options`: protect and retainOnDelete for the children that hold data. */
  options: DataOptions;
  refs: Reference[];
  secrets: SecretUse[];
}

export interface StackModel {
  /** In dependency order: every resource after those it references. */
  resources: ResourceModel[];
  /** The top-level `notifications`, when it lists targets (URLs may hold directives, resolved by the program). */
  notifications?: NotificationTarget[];
  /** The secrets `notifications` reads (each path from the top-level key). */
  notificationSecrets?: SecretUse[];
}

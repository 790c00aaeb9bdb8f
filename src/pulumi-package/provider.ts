// The component provider of the Pulumi package `stackfile`: Pulumi YAML,
// Python, Go and .NET programs make stackfile's components through it
// (`construct`), with the schema of package-schema.ts. The engine calls
// `construct` for a component (never `check`: pkg/v3 resource/deploy/source_eval.go,
// RegisterResource with remote set); both judge the inputs with the same
// rules as a stack file's properties, and `construct` refuses them with the
// message a TypeScript program gets, every problem with its property path.
import type * as pulumi from "@pulumi/pulumi";
import type * as provider from "@pulumi/pulumi/provider";
import { registry } from "../config/registry";
import type { TypeEntry } from "../shared/component/type-entry";
import { argumentsError } from "../shared/component/component-error";
import { componentLabel } from "../shared/component/component";
import { formatPath } from "../shared/messages/problem";
import { packageInfo, packageSchema } from "./package-schema";
import { componentArgs, inputProblems } from "./inputs";
import { makeComponent } from "./components";

/** The resource type token of a URN (`urn:pulumi:stack::project::parent$type::name`). */
function urnType(urn: string): string {
  const qualified = urn.split("::")[2] ?? "";
  return qualified.slice(qualified.lastIndexOf("$") + 1);
}

export class StackfileProvider implements provider.Provider {
  readonly version: string;
  private readonly byToken: Map<string, TypeEntry>;
  private schemaText?: string;

  constructor(private readonly entries: TypeEntry[] = Object.values(registry)) {
    this.version = packageInfo().version;
    this.byToken = new Map(entries.map((e) => [e.token, e]));
  }

  async getSchema(): Promise<string> {
    this.schemaText ??= JSON.stringify(packageSchema({ entries: this.entries }));
    return this.schemaText;
  }

  private entry(type: string): TypeEntry {
    const entry = this.byToken.get(type);
    if (!entry) throw new Error(`unknown resource type ${type}; this provider makes ${[...this.byToken.keys()].sort().join(", ")}`);
    return entry;
  }

  async check(urn: string, _olds: unknown, news: Record<string, unknown>): Promise<provider.CheckResult> {
    const failures = inputProblems(this.entry(urnType(urn)), news).map((p) => ({
      property: formatPath(p.path),
      reason: p.hint ? `${p.message}; ${p.hint}` : p.message,
    }));
    return { inputs: news, failures };
  }

  async construct(name: string, type: string, inputs: pulumi.Inputs, options: pulumi.ComponentResourceOptions): Promise<provider.ConstructResult> {
    const entry = this.entry(type);
    const problems = inputProblems(entry, inputs as Record<string, unknown>);
    if (problems.length) throw argumentsError(componentLabel(entry.token), name, problems);
    const made = makeComponent(entry, name, componentArgs(entry, inputs as Record<string, unknown>), options);
    return { urn: made.resource.urn, state: made.outputs };
  }
}

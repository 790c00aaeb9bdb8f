// The Pulumi package schema of stackfile's components: one component
// resource `stackfile:index:<Type>` for each type of the registry, its
// inputs the properties of the stack file (types, descriptions, defaults,
// enums, secrets and required fields from the JSON Schema generated from each
// properties.ts), its outputs the parameters a stack file reads with
// `$ResourceParam`, and the inputs a definition adds for other languages
// (`packageInputs`). TypeScript-only arguments (`transform`, live objects)
// are not in it. Made from the definitions each time: a field added to a
// properties.ts (then `npm run schema:gen`) or a type added to the registry is
// in it with no other edit. `pulumi package get-schema` prints it; `pulumi
// package gen-sdk` makes SDKs for Python, Go and .NET from it.
import * as fs from "fs";
import * as path from "path";
import { registry } from "../config/registry";
import type { ResourceTypeEntry } from "../shared/component/resource-definition";
import { componentLabel } from "../shared/component/component";
import { definition as shippedDefinition, type JsonSchema } from "../shared/schema/schema";
import { PACKAGE, TypeCollector, type PulumiNamedType, type PulumiProperty } from "./type-specs";

export interface PulumiResourceSpec {
  isComponent: true;
  description?: string;
  inputProperties: Record<string, PulumiProperty>;
  requiredInputs: string[];
  properties: Record<string, PulumiProperty>;
  required: string[];
}

export interface PulumiPackageSchema {
  name: string;
  displayName: string;
  version: string;
  description: string;
  homepage?: string;
  repository?: string;
  license?: string;
  keywords: string[];
  meta: { supportPack: boolean };
  language: Record<string, unknown>;
  types: Record<string, PulumiNamedType>;
  resources: Record<string, PulumiResourceSpec>;
}

/** What the package says of itself: from package.json. */
export interface PackageInfo {
  version: string;
  homepage?: string;
  repository?: string;
  license?: string;
}

export function packageInfo(): PackageInfo {
  // Read as a file (src/ and dist/ both sit beside package.json).
  const file = path.join(__dirname, "..", "..", "package.json");
  const pkg = JSON.parse(fs.readFileSync(file, "utf8")) as { version: string; homepage?: string; license?: string; repository?: { url?: string } };
  const repository = pkg.repository?.url?.replace(/^git\+/, "").replace(/\.git$/, "");
  return { version: pkg.version, homepage: pkg.homepage, repository, license: pkg.license };
}

/** The component resource of one type. */
function resourceSpec(entry: ResourceTypeEntry, types: TypeCollector, definition: (name: string) => JsonSchema): PulumiResourceSpec {
  const props = definition(entry.definition);
  const { properties: inputProperties, required: requiredInputs } = types.properties(props, componentLabel(entry.token));
  for (const [key, spec] of Object.entries(entry.packageInputs?.inputs ?? {})) {
    if (key in inputProperties) throw new Error(`${entry.type}: packageInputs.${key} is already a property`);
    inputProperties[key] = spec;
  }
  const properties: Record<string, PulumiProperty> = {};
  for (const [param, spec] of Object.entries(entry.params)) {
    properties[param] = { type: spec.type, ...(spec.secret ? { secret: true } : {}) };
  }
  return {
    isComponent: true,
    ...(props.description ? { description: props.description } : {}),
    inputProperties,
    requiredInputs,
    properties,
    // Which parameters a resource has depends on its properties (a sharded cluster has no reader): none is promised.
    required: [],
  };
}

export interface SchemaSources {
  /** The resource types (the registry's). */
  entries?: ResourceTypeEntry[];
  info?: PackageInfo;
  /** A definition of the JSON Schema by name, directives taken out (the shipped schema's). */
  definition?: (name: string) => JsonSchema;
}

export function packageSchema(sources: SchemaSources = {}): PulumiPackageSchema {
  const { entries = Object.values(registry), info = packageInfo(), definition = shippedDefinition } = sources;
  const types = new TypeCollector(definition);
  const resources: Record<string, PulumiResourceSpec> = {};
  for (const entry of [...entries].sort((a, b) => a.token.localeCompare(b.token))) {
    resources[entry.token] = resourceSpec(entry, types, definition);
    for (const [name, spec] of Object.entries(entry.packageInputs?.types ?? {})) {
      const token = `${PACKAGE}:index:${name}`;
      if (types.types[token]) throw new Error(`${entry.type}: packageInputs type ${name} is already a type`);
      types.types[token] = spec;
    }
  }
  const sortedTypes: Record<string, PulumiNamedType> = {};
  for (const key of Object.keys(types.types).sort()) sortedTypes[key] = types.types[key];
  return {
    name: PACKAGE,
    displayName: "stackfile",
    version: info.version,
    description: "Production AWS infrastructure as Pulumi components: Next.js on Lambda, Redis, HTTP API Gateway, functions.",
    ...(info.homepage ? { homepage: info.homepage } : {}),
    ...(info.repository ? { repository: info.repository } : {}),
    ...(info.license ? { license: info.license } : {}),
    keywords: ["pulumi", "aws", "category/cloud", "kind/component"],
    // SDKs a language's tools can build and install as they are (a go.mod for Go, the version in pyproject.toml).
    meta: { supportPack: true },
    language: {
      python: { packageName: "pulumi_stackfile", requires: { pulumi: ">=3.0.0,<4.0.0" }, pyproject: { enabled: true } },
      go: { importBasePath: "github.com/stackfile/stackfile/sdk/go/stackfile" },
      csharp: { rootNamespace: "Stackfile", packageReferences: { Pulumi: "3.*" } },
    },
    types: sortedTypes,
    resources,
  };
}

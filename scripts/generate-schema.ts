// Generates schema/stackfile.schema.json from the documented properties
// interfaces (the one source of truth). `npm run schema:gen` writes it; a test
// fails when the checked-in file is stale.
import * as fs from "fs";
import * as path from "path";
import { createGenerator } from "ts-json-schema-generator";
import { registry } from "../src/config/registry";
import { RESOURCE_NAME_PATTERN } from "../src/config/names";
import { acceptDirectives, literalFields, type ParamNames } from "./schema-directives";
import { OPTION_DESCRIPTIONS } from "../src/config/options";

export const SCHEMA_PATH = path.join(__dirname, "..", "schema", "stackfile.schema.json");

export function generateSchema(): Record<string, unknown> {
  const definitions: Record<string, unknown> = {};
  const resourceSchemas: unknown[] = [];
  const literal = new Map<string, Set<string>>();
  for (const entry of Object.values(registry)) {
    const generator = createGenerator({
      path: path.join(__dirname, "..", entry.propertiesFile),
      tsconfig: path.join(__dirname, "..", "tsconfig.json"),
      type: entry.definition,
      jsDoc: "extended",
      skipTypeCheck: true,
      additionalProperties: false,
      sortProps: true,
      // `@refused <why>`: documented for editors, never valid (the loader refuses it with its reason).
      extraTags: ["refused"],
    });
    const schema = generator.createSchema(entry.definition) as { definitions: Record<string, unknown> };
    Object.assign(definitions, schema.definitions);
    for (const [def, keys] of literalFields(schema.definitions as Record<string, any>, entry.definition, entry.literalOnly)) {
      literal.set(def, new Set([...(literal.get(def) ?? []), ...keys]));
    }
    resourceSchemas.push({
      type: "object",
      description: `A ${entry.type} resource.`,
      properties: {
        type: { const: entry.type },
        properties: { $ref: `#/definitions/${entry.definition}` },
        overrides: {
          type: "object",
          description: "Arguments merged into the named child resources.",
          propertyNames: { enum: [...entry.childIds] },
          additionalProperties: { type: "object" },
        },
        options: {
          type: "object",
          description: "Resource options for the children that hold data.",
          properties: Object.fromEntries(Object.entries(OPTION_DESCRIPTIONS).map(([k, d]) => [k, { type: "boolean", description: d }])),
          additionalProperties: false,
        },
      },
      required: entry.propertiesOptional ? ["type"] : ["type", "properties"],
      additionalProperties: false,
    });
  }
  // Parameter names by the type of value they give: what a whole $ResourceParam may read into a field of that type.
  const params: ParamNames = { string: [], number: [], boolean: [] };
  for (const entry of Object.values(registry)) {
    for (const [name, spec] of Object.entries(entry.params)) if (!params[spec.type].includes(name)) params[spec.type].push(name);
  }
  for (const list of Object.values(params)) list.sort();
  const accepting = acceptDirectives(definitions as Record<string, any>, literal, params);
  const sortedDefs: Record<string, unknown> = {};
  for (const key of Object.keys(accepting).sort()) sortedDefs[key] = accepting[key];
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    title: "stackfile",
    description: "A stackfile configuration: resources by name.",
    type: "object",
    properties: {
      resources: {
        type: "object",
        description: "Resources by name.",
        propertyNames: { pattern: RESOURCE_NAME_PATTERN.source },
        additionalProperties: { oneOf: resourceSchemas },
      },
    },
    required: ["resources"],
    additionalProperties: false,
    definitions: sortedDefs,
  };
}

export function schemaText(): string {
  return JSON.stringify(generateSchema(), null, 2) + "\n";
}

if (require.main === module) {
  fs.writeFileSync(SCHEMA_PATH, schemaText());
  console.log(`wrote ${path.relative(process.cwd(), SCHEMA_PATH)}`);
}

// The relational-database resource type as data: what the YAML adapter, `dev`
// and the component read (schema name, parameters, child ids, literal-only
// fields, rules, what connectTo gives).
import { componentDefinition } from "../../shared/component/component-definition";
import { relationalDatabaseParams } from "./properties";
import { relationalStaticProblems, relationalUpdateProblems, relationalWarnings } from "./rules";
import { RELATIONAL_DATABASE_CHILD_IDS, RELATIONAL_DATABASE_CHILDREN } from "./child-ids";
import { engineKind, hasReaders } from "./engines";
import { connectionTable } from "../../shared/workloads/connection-variables";

/** connectTo's variables (the spec's row), each from the first of its parameters the database has; READER_* only with readers. */
export const RELATIONAL_CONNECTION_VARIABLES = connectionTable(relationalDatabaseParams, {
  CONNECTION_STRING: ["connectionString"],
  JDBC_CONNECTION_STRING: ["jdbcConnectionString"],
  HOST: ["host"],
  PORT: ["port"],
  READER_CONNECTION_STRING: ["readerConnectionString"],
  READER_JDBC_CONNECTION_STRING: ["readerJdbcConnectionString"],
  READER_HOST: ["readerHost"],
});

const obj = (v: unknown): Record<string, unknown> => (typeof v === "object" && v !== null ? (v as Record<string, unknown>) : {});

export const relationalDatabaseDefinition = componentDefinition({
  type: "relational-database",
  definition: "RelationalDatabaseProperties",
  propertiesFile: "src/components/relational-database/properties.ts",
  token: "stackfile:index:RelationalDatabase",
  propertiesOptional: false,
  params: relationalDatabaseParams,
  availableParams(props) {
    const engine = obj(props.engine);
    const readers = hasReaders(engineKind(engine.type), obj(engine.properties));
    return Object.entries(relationalDatabaseParams)
      .filter(([, spec]) => readers || !("readers" in spec))
      .map(([name]) => name);
  },
  literalOnly: [
    ["engine", "type"], ["accessibility", "accessibilityMode"], ["logging", "disabled"],
    ["engine", "properties", "readReplicas"], ["engine", "properties", "instances"],
  ],
  connectable: { vpcOnly: true, variables: RELATIONAL_CONNECTION_VARIABLES },
  childIds: RELATIONAL_DATABASE_CHILD_IDS,
  children: RELATIONAL_DATABASE_CHILDREN,
  staticRules: relationalStaticProblems,
  warnings: relationalWarnings,
  updateRules: relationalUpdateProblems,
});

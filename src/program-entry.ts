// Pulumi program entry for YAML stacks: point `main:` of a Pulumi.yaml here
// (node_modules/stackfile/dist/program-entry.js) and no code is needed.
import { deployStackfile } from "./config/deploy";

export = () => deployStackfile();

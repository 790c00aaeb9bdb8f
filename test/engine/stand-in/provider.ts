// The stand-in AWS provider plugin (aws-provider.ts), served by
// @pulumi/pulumi's provider server with preview support (previews.ts).
// Started by the engine (scripts/engine.sh names its folder in Pulumi.yaml);
// its account is STACKFILE_ENGINE_DIR (default: .engine in the working folder).
import * as path from "path";
import { main } from "@pulumi/pulumi/provider";
import { standInProvider } from "./aws-provider";
import { servePreviews } from "./previews";

const engineDir = process.env.STACKFILE_ENGINE_DIR ?? path.join(process.cwd(), ".engine");

servePreviews();
main(standInProvider(engineDir), process.argv.slice(2)).catch((err) => {
  console.error(err);
  process.exit(1);
});

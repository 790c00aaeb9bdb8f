// What `plan` and `diff` print for a dynamic resource's provider code, and why
// the command line neither makes that code nor loads what makes it.
//
// The SDK makes a dynamic resource's `__provider` input by serializing the
// provider's closure (@pulumi/pulumi dynamic/index.js, serializeProvider).
// Its serializer reads closures through an inspector session with V8's
// debugger on (runtime/closure/v8Hooks.js), and every script loaded after
// that is reported to it; and the SDK's runtime index loads the serializer
// and the code-path finder with it (runtime/index.js), which load TypeScript
// and npm's arborist (about 500 modules). In a 200-cluster `plan` the session
// cost 0.7 s and the loading about 0.3 s, of 1.1 s above its floor (issue
// 25's note). The plan prints the code as a placeholder, and the code is
// ours, the same for every stack: tests serialize providers and run their
// code in another process (test/providers/redis-update-guard,
// test/components/nextjs-web/aws-access), and the engine tests deploy them.
// So a `plan` or `diff` run from the command line, whose process ends with
// the command, puts in the module cache, before the SDK loads, a serializer
// that answers the placeholder and a code-path finder that loads the real
// one if anything asks (nothing in a plan does). A program that runs the CLI
// in its own process (the tests do) keeps the SDK's serializer: the SDK keeps
// one serialization per provider object, and that program may go on to deploy.
import * as path from "path";
import { loadedApart, standIn } from "./module-stand-in";

/** What a plan prints for a dynamic resource's provider code. */
export const PROVIDER_CODE_TEXT = "[dynamic provider code]";

type Serialized = { text: string; exportName: string; containsSecrets: boolean };
interface Serializer {
  serializeFunction(func: () => unknown, args?: unknown): Promise<Serialized>;
  serializeFunctionAsync(func: () => unknown, serialize?: unknown): Promise<string>;
}
interface CodePaths {
  computeCodePaths(...args: unknown[]): unknown;
  findWorkspaceRoot(...args: unknown[]): unknown;
}

const placeholder = async (): Promise<Serialized> => ({ text: PROVIDER_CODE_TEXT, exportName: "handler", containsSecrets: false });

/** For the rest of this process, a dynamic resource's provider code is the placeholder (call it before the SDK loads). */
export function providerCodeAsPlaceholder(): void {
  const closure = path.join(path.dirname(require.resolve("@pulumi/pulumi")), "runtime", "closure");
  const serializerFile = path.join(closure, "serializeClosure.js");
  const serializer = loadedApart<Serializer>(serializerFile);
  const installed = standIn(serializerFile, {
    serializeFunction: placeholder,
    serializeFunctionAsync: (func: () => unknown, serialize?: unknown) => serializer().serializeFunctionAsync(func, serialize),
  } satisfies Serializer);
  // The SDK is loaded already (its serializer with it): the placeholder in the serializer's place.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  if (!installed) (require(serializerFile) as Serializer).serializeFunction = placeholder;
  const codePathsFile = path.join(closure, "codePaths.js");
  const codePaths = loadedApart<CodePaths>(codePathsFile);
  standIn(codePathsFile, {
    computeCodePaths: (...args: unknown[]) => codePaths().computeCodePaths(...args),
    findWorkspaceRoot: (...args: unknown[]) => codePaths().findWorkspaceRoot(...args),
  } satisfies CodePaths);
}

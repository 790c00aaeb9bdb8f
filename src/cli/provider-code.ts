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
// cost 0.7 s and the loading 0.3 to 0.5 s (issue 25's note).
//
// The plan prints the code as a placeholder, and the code is ours, the same
// for every stack: the component tests serialize every dynamic provider
// through the SDK as they make its resources, two run the code in another
// process (test/providers/redis-update-guard,
// test/components/nextjs-web/aws-access), and the engine tests deploy them.
// So a `plan` or `diff` run from the command line, whose process ends with
// the command, puts in the module cache, before the SDK loads, a serializer
// that answers the placeholder and a code-path finder that loads the real
// one if anything asks (nothing in a plan does); each stand-in answers any
// other name the SDK reads from its file by loading the real file. A program
// that runs the CLI in its own process (the tests do) keeps the SDK's
// serializer: the SDK keeps one serialization per provider object, and that
// program may go on to deploy.
import * as path from "path";
import { loadedApart, standIn } from "./module-stand-in";

/** What a plan prints for a dynamic resource's provider code. */
export const PROVIDER_CODE_TEXT = "[dynamic provider code]";

type Serialized = { text: string; exportName: string; containsSecrets: boolean };

const placeholder = async (): Promise<Serialized> => ({ text: PROVIDER_CODE_TEXT, exportName: "handler", containsSecrets: false });

/**
 * A module's stand-in: `own` as given; any other name (the SDK's other
 * exports of the file, in this version or a later one) a function that loads
 * the real file and calls its export of that name.
 */
function delegating(file: string, own: Record<string, unknown>): object {
  const real = loadedApart<Record<string, (...args: unknown[]) => unknown>>(file);
  return new Proxy(own, {
    get: (target, name) => {
      if (typeof name !== "string" || name in target) return target[name as string];
      if (name === "__esModule" || name === "then") return undefined;
      return (...args: unknown[]) => real()[name](...args);
    },
  });
}

/**
 * For the rest of this process, a dynamic resource's provider code is the
 * placeholder: call it before the SDK loads. Whether it did (not when the SDK
 * is loaded already or cannot be found: the command then runs, or says what
 * is missing, as it would have).
 */
export function providerCodeAsPlaceholder(): boolean {
  let index: string;
  try {
    index = require.resolve("@pulumi/pulumi");
  } catch {
    return false;
  }
  const closure = path.join(path.dirname(index), "runtime", "closure");
  const serializer = path.join(closure, "serializeClosure.js");
  const codePaths = path.join(closure, "codePaths.js");
  if (require.cache[serializer] || require.cache[codePaths]) return false;
  standIn(serializer, delegating(serializer, { serializeFunction: placeholder }));
  standIn(codePaths, delegating(codePaths, {}));
  return true;
}

// What `plan` and `diff` print for a dynamic resource's provider code, and why
// the command line does not make that code.
//
// The SDK makes a dynamic resource's `__provider` input by serializing the
// provider's closure (@pulumi/pulumi dynamic/index.js, serializeProvider), and
// its serializer reads closures through an inspector session with V8's
// debugger on (runtime/closure/v8Hooks.js): every script loaded after that is
// reported to it. In a 200-cluster `plan` that was 0.7 s of the 1.1 s above
// its floor (issue 25's note). The plan prints the code as a placeholder,
// and the code is ours, the same for every stack: tests serialize providers
// and run their code in another process (test/providers/redis-update-guard,
// test/components/nextjs-web/aws-access), and the engine tests deploy them. So a `plan` or `diff` run from the command line,
// whose process ends with the command, puts the placeholder in its place.
// A program that runs the CLI in its own process (the tests do) keeps the
// SDK's serializer: the SDK keeps one serialization per provider object, and
// that program may go on to deploy.
/* eslint-disable @typescript-eslint/no-require-imports */

/** What a plan prints for a dynamic resource's provider code. */
export const PROVIDER_CODE_TEXT = "[dynamic provider code]";

interface Serializer {
  serializeFunction(func: () => unknown, args?: unknown): Promise<{ text: string; exportName: string; containsSecrets: boolean }>;
}

/** For the rest of this process, a dynamic resource's provider code is the placeholder. */
export function providerCodeAsPlaceholder(): void {
  const serializer = require("@pulumi/pulumi/runtime/closure/serializeClosure") as Serializer;
  serializer.serializeFunction = async () => ({ text: PROVIDER_CODE_TEXT, exportName: "handler", containsSecrets: false });
}

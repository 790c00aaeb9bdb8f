// What \`open-next build\` writes to .open-next/open-next.output.json, as far as
// nextjs-web reads it (a type only: index.ts, build-stamp.ts and sharp.ts share it).

export interface OpenNextOutput {
  origins: {
    s3: { type: "s3"; originPath: string; copy: { from: string; to: string; cached: boolean; versionedSubDir?: string }[] };
    default: { type: "function"; handler: string; bundle: string; streaming?: boolean; wrapper?: string; converter?: string };
    imageOptimizer?: { type: "function"; handler: string; bundle: string };
    [name: string]: unknown;
  };
  behaviors: { pattern: string; origin: string }[];
  additionalProps?: {
    warmer?: { handler: string; bundle: string };
    initializationFunction?: { handler: string; bundle: string };
    revalidationFunction?: { handler: string; bundle: string };
  };
}

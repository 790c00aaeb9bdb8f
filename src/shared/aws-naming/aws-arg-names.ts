// The argument names of a @pulumi/aws resource, read from the installed
// package's type declarations (`export interface <Class>Args { ... }`), so the
// names `overrides` may set are those of the version the stack deploys with.
// Reading text, not loading the module: `validate` stays fast and Pulumi-free.
import * as fs from "fs";
import * as path from "path";

const cache = new Map<string, string[] | undefined>();
let root: string | null | undefined;

/** The installed @pulumi/aws, or null when it cannot be found. */
function awsRoot(): string | null {
  if (root === undefined) {
    try {
      root = path.dirname(require.resolve("@pulumi/aws/package.json"));
    } catch {
      root = null;
    }
  }
  return root;
}

/** `aws:<module>/<file>:<Class>` -> its declaration file and args interface. */
function declarationOf(token: string): { file: string; iface: string } | undefined {
  const m = /^aws:([a-z0-9]+)\/([A-Za-z0-9]+):([A-Za-z0-9]+)$/.exec(token);
  const base = awsRoot();
  if (!m || !base) return undefined;
  return { file: path.join(base, m[1], `${m[2]}.d.ts`), iface: `${m[3]}Args` };
}

/**
 * The top-level argument names of the resource `token` names, or undefined
 * when it is not a @pulumi/aws resource or the package is not installed.
 */
export function awsArgNames(token: string): string[] | undefined {
  if (cache.has(token)) return cache.get(token);
  let names: string[] | undefined;
  const decl = declarationOf(token);
  if (decl) {
    try {
      const text = fs.readFileSync(decl.file, "utf8");
      const start = text.indexOf(`export interface ${decl.iface} {`);
      if (start >= 0) {
        const end = text.indexOf("\n}", start);
        // Members are at the interface's first indent: `    name?: pulumi.Input<...>;`
        names = [...text.slice(start, end).matchAll(/^ {4}(?:readonly )?([A-Za-z_$][A-Za-z0-9_$]*)\??:/gm)].map((x) => x[1]);
      }
    } catch {
      names = undefined;
    }
  }
  cache.set(token, names);
  return names;
}

/** `aws:elasticache/replicationGroup:ReplicationGroup` -> `aws.elasticache.ReplicationGroup`, as TypeScript names it. */
export function awsClassName(token: string): string {
  const m = /^aws:([a-z0-9]+)\/[A-Za-z0-9]+:([A-Za-z0-9]+)$/.exec(token);
  return m ? `aws.${m[1]}.${m[2]}` : token;
}

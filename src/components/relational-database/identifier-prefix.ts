// Names for an Aurora cluster and its instances. pulumi-aws auto-names
// neither (the cluster's auto-name was reverted, pulumi/pulumi-aws#1301; an
// instance of a cluster has none), so without a name the provider makes
// tf-<26 digits> (terraform-plugin-sdk helper/id PrefixedUniqueId). A prefix
// of the resource's name keeps the 26 unique digits (so a replacement, made
// before the old one is deleted, never collides) and says whose it is.
// terraform-provider-aws internal/service/rds/validate.go validIdentifierPrefix:
// lower-case letters, digits and hyphens, a letter first, no "--"; the whole
// identifier is 1 to 63 characters (CreateDBCluster, CreateDBInstance), so
// the prefix is at most 63 - 26 = 37.
const UNIQUE_DIGITS = 26;
const MAX_IDENTIFIER = 63;

/** `{ [input]: "<name>-" }` made valid for RDS, or nothing when no letter is left of the name (the provider's default then). */
export function identifierPrefix<K extends string>(input: K, name: string): Partial<Record<K, string>> {
  const cleaned = name.toLowerCase().replace(/[^a-z0-9-]+/g, "-").replace(/-{2,}/g, "-").replace(/^[^a-z]+/, "");
  const stem = cleaned.slice(0, MAX_IDENTIFIER - UNIQUE_DIGITS - 1).replace(/-+$/, "");
  return stem ? ({ [input]: `${stem}-` } as Partial<Record<K, string>>) : {};
}

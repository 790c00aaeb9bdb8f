// Secrets Manager secrets and their versions.
import { arn, ALNUM, fromAlphabet, uuid, type Answer } from "./model";

/**
 * A secret's ARN: its name, a hyphen and six random characters
 * (https://docs.aws.amazon.com/secretsmanager/latest/userguide/reference_iam-permissions.html#iam-resources:
 * "Secrets Manager constructs the last part of the ARN by appending a dash and six random alphanumeric characters").
 */
export const secretArn = (region: string, name: string, seed: string) => arn(region, "secretsmanager", `secret:${name}-${fromAlphabet(seed, 6, ALNUM)}`);

export const SECRETSMANAGER: Record<string, Answer> = {
  // The provider's id is the secret's ARN (terraform-provider-aws internal/service/secretsmanager/secret.go).
  "aws:secretsmanager/secret:Secret": (r) => {
    const id = secretArn(r.region, r.physical, `${r.type}/${r.name}`);
    return { id, state: { ...r.inputs, name: r.physical, arn: id } };
  },
  // `<secret ARN>|<version id>` (terraform-provider-aws internal/service/secretsmanager/secret_version.go,
  // secretVersionCreateResourceID); the version id is a UUID and the new version is AWSCURRENT
  // (https://docs.aws.amazon.com/secretsmanager/latest/apireference/API_PutSecretValue.html).
  "aws:secretsmanager/secretVersion:SecretVersion": (r) => {
    const versionId = r.inputs.versionId ?? uuid(`${r.type}/${r.name}`);
    const secret = String(r.inputs.secretId);
    return { id: `${secret}|${versionId}`, state: { ...r.inputs, arn: secret, secretArn: secret, versionId, versionStages: r.inputs.versionStages ?? ["AWSCURRENT"] } };
  },
};

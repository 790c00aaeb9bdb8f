import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { UserAuthPoolProperties, UserAuthPoolIdentityProvider, UserAuthPoolMfa, UserAuthPoolHooks } from "./properties";
import { hookFunctionProblems, hookPermissions, lambdaConfig, type HookFunction } from "./hooks";
import type { USER_AUTH_POOL_CHILDREN } from "./child-ids";
import { USER_AUTH_POOL_CONNECTION_VARIABLES, userAuthPoolDefinition } from "./definition";
import { userAuthPoolParams } from "./properties";
import { providerDetailsOf, providerNameOf } from "./rules";
import { APP_CLIENT_AUTH_FLOWS, DEFAULT_OAUTH_SCOPES, autoVerifiedAttributesOf, usernameAttributesOf } from "./pool-requests";
import { paramOutputs } from "../../shared/component/stack-component";
import { Component, literal } from "../../shared/component/component";
import type { ChildTransforms } from "../../shared/component/children";
import type { DeepInput } from "../../shared/component/inputs";
import { connectionVariablesOf, type Connectable, type Connection } from "../../shared/workloads/connect-to";

/** Each field may be a Pulumi Input (of a value, never of undefined). */
type Inputs<T> = { [K in keyof T]: pulumi.Input<Exclude<T[K], undefined>> };

/** An identity provider: its type and name decide the child made for it, so they are plain values. */
export type UserAuthPoolIdentityProviderArgs = DeepInput<Omit<UserAuthPoolIdentityProvider, "type" | "providerName">> & Pick<UserAuthPoolIdentityProvider, "type" | "providerName">;

/**
 * Arguments of {@link UserAuthPool}: the YAML properties, where any value may
 * be a Pulumi Input except the fields that decide which resources are made.
 */
export interface UserAuthPoolArgs
  extends Inputs<Omit<UserAuthPoolProperties, "enableHostedUi" | "requirePhoneNumberVerification" | "mfaConfiguration" | "identityProviders" | "passwordPolicy" | "allowedOAuthFlows" | "allowedOAuthScopes" | "callbackURLs" | "logoutURLs" | "hooks">> {
  /** Hooks, each naming a function of `hookFunctions`. */
  hooks?: UserAuthPoolHooks;
  /** The functions `hooks` name, by that name (YAML passes the stack's). */
  hookFunctions?: Record<string, HookFunction>;
  enableHostedUi?: boolean;
  requirePhoneNumberVerification?: boolean;
  mfaConfiguration?: UserAuthPoolMfa;
  passwordPolicy?: DeepInput<NonNullable<UserAuthPoolProperties["passwordPolicy"]>>;
  identityProviders?: UserAuthPoolIdentityProviderArgs[];
  allowedOAuthFlows?: pulumi.Input<pulumi.Input<"code" | "implicit">[]>;
  allowedOAuthScopes?: pulumi.Input<pulumi.Input<string>[]>;
  callbackURLs?: pulumi.Input<pulumi.Input<string>[]>;
  logoutURLs?: pulumi.Input<pulumi.Input<string>[]>;
  /** Adjusts a child's arguments before it is created, by child id (see the class docs). */
  transform?: ChildTransforms<typeof USER_AUTH_POOL_CHILDREN>;
}

/**
 * A Cognito user pool with its app client, an optional hosted UI domain and
 * identity providers. The pool holds the users: `protect` and
 * `retainOnDelete` apply to it, and a change that replaces it (sign-in
 * aliases) loses them.
 *
 * Children (ids for `transform` / YAML `overrides`, names `<name>-<child-id>`):
 * `userPool`, `smsRole` and `smsRolePolicy` (SMS MFA or phone verification),
 * `identityProvider` (`-<provider name>`), `client`, `domain` (hosted UI),
 * `hookPermission` (`-<function name>`, one per function the hooks name).
 *
 * @example
 * const users = new UserAuthPool("users", {
 *   allowEmailAsUserName: true,
 *   requireEmailVerification: true,
 *   mfaConfiguration: { status: "OPTIONAL", enabledTypes: ["SOFTWARE_TOKEN"] },
 * });
 * export const issuer = users.issuerUrl;
 */
export class UserAuthPool extends Component<typeof userAuthPoolDefinition, Omit<UserAuthPoolArgs, "transform" | "hookFunctions">> implements Connectable {
  /** The pool's id. */
  public readonly id: pulumi.Output<string>;
  /** The app client's id (the audience of its tokens). */
  public readonly clientId: pulumi.Output<string>;
  public readonly arn: pulumi.Output<string>;
  /** `https://cognito-idp.<region>.amazonaws.com/<id>`: the `iss` of the pool's tokens. */
  public readonly issuerUrl: pulumi.Output<string>;
  public readonly userPool: aws.cognito.UserPool;
  public readonly client: aws.cognito.UserPoolClient;

  constructor(name: string, args: UserAuthPoolArgs = {}, opts?: pulumi.ComponentResourceOptions) {
    const { transform, hookFunctions = {}, ...properties } = args;
    super(userAuthPoolDefinition, name, { properties, transform, problems: (view) => hookFunctionProblems(view.hooks, hookFunctions) }, opts);
    const smsRole = this.smsRole();
    const pool = this.userPool = this.pool(smsRole, hookFunctions);
    hookPermissions(this.children, pool, literal(this.properties.hooks), hookFunctions);
    const providers = this.identityProviders(pool);
    const client = this.client = this.appClient(pool, providers);
    this.domain(pool);

    this.id = pool.id;
    this.arn = pool.arn;
    this.clientId = client.id;
    // The pool's endpoint is cognito-idp.<region>.<dns suffix>/<id>; its tokens' issuer is that URL
    // (https://docs.aws.amazon.com/cognito/latest/developerguide/amazon-cognito-user-pools-using-tokens-verifying-a-jwt.html).
    this.issuerUrl = pulumi.interpolate`https://${pool.endpoint}`;
    this.registerOutputs({ id: this.id, clientId: this.clientId, arn: this.arn, issuerUrl: this.issuerUrl });
  }

  /** Whether Cognito sends SMS for this pool (SMS MFA, or phone number verification). */
  private sendsSms(): boolean {
    const p = this.properties;
    const mfa = literal(p.mfaConfiguration);
    const smsMfa = mfa?.status !== undefined && mfa.status !== "OFF" && (mfa.enabledTypes ?? []).includes("SMS");
    return smsMfa || literal(p.requirePhoneNumberVerification) === true;
  }

  /**
   * The role Cognito assumes to send SMS through SNS, with the external id the
   * pool names (https://docs.aws.amazon.com/cognito/latest/developerguide/user-pool-sms-settings.html):
   * sns:Publish to phone numbers, which have no ARN (so `*`).
   */
  private smsRole(): { role: aws.iam.Role; externalId: string } | undefined {
    if (!this.sendsSms()) return undefined;
    const { children } = this;
    const externalId = `${children.name}-sms`;
    const role = children.make("smsRole", aws.iam.Role, {
      assumeRolePolicy: JSON.stringify({
        Version: "2012-10-17",
        Statement: [{ Effect: "Allow", Principal: { Service: "cognito-idp.amazonaws.com" }, Action: "sts:AssumeRole", Condition: { StringEquals: { "sts:ExternalId": externalId } } }],
      }),
    });
    children.make("smsRolePolicy", aws.iam.RolePolicy, {
      role: role.id,
      policy: JSON.stringify({ Version: "2012-10-17", Statement: [{ Effect: "Allow", Action: ["sns:Publish"], Resource: "*" }] }),
    });
    return { role, externalId };
  }

  private pool(sms: { role: aws.iam.Role; externalId: string } | undefined, functions: Record<string, HookFunction>): aws.cognito.UserPool {
    const p = this.properties;
    const mfa = literal(p.mfaConfiguration);
    const status = mfa?.status ?? "OFF";
    const types = status === "OFF" ? [] : mfa?.enabledTypes ?? [];
    const phone = literal(p.requirePhoneNumberVerification) === true;
    const usernameAttributes = pulumi.all([p.allowEmailAsUserName, p.allowPhoneNumberAsUserName]).apply(([email, tel]) => usernameAttributesOf(email, tel));
    const policy = p.passwordPolicy;
    return this.children.make("userPool", aws.cognito.UserPool, {
      usernameAttributes,
      // Case-insensitive user names, as AWS recommends (can be set only at creation).
      usernameConfiguration: { caseSensitive: false },
      autoVerifiedAttributes: pulumi.output(p.requireEmailVerification).apply((email) => autoVerifiedAttributesOf(email, phone)),
      verificationMessageTemplate: {
        defaultEmailOption: pulumi.output(p.userVerificationType).apply((t) => (t === "email-link" ? "CONFIRM_WITH_LINK" : "CONFIRM_WITH_CODE")),
      },
      adminCreateUserConfig: { allowAdminCreateUserOnly: p.allowOnlyAdminsToCreateAccount },
      passwordPolicy: {
        minimumLength: policy.minimumLength,
        requireLowercase: policy.requireLowercase,
        requireUppercase: policy.requireUppercase,
        requireNumbers: policy.requireNumbers,
        requireSymbols: policy.requireSymbols,
        temporaryPasswordValidityDays: policy.temporaryPasswordValidityDays,
      },
      mfaConfiguration: status,
      softwareTokenMfaConfiguration: types.includes("SOFTWARE_TOKEN") ? { enabled: true } : undefined,
      smsConfiguration: sms ? { snsCallerArn: sms.role.arn, externalId: sms.externalId } : undefined,
      lambdaConfig: lambdaConfig(literal(p.hooks), functions),
      accountRecoverySetting: {
        recoveryMechanisms: [{ name: "verified_email", priority: 1 }, ...(phone ? [{ name: "verified_phone_number", priority: 2 }] : [])],
      },
    });
  }

  /** One identity provider each, named in the pool by its type (social) or its providerName. */
  private identityProviders(pool: aws.cognito.UserPool): { name: string; provider: aws.cognito.IdentityProvider }[] {
    const given = this.properties.identityProviders ?? [];
    return given.map((idp) => {
      const name = String(providerNameOf(idp as unknown as Record<string, unknown>));
      // Scopes: space-separated, Facebook's comma-separated (ProviderDetails in
      // https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_CreateIdentityProvider.html).
      const scopes = idp.authorizeScopes === undefined ? undefined : pulumi.output(idp.authorizeScopes).apply((s) => s.join(idp.type === "Facebook" ? "," : " "));
      const details = providerDetailsOf({ ...idp, clientSecret: idp.clientSecret === undefined ? undefined : pulumi.secret(idp.clientSecret), authorizeScopes: scopes });
      const provider = this.children.suffixed(`-${name}`).make("identityProvider", aws.cognito.IdentityProvider, {
        userPoolId: pool.id,
        providerName: name,
        providerType: idp.type,
        providerDetails: details as Record<string, pulumi.Input<string>>,
        attributeMapping: idp.attributeMapping,
      });
      return { name, provider };
    });
  }

  private appClient(pool: aws.cognito.UserPool, providers: { name: string; provider: aws.cognito.IdentityProvider }[]): aws.cognito.UserPoolClient {
    const p = this.properties;
    const flows = pulumi.output(p.allowedOAuthFlows ?? []);
    return this.children.make("client", aws.cognito.UserPoolClient, {
      userPoolId: pool.id,
      generateSecret: p.generateClientSecret,
      explicitAuthFlows: APP_CLIENT_AUTH_FLOWS,
      preventUserExistenceErrors: "ENABLED",
      enableTokenRevocation: true,
      accessTokenValidity: p.accessTokenValidityMinutes,
      idTokenValidity: p.idTokenValidityMinutes,
      refreshTokenValidity: p.refreshTokenValidityDays,
      tokenValidityUnits: { accessToken: "minutes", idToken: "minutes", refreshToken: "days" },
      allowedOauthFlows: flows,
      allowedOauthFlowsUserPoolClient: flows.apply((f) => f.length > 0),
      allowedOauthScopes: pulumi.all([flows, p.allowedOAuthScopes]).apply(([f, scopes]) => (scopes ?? (f.length ? DEFAULT_OAUTH_SCOPES : []))),
      callbackUrls: p.callbackURLs,
      logoutUrls: p.logoutURLs,
      supportedIdentityProviders: ["COGNITO", ...providers.map((x) => x.name)],
    }, { dependsOn: providers.map((x) => x.provider) });
  }

  /** The hosted UI's domain, `<prefix>.auth.<region>.amazoncognito.com` (with enableHostedUi). */
  private domain(pool: aws.cognito.UserPool): aws.cognito.UserPoolDomain | undefined {
    const p = this.properties;
    if (literal(p.enableHostedUi) !== true || p.hostedUiDomainPrefix === undefined) return undefined;
    return this.children.make("domain", aws.cognito.UserPoolDomain, { domain: p.hostedUiDomainPrefix, userPoolId: pool.id });
  }

  /**
   * connectTo: full control of the pool (cognito-idp:* on its ARN); ID,
   * CLIENT_ID, ARN. Cognito's API is reached over the internet: not from a
   * workload in the default VPC (no NAT).
   */
  public connection(): Connection {
    return {
      variables: connectionVariablesOf(USER_AUTH_POOL_CONNECTION_VARIABLES, paramOutputs(this, userAuthPoolParams)),
      statements: [{ Action: ["cognito-idp:*"], Resource: [this.arn] }],
      internetOnly: true,
    };
  }
}

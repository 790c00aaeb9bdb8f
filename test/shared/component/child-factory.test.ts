// children.make: the one way a component makes a child. It names the child
// `<name>-<child-id>` (then its suffix), parents it to the component, applies
// the child's transform, and refuses an id the child table does not list.
import * as assert from "assert";
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import { run } from "../../harness";
import { ChildFactory } from "../../../src/shared/component/child-factory";
import type { AnyTransforms } from "../../../src/shared/component/children";

const TABLE = { logGroup: "aws:cloudwatch/logGroup:LogGroup", serverRole: "aws:iam/role:Role" } as const;

class Owner extends pulumi.ComponentResource {
  public readonly children: ChildFactory<typeof TABLE>;
  constructor(name: string, transforms?: AnyTransforms) {
    super("test:index:Owner", name);
    this.children = new ChildFactory(this, name, transforms, TABLE);
  }
}

describe("child factory", () => {
  it("names a child <name>-<child-id> and parents it to the component", async () => {
    const r = await run(() => new Owner("web").children.make("serverRole", aws.iam.Role, { assumeRolePolicy: "{}" }));
    const role = r.one("aws:iam/role:Role");
    assert.strictEqual(role.name, "web-server-role");
    assert.strictEqual(role.parent, "web");
  });

  it("a suffixed factory appends the suffix (one of several children of one id)", async () => {
    const r = await run(() => new Owner("api").children.suffixed("-a").suffixed("-b").make("logGroup", aws.cloudwatch.LogGroup, {}));
    assert.strictEqual(r.one("aws:cloudwatch/logGroup:LogGroup").name, "api-log-group-a-b");
  });

  it("applies the child's transform: a map merged, a function of arguments, options and name", async () => {
    const seen: string[] = [];
    const r = await run(() => {
      const owner = new Owner("web", {
        logGroup: { retentionInDays: 7 },
        serverRole: (args: aws.iam.RoleArgs, opts: pulumi.CustomResourceOptions, name: string) => {
          seen.push(name);
          opts.protect = true;
          return { ...args, description: "changed" };
        },
      });
      owner.children.make("logGroup", aws.cloudwatch.LogGroup, { retentionInDays: 30 });
      owner.children.make("serverRole", aws.iam.Role, { assumeRolePolicy: "{}", description: "given" });
    });
    assert.strictEqual(r.one("aws:cloudwatch/logGroup:LogGroup").inputs.retentionInDays, 7);
    assert.strictEqual(r.one("aws:iam/role:Role").inputs.description, "changed");
    assert.deepStrictEqual(seen, ["web-server-role"]);
  });

  it("the options a transform receives already name the component as parent", async () => {
    // The options a transform receives already name the component as parent.
    let parentSeen: pulumi.Resource | undefined;
    let owner: Owner | undefined;
    await run(() => {
      owner = new Owner("web", { logGroup: (_a: unknown, opts: pulumi.CustomResourceOptions) => { parentSeen = opts.parent; } });
      owner.children.make("logGroup", aws.cloudwatch.LogGroup, {});
    });
    assert.strictEqual(parentSeen, owner);
  });

  it("refuses a child id that is not in the component's child table (no child is made)", async () => {
    const r = await run(() => {
      const owner = new Owner("web");
      assert.throws(
        () => owner.children.make("bucket" as "logGroup", aws.cloudwatch.LogGroup, {}),
        /web: child id 'bucket' is not in the component's child table/,
      );
    });
    assert.deepStrictEqual(r.all("aws:cloudwatch/logGroup:LogGroup"), []);
  });

  it("passes what a class takes after its options (a dynamic resource's AWS access)", async () => {
    class Extra extends pulumi.ComponentResource {
      constructor(name: string, args: { v: number }, opts?: pulumi.ComponentResourceOptions, public readonly extra?: string) {
        super("test:index:Extra", name, {}, opts);
        this.registerOutputs({ v: args.v });
      }
    }
    const table = { thing: "test:index:Extra" } as const;
    const r = await run(() => {
      const owner = new Owner("web");
      return new ChildFactory(owner, "web", undefined, table).make("thing", Extra, { v: 1 }, {}, "access");
    });
    assert.strictEqual(r.result.extra, "access");
    assert.strictEqual(r.one("test:index:Extra").parent, "web");
  });
});

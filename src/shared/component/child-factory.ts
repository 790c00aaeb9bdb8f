// The one way a component makes a child: `children.make(id, Type, args, opts?)`
// names it `<name>-<child-id>` (then a suffix, for several children of one
// id), parents it to the component, applies `transform.<id>` / YAML
// `overrides.<id>`, and refuses an id the component's child table does not
// list. The parent is not an option: no child is made unparented by accident.
import type * as pulumi from "@pulumi/pulumi";
import { childInputs, childName, type AnyTransforms, type ChildTable } from "./children";

/** A resource class as children are made of it: a name, its arguments, its options (and what else it takes after them). */
export type ChildClass<A, T, Extra extends unknown[]> =
  new (name: string, args: A, opts?: pulumi.CustomResourceOptions, ...extra: Extra) => T;

/** A child's resource options: anything but its parent, which is always the component. */
export type ChildOptions = Omit<pulumi.CustomResourceOptions, "parent">;

export class ChildFactory<Table extends ChildTable = ChildTable> {
  constructor(
    /** The component every child is parented to. */
    public readonly parent: pulumi.ComponentResource,
    /** The component's name: every child's name starts with it. */
    public readonly name: string,
    public readonly transforms: AnyTransforms | undefined,
    /** The component's child table (its definition's `children`): the ids a child may have. */
    public readonly table: Table,
    private readonly suffix = "",
  ) {}

  /** The same factory, with `suffix` after every child's name (`-<route>`, `-<domain>`, `-<split function>`). */
  suffixed(suffix: string): ChildFactory<Table> {
    return new ChildFactory(this.parent, this.name, this.transforms, this.table, `${this.suffix}${suffix}`);
  }

  /** The name a child of this id gets: `<name>-<child-id><suffix>`. */
  childName(id: keyof Table & string): string {
    this.known(id);
    return `${childName(this.name, id)}${this.suffix}`;
  }

  /** Makes the child `id` of class `Type`, after its transform. */
  make<A, T, Extra extends unknown[]>(
    id: keyof Table & string, Type: ChildClass<A, T, Extra>, args: NoInfer<NonNullable<A>>, opts: ChildOptions = {}, ...extra: Extra
  ): T {
    const [name, finalArgs, finalOpts] = childInputs(this.transforms, id, this.childName(id), args as NonNullable<A> & object, { ...opts, parent: this.parent });
    return new Type(name, finalArgs, finalOpts, ...extra);
  }

  private known(id: string): void {
    if (!Object.prototype.hasOwnProperty.call(this.table, id)) {
      // A defect of stackfile, not of the user's input: every child id is in the table that `overrides` is checked against.
      throw new Error(`${this.name}: child id '${id}' is not in the component's child table (child-ids.ts)`);
    }
  }
}

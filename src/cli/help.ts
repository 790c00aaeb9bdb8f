// `stackfile --help` and `stackfile COMMAND --help`: each command's options
// and an example. The first line of each is the usage line.

export const COMMAND_HELP: Record<string, string> = {
  validate: `usage: stackfile validate [FILE]
Checks a stack file without running anything: structure, types, rules,
references. FILE defaults to ./stack.yaml. Never runs code; safe on untrusted changes.
Exit: 0 ok, 1 problems (one FILE:LINE:COL line each), 2 usage or unreadable file.
example:
  stackfile validate stack.yaml`,
  plan: `usage: stackfile plan [FILE] [--json] [--secret NAME=VALUE]... [--region REGION] [--stack NAME] [--quota RULE=N]...
Runs the program \`pulumi up\` runs, under Pulumi's mock engine (offline), checks
what AWS would refuse, and prints every resource it would make. FILE defaults
to ./stack.yaml. It builds Next.js apps (runs their build): see docs/security.md.
  --json             one JSON object: resources (type, name, parent, dependsOn, inputs) and outputs
  --secret NAME=V    a value for $Secret(NAME); missing ones get placeholders
  --region REGION    the region to plan for; else aws:region of the Pulumi stack beside FILE
  --stack NAME       which Pulumi.<NAME>.yaml to read the region from (when there are several)
  --quota RULE=N     a raised account quota, like cloudfront/cache-behaviors=150
Exit: 0 ok, 1 problems, 2 usage or unreadable file.
example:
  stackfile plan stack.yaml --secret cachePassword=Correct-Horse-Battery-1 --region eu-west-1`,
  diff: `usage: stackfile diff OLD_FILE NEW_FILE [--format text|markdown|json] [--allow-replace RESOURCE]... [--new-stack] [--region REGION] [--stack NAME]
Compares two versions of a stack file offline, with no cloud access: the stack
file's changes, then what \`pulumi up\` would do to each AWS resource (create,
update with the inputs that change, replace with the input that forces it,
delete). Both files run under the mock engine as \`plan\` runs them, each from
its own folder (so it builds their Next.js apps and bundles their functions:
run it where running the change's code is safe). Refuses updates the service
does not allow, and any change that deletes or replaces a resource holding
data (a replication group, a table, a bucket, a log group) unless allowed.
  OLD_FILE, NEW_FILE          - reads one of them from standard input
  --format FORMAT             text (default), markdown (a pull request comment), json
  --allow-replace RESOURCE    accept that RESOURCE (a name in the file) loses its data; repeatable
  --new-stack                 the base has no stack yet: give only NEW_FILE (everything is created)
  --region REGION, --stack NAME   as for plan
Exit: 0 every change allowed, 1 a refused change or a file with problems, 2 usage.
example:
  git show origin/main:stack.yaml | stackfile diff - stack.yaml
  stackfile diff ../base/stack.yaml stack.yaml --format markdown --allow-replace cache`,
  schema: `usage: stackfile schema
Prints the JSON Schema of stack files (for editors; the package ships it as
schema/stackfile.schema.json).
example:
  stackfile schema > stackfile.schema.json`,
  init: `usage: stackfile init [DIR]
Writes a new project into DIR (default: the current folder): package.json with
stackfile and its Pulumi peers, Pulumi.yaml running stackfile's program, a
stack.yaml with the schema line for editors (a gateway routing to a function
connected to a cache), functions/hello.ts, and .gitignore. Never overwrites a
file; an existing .gitignore gets the lines it lacks.
example:
  stackfile init my-app && cd my-app && npm install && npx stackfile plan`,
};

export const USAGE = `usage: stackfile COMMAND [ARGS]   (stackfile COMMAND --help for its options)
  validate [FILE]                       check a stack file (structure, types, rules, references)
  plan [FILE] [--json] [--secret NAME=VALUE]... [--region REGION] [--stack NAME] [--quota RULE=N]...
                                        show every resource \`pulumi up\` would create, offline
  diff OLD_FILE NEW_FILE [--format F] [--allow-replace RESOURCE]... [--new-stack]
                                        preview a change offline: what each AWS resource would do,
                                        refusing disallowed updates and unacknowledged data loss
  schema                                print the JSON Schema of stack files
  init [DIR]                            write a new project
  --version                             print stackfile's version
FILE defaults to ./stack.yaml.`;

// `stackfile --help` and `stackfile COMMAND --help`: each command's options
// and an example. The first line of each is the usage line.

export const COMMAND_HELP: Record<string, string> = {
  validate: `usage: stackfile validate [FILE] [--follow-links]
Checks a stack file without running anything: structure, types, rules,
references. FILE defaults to ./stack.yaml. Never runs code; safe on untrusted changes.
A FILE that is a link to a file outside its folder is refused unread (a pull
request can add such a link to any file of the machine).
  --follow-links     read FILE even when it is a link out of its folder
Exit: 0 ok, 1 problems (one FILE:LINE:COL line each), 2 usage or unreadable file.
example:
  stackfile validate stack.yaml`,
  plan: `usage: stackfile plan [FILE] [--json] [--usage FILE] [--secrets-file FILE] [--secret NAME=VALUE]... [--region REGION] [--stack NAME] [--quota RULE=N]... [--follow-links]
Runs the program \`pulumi up\` runs, under Pulumi's mock engine (offline), checks
what AWS would refuse, and prints every resource it would make, and the
monthly cost: the fixed part, and the unit prices of what is billed by use
(docs/cost.md). FILE defaults to ./stack.yaml. It builds Next.js apps (runs
their build): see docs/security.md.
  --json             one JSON object: resources (type, name, parent, dependsOn, inputs), outputs and cost
  --usage FILE       a month's use by resource, like api: {requests: 5000000}: figures for what is
                     billed by use (docs/cost.md)
  --secrets-file FILE  values for $Secret(NAME) from a YAML or JSON file {NAME: value} (recommended)
                     (or the environment: STACKFILE_SECRET_<NAME>, NAME in upper snake case)
  --secret NAME=V    a value for $Secret(NAME), for quick use: every user of the machine can read
                     the command line; it wins over the file, the file over the environment,
                     the environment over the Pulumi stack's own secrets (pulumi config set --secret).
                     Missing secrets get placeholders. See docs/secrets.md.
  --region REGION    the region to plan for; else aws:region of the Pulumi stack
  --stack NAME       the Pulumi stack (of the nearest Pulumi.yaml above FILE) whose aws:region and
                     secrets are read, through \`pulumi config\`; default: the selected stack; also the
                     stage $Stage(), $Region(), $Config and $Select read
  --quota RULE=N     a raised account quota, like cloudfront/cache-behaviors=150
  --follow-links     read FILE and the secrets file even when they are links out of their folders
Exit: 0 ok, 1 problems, 2 usage or unreadable file.
example:
  STACKFILE_SECRET_CACHE_PASSWORD=... stackfile plan stack.yaml --region eu-west-1
  stackfile plan stack.yaml --secrets-file ~/.config/stackfile/dev-secrets.yaml`,
  diff: `usage: stackfile diff OLD_FILE NEW_FILE [--format text|markdown|json] [--allow-replace RESOURCE]... [--allow-open FUNCTION]... [--new-stack] [--max-monthly-increase AMOUNT] [--region REGION] [--stack NAME] [--against-stack NAME] [--secrets-file FILE] [--follow-links]
Compares two versions of a stack file offline, with no cloud access: the stack
file's changes, then what \`pulumi up\` would do to each AWS resource (create,
update with the inputs that change, replace with the input that forces it,
delete). Both files run under the mock engine as \`plan\` runs them, each from
its own folder (so it builds their Next.js apps and bundles their functions:
run it where running the change's code is safe). Refuses updates the service
does not allow, and any change that deletes or replaces a resource holding
data (a replication group, a table, a bucket, a log group) unless allowed,
and any change that leaves a route an authorizer guarded public (unless
--allow-open names its function). Shows what the change does to the fixed
monthly cost (docs/cost.md).
  OLD_FILE, NEW_FILE          - reads one of them from standard input
  --format FORMAT             text (default), markdown (a pull request comment), json
  --allow-replace RESOURCE    accept that RESOURCE (a name in the file) loses its data; repeatable
  --allow-open FUNCTION       accept that routes of FUNCTION lose their authorizer (become public); repeatable
  --new-stack                 the base has no stack yet: give only NEW_FILE (everything is created)
  --max-monthly-increase AMOUNT   fail (exit 1) when the fixed monthly cost rises by more than AMOUNT USD
  --region REGION, --stack NAME   as for plan (both files planned as --stack's stage)
  --against-stack NAME        one FILE planned as this stage (the base) and as --stack's (the new)
  --secrets-file FILE, --secret NAME=VALUE   secrets, as for plan (also STACKFILE_SECRET_<NAME>
                              in the environment; the file or the environment is recommended)
  --follow-links              read the files even when they are links out of their folders
Exit: 0 every change allowed, 1 a refused change, a cost rise over the limit or a file with problems, 2 usage.
example:
  git show origin/main:stack.yaml | stackfile diff - stack.yaml
  stackfile diff ../base/stack.yaml stack.yaml --format markdown --allow-replace cache`,
  dev: `usage: stackfile dev [FILE] [--secret NAME=VALUE]... [--secrets-file FILE] [--stack NAME] [--port BASE] [--prod] [--follow-links]
Runs the whole stack on this machine, offline, until Ctrl-C, wired as it is in
AWS: each http-api-gateway is a local HTTP server that routes, builds events,
maps responses, answers CORS and logs as API Gateway HTTP APIs do; each
function runs its plan bundle in a worker process with its deployed
environment and timeout, reloaded when a file it was bundled from changes;
each redis-cluster is a local redis-server (TLS, its password; cluster mode
when sharded); each nextjs-web runs \`next dev\` with its environment.
$ResourceParam and STP_* variables point at the local resources. Prints one
line per resource with its local address; log lines start with [<resource>].
A change of FILE restarts what it changed. Writes only under
.stackfile-cache/ beside FILE. Needs redis-server for caches
(apt-get install redis-server). See docs/dev.md.
  --secret NAME=V       a value for $Secret(NAME) (visible to other users in ps: prefer the next two)
  --secrets-file FILE   secrets from a YAML or JSON file, name: value
  STACKFILE_SECRET_<NAME>=V in the environment also gives a secret
  --stack NAME          the stage to run (default dev) and the Pulumi stack whose own secrets come
                        last (default: the selected one; read with pulumi config when pulumi is on PATH)
  --port BASE           first port for gateways and sites (default 3000; a port in use -> the next free one)
  --prod                sites as deployed: the OpenNext build, routed as CloudFront routes it
  --follow-links        read FILE and the secrets file even when they are links out of their folders
Exit: 0 after Ctrl-C, 1 problems in FILE (as validate) or a resource that cannot start, 2 usage.
example:
  STACKFILE_SECRET_cachePassword=Correct-Horse-Battery-1 stackfile dev stack.yaml`,
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
  validate [FILE] [--follow-links]      check a stack file (structure, types, rules, references)
  plan [FILE] [--json] [--usage FILE] [--secrets-file FILE] [--secret NAME=VALUE]... [--region REGION] [--stack NAME] [--quota RULE=N]...
                                        show every resource \`pulumi up\` would create, and its monthly cost, offline
  diff OLD_FILE NEW_FILE [--format F] [--allow-replace RESOURCE]... [--allow-open FUNCTION]... [--new-stack] [--max-monthly-increase AMOUNT]
                                        preview a change offline: what each AWS resource would do and the
                                        monthly cost, refusing disallowed updates and unacknowledged data loss
  dev [FILE] [--secret NAME=VALUE]... [--secrets-file FILE] [--stack NAME] [--port BASE]
                                        run the stack locally, offline, until Ctrl-C
  schema                                print the JSON Schema of stack files
  init [DIR]                            write a new project
  --version                             print stackfile's version
FILE defaults to ./stack.yaml. A file that is a link out of its folder is read only with --follow-links.`;

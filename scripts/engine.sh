#!/usr/bin/env bash
# Runs the real Pulumi CLI on DIR/stack.yaml with the stand-in AWS provider:
#
#   scripts/engine.sh DIR PULUMI_ARGS...
#   scripts/engine.sh /tmp/s stack init dev
#   scripts/engine.sh /tmp/s config set --secret cachePassword 'Correct-Horse-Battery-1'
#   scripts/engine.sh /tmp/s up --yes
#   STACKFILE_FAIL=cache-replication-group:update scripts/engine.sh /tmp/s up --yes
#
# A DIR with a Pulumi.yaml of its own (a project `stackfile init` wrote, an
# example copied out) is run as it is: nothing in it is written but DIR/.engine/.
# A Pulumi YAML program (`runtime: yaml`) runs with Pulumi YAML's own language
# host, pulumi-language-yaml, which scripts/build-pulumi.sh builds beside the CLI.
# Otherwise, the first time, it makes DIR a Pulumi project that runs
# stackfile's YAML program (dist/program-entry.js) on DIR/stack.yaml (or, when
# DIR has an index.ts and no stack.yaml, that TypeScript program).
# Either way: a local file backend and a passphrase kept in DIR/.engine/ (a
# PULUMI_CONFIG_PASSPHRASE already set is used instead), the stand-in AWS
# provider found on PATH as pulumi-resource-aws (DIR/.engine/bin), and
# confirmations answered yes (PULUMI_SKIP_CONFIRMATIONS), as a user at a
# terminal would. Each run starts the local AWS endpoints (an S3-compatible
# server and CloudFront invalidations, on a port kept in DIR/.engine/port,
# also given as AWS_ENDPOINT_URL_S3 and AWS_ENDPOINT_URL_CLOUDFRONT) and stops
# them when pulumi ends.
#   STACKFILE_FAIL=<resource name>:<create|update|delete>[,...]  fail that step of an AWS resource
#   STACKFILE_S3_FAULTS='[{"method":"DELETE","url":"_stackfile"}]' fail S3 requests (test/engine/stand-in/local-aws.ts)
# The stand-in's account is DIR/.engine/world.json.
# Needs: npm ci, then scripts/build-pulumi.sh (Go) for .tools/pulumi/.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -lt 2 ]; then
  echo "usage: scripts/engine.sh DIR PULUMI_ARGS...   (DIR holds a stack.yaml, or a TypeScript program index.ts)" >&2
  exit 2
fi
dir=$(cd "$1" 2>/dev/null && pwd) || { echo "engine.sh: no folder $1" >&2; exit 2; }
shift
# The project's own Pulumi.yaml (not one this script wrote): run as it is.
own_project=false
if [ -f "$dir/Pulumi.yaml" ] && ! grep -q "^# Written by stackfile's scripts/engine.sh" "$dir/Pulumi.yaml"; then own_project=true; fi
$own_project || [ -f "$dir/stack.yaml" ] || [ -f "$dir/index.ts" ] || { echo "engine.sh: $dir has no stack.yaml (nor index.ts, nor a Pulumi.yaml of its own)" >&2; exit 2; }
# A TypeScript program (index.ts) where there is no stack file.
typescript=false main=index.js
if [ ! -f "$dir/stack.yaml" ]; then typescript=true main=index.ts; fi
# The language host the project's runtime needs (Pulumi.yaml `runtime: yaml` or `runtime: {name: yaml}`).
runtime=nodejs
if [ -f "$dir/Pulumi.yaml" ]; then
  runtime=$(node -e 'const p = require(process.argv[1]).parse(require("fs").readFileSync(process.argv[2], "utf8")) ?? {};
    const r = p.runtime; process.stdout.write(String((r && typeof r === "object" ? r.name : r) ?? "nodejs"))' "$repo/node_modules/yaml" "$dir/Pulumi.yaml" 2>/dev/null) || runtime=nodejs
fi
hosts=pulumi-language-nodejs
[ "$runtime" = yaml ] && hosts="pulumi-language-nodejs pulumi-language-yaml"
for bin in pulumi $hosts; do
  if [ ! -x "$repo/.tools/pulumi/$bin" ]; then
    echo "engine.sh: .tools/pulumi/$bin is missing: run scripts/build-pulumi.sh (needs Go)" >&2
    exit 2
  fi
done
[ -f "$repo/dist/program-entry.js" ] || { echo "engine.sh: dist/ is missing: run npm run build" >&2; exit 2; }

state="$dir/.engine"
mkdir -p "$state/home" "$state/backend" "$state/bin"
# Plugins found on PATH (ambient plugins, pulumi's sdk/go/common/workspace/plugins.go): the stand-in AWS
# provider, and the host of dynamic providers (what the real CLI's own folder holds beside pulumi).
for plugin in "test/engine/stand-in/pulumi-resource-aws" "node_modules/@pulumi/pulumi/pulumi-resource-pulumi-nodejs"; do
  # Written beside, then moved over: never through a link that may be there.
  printf '#!/bin/sh\nexec %q "$@"\n' "$repo/$plugin" > "$state/bin/.new.$$"
  chmod +x "$state/bin/.new.$$"
  mv -f "$state/bin/.new.$$" "$state/bin/$(basename "$plugin")"
done
[ -f "$state/passphrase" ] || node -e 'process.stdout.write(require("crypto").randomBytes(18).toString("base64url"))' > "$state/passphrase"
if [ ! -f "$state/port" ]; then
  node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{process.stdout.write(String(s.address().port));s.close()})' > "$state/port"
fi
port=$(cat "$state/port")
endpoint="http://127.0.0.1:$port"
$own_project || [ -e "$dir/node_modules" ] || ln -s "$repo/node_modules" "$dir/node_modules"

json() { node -e 'process.stdout.write(JSON.stringify(process.argv[1]))' "$1"; }
if [ ! -f "$dir/Pulumi.yaml" ]; then
  cat > "$dir/Pulumi.yaml" <<YAML
# Written by stackfile's scripts/engine.sh: runs $main (stackfile's YAML
# program on stack.yaml, or a TypeScript program) with the stand-in AWS
# provider of the tests.
name: stackfile-engine
runtime:
  name: nodejs
  options:
    typescript: $typescript
main: $main
plugins:
  providers:
    - name: aws
      path: $(json "$repo/test/engine/stand-in")
    - name: pulumi-nodejs
      path: $(json "$repo/node_modules/@pulumi/pulumi")
config:
  aws:region: us-east-1
  aws:s3UsePathStyle: true
  aws:endpoints:
    value:
      - s3: $endpoint
        cloudfront: $endpoint
YAML
  [ -f "$dir/package.json" ] || echo "{ \"name\": \"stackfile-engine\", \"private\": true, \"main\": \"$main\" }" > "$dir/package.json"
  if [ "$typescript" = false ]; then
    cat > "$dir/index.js" <<JS
// Written by stackfile's scripts/engine.sh: stackfile's YAML program (stack.yaml beside this file).
module.exports = require($(json "$repo/dist/program-entry.js"));
JS
  fi
fi

export PULUMI_HOME="$state/home"
export PULUMI_BACKEND_URL="file://$state/backend"
export PULUMI_CONFIG_PASSPHRASE
[ -n "${PULUMI_CONFIG_PASSPHRASE:-}" ] || PULUMI_CONFIG_PASSPHRASE=$(cat "$state/passphrase")
export PULUMI_SKIP_UPDATE_CHECK=true PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true
export PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK=true PULUMI_SKIP_CHECKPOINTS=false
export PULUMI_SKIP_CONFIRMATIONS=true
unset PULUMI_IGNORE_AMBIENT_PLUGINS
export PATH="$repo/.tools/pulumi:$state/bin:$PATH"
export AWS_ACCESS_KEY_ID=S3RVER AWS_SECRET_ACCESS_KEY=S3RVER AWS_REGION=us-east-1
export AWS_EC2_METADATA_DISABLED=true
export STACKFILE_ENGINE_DIR="$state" STACKFILE_S3_ENDPOINT="$endpoint"
# For a project's own Pulumi.yaml, which sets no aws:endpoints: the AWS SDK's service endpoints from the environment.
export AWS_ENDPOINT_URL_S3="$endpoint" AWS_ENDPOINT_URL_CLOUDFRONT="$endpoint"
export NEXT_TELEMETRY_DISABLED=1

# The local AWS endpoints, for this command only, when it runs the program or providers.
runs_providers=false
for a in "$@"; do
  case "$a" in
    -*) ;;
    preview|up|update|destroy|refresh|import|watch) runs_providers=true; break ;;
    *) break ;;
  esac
done
if ! $runs_providers; then
  exec "$repo/.tools/pulumi/pulumi" --non-interactive --cwd "$dir" "$@"
fi
# Several commands may run in one folder at once (two stacks of the project
# deployed side by side): they share one server on the folder's port (deployed
# inputs name it), counted under a lock; the last to end stops it.
log="$state/local-aws.log"
users="$state/local-aws.users"
mkdir -p "$users"
lock() {
  local i=0
  until mkdir "$state/local-aws.lock" 2>/dev/null; do
    # The folder is gone (removed under a run): nothing to count.
    [ -d "$state" ] || return 1
    i=$((i + 1))
    # Hang guard: a lock left by a killed run (every holder keeps it for milliseconds).
    if [ "$i" -ge 600 ]; then rmdir "$state/local-aws.lock" 2>/dev/null || true; fi
    sleep 0.05
  done
}
unlock() { rmdir "$state/local-aws.lock" 2>/dev/null || true; }
alive() { [ -n "$1" ] && kill -0 "$1" 2>/dev/null; }
lock || { echo "engine.sh: $state is gone" >&2; exit 2; }
aws_pid=$(cat "$state/local-aws.pid" 2>/dev/null || true)
# (A pid file left by a killed run may name another process by now.)
if ! alive "$aws_pid" || ! grep -q "local-aws" "/proc/$aws_pid/cmdline" 2>/dev/null; then
  node --openssl-legacy-provider --import "file://$repo/node_modules/tsx/dist/loader.mjs" "$repo/test/engine/stand-in/local-aws.ts" "$state" "$port" > "$log" 2>&1 &
  aws_pid=$!
  echo "$aws_pid" > "$state/local-aws.pid"
fi
touch "$users/$$"
unlock
stop_aws() {
  lock || { kill "$aws_pid" 2>/dev/null; return 0; }
  rm -f "$users/$$"
  local other left=false
  for other in "$users"/*; do
    [ -e "$other" ] || continue
    if alive "$(basename "$other")"; then left=true; else rm -f "$other"; fi
  done
  if ! $left; then
    kill "$aws_pid" 2>/dev/null || true
    # Ours: reaped here; started by a run that has ended: gone when kill -0 fails.
    wait "$aws_pid" 2>/dev/null || true
    local n=0
    # Hang guard: a stopped server ends within a second.
    while alive "$aws_pid" && [ "$n" -lt 200 ]; do n=$((n + 1)); sleep 0.05; done
    rm -f "$state/local-aws.pid"
  fi
  unlock
}
trap stop_aws EXIT
# Wall-clock bound: on a busy machine (parallel installs, builds) node's start
# can take far longer than the usual second.
start_wait=${STACKFILE_ENGINE_START_SECONDS:-180}
SECONDS=0
until grep -q '^ready' "$log" 2>/dev/null; do
  if ! alive "$aws_pid"; then
    echo "engine.sh: the local AWS endpoints did not start:" >&2
    cat "$log" >&2
    exit 2
  fi
  if [ "$SECONDS" -ge "$start_wait" ]; then
    echo "engine.sh: the local AWS endpoints did not start within $start_wait s (STACKFILE_ENGINE_START_SECONDS); their log:" >&2
    cat "$log" >&2
    exit 2
  fi
  sleep 0.1
done

set +e
"$repo/.tools/pulumi/pulumi" --non-interactive --cwd "$dir" "$@"
code=$?
exit $code

#!/usr/bin/env bash
# node_modules size of a project that wants only a redis cluster: stackfile
# (the package.json of REF, HEAD's working tree by default) with its Pulumi peers.
#   bash scripts/footprint.sh [REF]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
ref=${1:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/pkg" "$work/app"
if [ -n "$ref" ]; then git -C "$root" show "$ref:package.json" > "$work/pkg/package.json"; else cp "$root/package.json" "$work/pkg/"; fi
cp -r "$root/README.md" "$root/bin" "$work/pkg/"
node -e 'const p=require(process.argv[1]);delete p.scripts;delete p.workspaces;require("fs").writeFileSync(process.argv[1],JSON.stringify(p))' "$work/pkg/package.json"
(cd "$work/pkg" && npm pack --ignore-scripts --silent >/dev/null)
tgz=$(ls "$work/pkg"/*.tgz)
cat > "$work/app/package.json" <<JSON
{ "name": "redis-only", "private": true,
  "dependencies": { "stackfile": "file:$tgz", "@pulumi/pulumi": "~3.248.0", "@pulumi/aws": "~7.48.0" } }
JSON
(cd "$work/app" && npm install --prefer-offline --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null)
size=$(du -sm "$work/app/node_modules" | cut -f1)
next=$([ -d "$work/app/node_modules/next" ] && echo yes || echo no)
opennext=$([ -d "$work/app/node_modules/@opennextjs/aws" ] && echo yes || echo no)
echo "redis-only project (${ref:-working tree}): node_modules ${size} MB; next installed: ${next}; @opennextjs/aws installed: ${opennext}"

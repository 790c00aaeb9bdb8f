#!/usr/bin/env bash
# Builds the real Pulumi CLI and a Node.js language host from Go modules into
# .tools/pulumi/ (git-ignored), at the version of the @pulumi/pulumi
# devDependency; skips the build when the binaries there are current.
# The first build downloads about 1 GB of Go modules (the Go module proxy) and
# compiles for several minutes on two cores; the Go caches make later builds fast.
#
# --optional (what `npm test` passes): without Go, or when the build fails,
# say so in one line and exit 0, so the other tests run and the engine tests
# skip themselves; under CI=true it fails instead (CI must run them).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
out="$repo/.tools/pulumi"
mod="$repo/tools/pulumi"
optional=false
[ "${1:-}" = "--optional" ] && optional=true
[ "${CI:-}" = "true" ] && optional=false
skip() {
  if $optional; then
    echo "build-pulumi: $1; the engine tests (test/engine/) will be skipped: run scripts/build-pulumi.sh to build the CLI" >&2
    exit 0
  fi
  echo "build-pulumi: $1" >&2
  exit 1
}

command -v go >/dev/null 2>&1 || skip "Go is not installed (the Pulumi CLI is built from Go modules)"
sdk=$(node -p "require('$repo/node_modules/@pulumi/pulumi/package.json').version" 2>/dev/null) || {
  echo "build-pulumi: @pulumi/pulumi is not installed: run npm ci first" >&2
  exit 1
}
pinned=$(sed -n 's#^[[:space:]]*github.com/pulumi/pulumi/pkg/v3 v\([0-9.]*\).*#\1#p' "$mod/go.mod" | head -n 1)
if [ "$sdk" != "$pinned" ]; then
  echo "build-pulumi: tools/pulumi/go.mod builds Pulumi $pinned but the @pulumi/pulumi devDependency is $sdk;" >&2
  echo "  run: cd tools/pulumi && go get github.com/pulumi/pulumi/pkg/v3@v$sdk github.com/pulumi/pulumi/sdk/v3@v$sdk && go mod tidy" >&2
  exit 1
fi

stamp="$out/.stamp"
want="$sdk $(cat "$mod/go.mod" "$mod/go.sum" "$mod"/language-nodejs/*.go "$0" | sha256sum | cut -c1-16)"
if [ -x "$out/pulumi" ] && [ -x "$out/pulumi-language-nodejs" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then
  exit 0
fi

mkdir -p "$out"
export CGO_ENABLED=0 GOFLAGS=-mod=mod
flags=(-trimpath -tags osusergo,grpcnotrace -ldflags "-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v$sdk")
start=$(date +%s)
echo "build-pulumi: building the Pulumi CLI v$sdk from Go modules into .tools/pulumi/ (the first build takes minutes)" >&2
(cd "$mod" && go build "${flags[@]}" -o "$out/pulumi" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi) || skip "the build of the Pulumi CLI failed (see above)"
(cd "$mod" && go build "${flags[@]}" -o "$out/pulumi-language-nodejs" ./language-nodejs) || skip "the build of the language host failed (see above)"
echo "$want" > "$stamp"
echo "build-pulumi: built in $(( $(date +%s) - start )) s: $("$out/pulumi" version)" >&2

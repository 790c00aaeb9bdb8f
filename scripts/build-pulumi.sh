#!/usr/bin/env bash
# Builds the real Pulumi CLI and a Node.js language host from Go modules into
# .tools/pulumi/ (git-ignored), at the version of the @pulumi/pulumi
# devDependency, the SDK generators that stand in for the Python and Go
# language hosts in `pulumi package gen-sdk` (tools/pulumi/language-sdkgen/),
# and Pulumi YAML's language host (pulumi-language-yaml, from its own module
# tools/pulumi-yaml/); skips each build when its binaries there are current.
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

export CGO_ENABLED=0 GOFLAGS=-mod=mod
mkdir -p "$out"

# The CLI, our Node.js language host and the SDK generators (tools/pulumi/).
flags=(-trimpath -tags osusergo,grpcnotrace -ldflags "-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v$sdk")
stamp="$out/.stamp"
want="$sdk $( (cat "$mod/go.mod" "$mod/go.sum" "$mod"/language-nodejs/*.go "$mod"/language-sdkgen/*.go; echo "${flags[*]}") | sha256sum | cut -c1-16)"
current=true
for bin in pulumi pulumi-language-nodejs pulumi-language-python pulumi-language-go; do [ -x "$out/$bin" ] || current=false; done
if ! { $current && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; }; then
  start=$(date +%s)
  echo "build-pulumi: building the Pulumi CLI v$sdk from Go modules into .tools/pulumi/ (the first build takes minutes)" >&2
  (cd "$mod" && go build "${flags[@]}" -o "$out/pulumi" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi) || skip "the build of the Pulumi CLI failed (see above)"
  (cd "$mod" && go build "${flags[@]}" -o "$out/pulumi-language-nodejs" ./language-nodejs) || skip "the build of the language host failed (see above)"
  for lang in python go; do
    (cd "$mod" && go build -trimpath -ldflags "-X main.language=$lang -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v$sdk" \
      -o "$out/pulumi-language-$lang" ./language-sdkgen) || skip "the build of the $lang SDK generator failed (see above)"
  done
  echo "$want" > "$stamp"
  echo "build-pulumi: built in $(( $(date +%s) - start )) s: $("$out/pulumi" version)" >&2
fi

# Pulumi YAML's language host, in a module of its own (tools/pulumi-yaml/tools.go says why).
yaml_mod="$repo/tools/pulumi-yaml"
yaml_version=$(sed -n 's#^[[:space:]]*require github.com/pulumi/pulumi-yaml v\([0-9.]*\).*#\1#p' "$yaml_mod/go.mod" | head -n 1)
yaml_flags=(-trimpath -ldflags "-X github.com/pulumi/pulumi-yaml/pkg/version.Version=v$yaml_version")
stamp="$out/.stamp-yaml"
want="$yaml_version $( (cat "$yaml_mod/go.mod" "$yaml_mod/go.sum"; echo "${yaml_flags[*]}") | sha256sum | cut -c1-16)"
if ! { [ -x "$out/pulumi-language-yaml" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; }; then
  start=$(date +%s)
  echo "build-pulumi: building pulumi-language-yaml v$yaml_version from Go modules into .tools/pulumi/ (the first build takes minutes)" >&2
  (cd "$yaml_mod" && go build "${yaml_flags[@]}" -o "$out/pulumi-language-yaml" github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml) ||
    skip "the build of pulumi-language-yaml failed (see above)"
  echo "$want" > "$stamp"
  echo "build-pulumi: pulumi-language-yaml built in $(( $(date +%s) - start )) s" >&2
fi

//go:build tools

// Package tools pins Pulumi YAML's language host, pulumi-language-yaml, so
// scripts/build-pulumi.sh builds it from Go modules for the tests that run
// `runtime: yaml` programs (test/engine/yaml-package.test.ts). A module of its
// own: pulumi-yaml brings its own github.com/pulumi/pulumi/pkg/v3, whose API
// differs from the 3.248 that tools/pulumi/ builds the CLI from. Nothing here
// is shipped; the binary goes to .tools/pulumi/ (git-ignored).
package tools

import (
	_ "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml"
)

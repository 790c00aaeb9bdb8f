//go:build tools

// Package tools pins the Pulumi CLI at the version of the @pulumi/pulumi devDependency, so
// scripts/build-pulumi.sh builds it from Go modules (no release download). Nothing here is
// shipped; the binaries go to .tools/pulumi/ (git-ignored).
package tools

import (
	_ "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"
)

// Command language-sdkgen stands in for Pulumi's Python and Go language hosts
// (pulumi-language-python, pulumi-language-go) in one thing only: making SDKs.
// `pulumi package gen-sdk --language python|go` (pkg/v3 cmd/pulumi/packages,
// GenSDK) asks the language host to generate the package; the hosts' own Go
// modules are not served by the Go module proxy these machines reach, so
// scripts/build-pulumi.sh builds this once per language (-X main.language=...)
// and the tests of stackfile's package schema (test/pulumi-package/) run the
// documented command as written. GeneratePackage does what Pulumi's hosts do
// at v3.248.0 (sdk/python/cmd/pulumi-language-python/main.go and
// sdk/go/pulumi-language-go/main.go, GeneratePackage): bind the schema through
// the engine's loader, run pkg/v3's codegen for the language, write the files.
// Every other call (running programs, installing, packing) is unimplemented.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	pygen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/version"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"
)

// language is set at build time: python or go.
var language string

type host struct {
	pulumirpc.UnimplementedLanguageRuntimeServer
}

func main() {
	flag.String("tracing", "", "ignored (accepted for compatibility with the engine's arguments)")
	flag.String("root", "", "ignored (passed by plugin hosts of pkg/v3 before v3.209.0)")
	flag.Parse()
	if language != "python" && language != "go" {
		fmt.Fprintf(os.Stderr, "built without a language (-X main.language=python|go)\n")
		os.Exit(1)
	}
	cancel := make(chan bool)
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Cancel: cancel,
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, &host{})
			return nil
		},
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "could not start the language host: %v\n", err)
		os.Exit(1)
	}
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		fmt.Fprintf(os.Stderr, "language host stopped: %v\n", err)
		os.Exit(1)
	}
}

func (h *host) Handshake(ctx context.Context, req *pulumirpc.LanguageHandshakeRequest) (*pulumirpc.LanguageHandshakeResponse, error) {
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

func (h *host) GetPluginInfo(ctx context.Context, _ *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: version.Version}, nil
}

func (h *host) GeneratePackage(ctx context.Context, req *pulumirpc.GeneratePackageRequest) (*pulumirpc.GeneratePackageResponse, error) {
	if language == "go" && len(req.ExtraFiles) > 0 {
		return nil, errors.New("overlays are not supported for Go")
	}
	loader, err := schema.NewLoaderClient(req.LoaderTarget)
	if err != nil {
		return nil, err
	}
	defer loader.Close()

	var spec schema.PackageSpec
	if err := json.Unmarshal([]byte(req.Schema), &spec); err != nil {
		return nil, err
	}
	pkg, diags, err := schema.BindSpec(spec, schema.NewCachedLoader(loader), schema.ValidationOptions{
		AllowDanglingReferences: true,
	})
	if err != nil {
		return nil, err
	}
	rpcDiagnostics := plugin.HclDiagnosticsToRPCDiagnostics(diags)
	if diags.HasErrors() {
		return &pulumirpc.GeneratePackageResponse{Diagnostics: rpcDiagnostics}, nil
	}

	var files map[string][]byte
	if language == "python" {
		files, err = pygen.GeneratePackage("pulumi-language-python", pkg, req.ExtraFiles, schema.NewCachedLoader(loader))
	} else {
		files, err = gogen.GeneratePackage("pulumi-language-go", pkg, req.LocalDependencies)
	}
	if err != nil {
		return nil, err
	}
	for filename, data := range files {
		outPath := filepath.Join(req.Directory, filename)
		if err := os.MkdirAll(filepath.Dir(outPath), 0o700); err != nil {
			return nil, fmt.Errorf("could not create output directory %s: %w", filepath.Dir(filename), err)
		}
		if err := os.WriteFile(outPath, data, 0o600); err != nil {
			return nil, fmt.Errorf("could not write output file %s: %w", filename, err)
		}
	}
	return &pulumirpc.GeneratePackageResponse{Diagnostics: rpcDiagnostics}, nil
}

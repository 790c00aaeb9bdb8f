// Command pulumi-language-nodejs is a small Node.js language host for the Pulumi CLI built
// by scripts/build-pulumi.sh. Pulumi's own host (module
// github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3) is not served by the Go
// module proxy these machines reach ("403 Forbidden: This module version is not available"),
// so the tests use this one. It does what a `pulumi up` of a Node.js program needs and no
// more: it answers the engine's LanguageRuntime calls and runs the program the way Pulumi's
// host does, through the @pulumi/pulumi SDK's own `cmd/run` (which loads the program,
// TypeScript included, and talks to the engine's resource monitor), with the program's
// configuration in PULUMI_CONFIG and PULUMI_CONFIG_SECRET_KEYS. What it leaves out: plugin
// discovery in node_modules (the stand-in AWS provider is found through Pulumi.yaml
// `plugins`), dependency installation, code generation, the debugger and policy packs. It runs
// plugins written for Node.js (PulumiPlugin.yaml, `runtime: nodejs`) as Pulumi's host does (RunPlugin).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/config"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/version"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"
)

// The exit code with which @pulumi/pulumi's run script says it already showed the user an
// actionable message (sdk/nodejs/cmd/run/run.ts).
const exitAfterUserMessage = 32

type host struct {
	pulumirpc.UnimplementedLanguageRuntimeServer

	mu            sync.Mutex
	engineAddress string
	running       map[*exec.Cmd]struct{}
}

func main() {
	flag.String("tracing", "", "ignored (accepted for compatibility with the engine's arguments)")
	// Plugin hosts of pkg/v3 before v3.209.0 pass the program's root folder as -root (pulumi/pulumi#21054
	// stopped it; Pulumi's own host at v3.248.0 no longer defines the flag). pulumi-language-yaml v1.25.0,
	// the newest the Go module proxy here serves, is built on v3.206.0 and passes it when it loads a
	// plugin's schema; the v1.37.0 that the 3.248 CLI ships is built on v3.247.0 and does not. Accepting
	// it here lets the tests run what users run; the folder comes in each request anyway.
	flag.String("root", "", "ignored (passed by plugin hosts of pkg/v3 before v3.209.0)")
	runtimeName := flag.String("runtime", "nodejs", "only nodejs is supported")
	showVersion := flag.Bool("version", false, "print the version and exit")
	flag.Parse()
	if *showVersion {
		fmt.Println(version.Version)
		return
	}
	if *runtimeName != "nodejs" {
		fmt.Fprintf(os.Stderr, "unsupported runtime %q: this host runs nodejs only\n", *runtimeName)
		os.Exit(1)
	}
	h := &host{running: map[*exec.Cmd]struct{}{}}
	if args := flag.Args(); len(args) > 0 {
		h.engineAddress = args[0]
	}
	cancel := make(chan bool)
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Cancel: cancel,
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, h)
			return nil
		},
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "could not start the language host: %v\n", err)
		os.Exit(1)
	}
	// The engine reads the port from the first line of standard output.
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		fmt.Fprintf(os.Stderr, "language host stopped: %v\n", err)
		os.Exit(1)
	}
}

func (h *host) Handshake(ctx context.Context, req *pulumirpc.LanguageHandshakeRequest) (*pulumirpc.LanguageHandshakeResponse, error) {
	h.mu.Lock()
	h.engineAddress = req.EngineAddress
	h.mu.Unlock()
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

func (h *host) GetPluginInfo(ctx context.Context, _ *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: version.Version}, nil
}

// No plugin is discovered from node_modules: the providers a test needs are named in Pulumi.yaml.
func (h *host) GetRequiredPlugins(ctx context.Context, req *pulumirpc.GetRequiredPluginsRequest) (*pulumirpc.GetRequiredPluginsResponse, error) {
	return &pulumirpc.GetRequiredPluginsResponse{}, nil
}

func (h *host) GetRequiredPackages(ctx context.Context, req *pulumirpc.GetRequiredPackagesRequest) (*pulumirpc.GetRequiredPackagesResponse, error) {
	return &pulumirpc.GetRequiredPackagesResponse{}, nil
}

func (h *host) GetProgramDependencies(ctx context.Context, req *pulumirpc.GetProgramDependenciesRequest) (*pulumirpc.GetProgramDependenciesResponse, error) {
	return &pulumirpc.GetProgramDependenciesResponse{}, nil
}

func (h *host) About(ctx context.Context, req *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, err
	}
	out, _ := exec.CommandContext(ctx, node, "--version").Output()
	return &pulumirpc.AboutResponse{Executable: node, Version: strings.TrimSpace(string(out))}, nil
}

// InstallDependencies: the programs the tests run are installed by npm beforehand.
func (h *host) InstallDependencies(req *pulumirpc.InstallDependenciesRequest, server pulumirpc.LanguageRuntime_InstallDependenciesServer) error {
	return nil
}

func (h *host) Cancel(ctx context.Context, _ *emptypb.Empty) (*emptypb.Empty, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for cmd := range h.running {
		if cmd.Process != nil {
			_ = cmd.Process.Signal(os.Interrupt)
		}
	}
	return &emptypb.Empty{}, nil
}

// runScript finds @pulumi/pulumi's run script from the program's folder, as Node resolves it.
func runScript(ctx context.Context, node, dir string) (string, error) {
	return locate(ctx, node, dir, "@pulumi/pulumi/cmd/run")
}

// locate resolves a module (one of @pulumi/pulumi's scripts) from a folder, as Node resolves it.
func locate(ctx context.Context, node, dir, module string) (string, error) {
	script := fmt.Sprintf(`try { console.log(require.resolve(%s)) } catch (e) { console.error(%s + " (" + e.message.split("\n")[0] + "): run npm install in its folder"); process.exit(1) }`,
		strconv.Quote(module), strconv.Quote("@pulumi/pulumi is not installed for "+dir))
	cmd := exec.CommandContext(ctx, node, "-e", script)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return "", errors.New(strings.TrimSpace(string(exit.Stderr)))
		}
		return "", err
	}
	return strings.TrimSpace(string(out)), nil
}

// options reads Pulumi.yaml's (or PulumiPlugin.yaml's) `runtime.options` the way Pulumi's host does
// (typescript defaults to true).
func options(info *pulumirpc.ProgramInfo) (typescript bool, tsconfig string, nodeargs []string, err error) {
	typescript = true
	if info == nil || info.GetOptions() == nil {
		return typescript, "", nil, nil
	}
	opts := info.GetOptions().AsMap()
	if v, ok := opts["typescript"]; ok {
		b, isBool := v.(bool)
		if !isBool {
			return false, "", nil, errors.New("runtime option typescript must be a boolean")
		}
		typescript = b
	}
	if v, ok := opts["tsconfig"].(string); ok {
		tsconfig = v
	}
	if v, ok := opts["nodeargs"].(string); ok && strings.TrimSpace(v) != "" {
		nodeargs = strings.Fields(v)
	}
	return typescript, tsconfig, nodeargs, nil
}

// configJSON is the program's configuration as the SDK reads it: `<namespace>:config:<name>` keys.
func configJSON(req *pulumirpc.RunRequest) (string, string, error) {
	cfg := map[string]string{}
	for k, v := range req.GetConfig() {
		key, err := config.ParseKey(k)
		if err != nil {
			return "", "", err
		}
		cfg[key.Namespace()+":config:"+key.Name()] = v
	}
	secrets := req.GetConfigSecretKeys()
	if secrets == nil {
		secrets = []string{}
	}
	a, err := json.Marshal(cfg)
	if err != nil {
		return "", "", err
	}
	b, err := json.Marshal(secrets)
	return string(a), string(b), err
}

func (h *host) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return &pulumirpc.RunResponse{Error: "could not find node on the PATH: " + err.Error()}, nil
	}
	info := req.GetInfo()
	if info == nil {
		return &pulumirpc.RunResponse{Error: "the engine sent no program information"}, nil
	}
	run, err := runScript(ctx, node, info.GetProgramDirectory())
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	typescript, tsconfig, nodeargs, err := options(req.GetInfo())
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	cfg, secretKeys, err := configJSON(req)
	if err != nil {
		return &pulumirpc.RunResponse{Error: "configuration: " + err.Error()}, nil
	}
	h.mu.Lock()
	engine := h.engineAddress
	h.mu.Unlock()

	args := append([]string{}, nodeargs...)
	args = append(args, run)
	add := func(k, v string) {
		if v != "" {
			args = append(args, "--"+k, v)
		}
	}
	add("monitor", req.GetMonitorAddress())
	add("engine", engine)
	add("organization", req.GetOrganization())
	add("project", req.GetProject())
	add("root-directory", info.GetRootDirectory())
	add("stack", req.GetStack())
	add("pwd", info.GetProgramDirectory())
	if req.GetDryRun() {
		args = append(args, "--dry-run")
	}
	add("parallel", strconv.Itoa(int(req.GetParallel())))
	args = append(args, info.GetEntryPoint())
	args = append(args, req.GetArgs()...)

	env := append(os.Environ(), "PULUMI_CONFIG="+cfg, "PULUMI_CONFIG_SECRET_KEYS="+secretKeys)
	if typescript {
		env = append(env, "PULUMI_NODEJS_TYPESCRIPT=true")
	}
	if tsconfig != "" {
		env = append(env, "PULUMI_NODEJS_TSCONFIG_PATH="+tsconfig)
	}

	cmd := exec.CommandContext(ctx, node, args...)
	cmd.Env = env
	cmd.Dir = info.GetProgramDirectory()
	// Node may change the blocking mode of inherited descriptors: copy through a writer instead.
	cmd.Stdout = struct{ *os.File }{os.Stdout}
	cmd.Stderr = struct{ *os.File }{os.Stderr}
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGINT) }
	cmd.WaitDelay = 5 * time.Second

	h.mu.Lock()
	h.running[cmd] = struct{}{}
	h.mu.Unlock()
	err = cmd.Run()
	h.mu.Lock()
	delete(h.running, cmd)
	h.mu.Unlock()
	if err == nil {
		return &pulumirpc.RunResponse{}, nil
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		if exit.ExitCode() == exitAfterUserMessage {
			return &pulumirpc.RunResponse{Bail: true}, nil
		}
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("Program exited with non-zero exit code: %d", exit.ExitCode())}, nil
	}
	return &pulumirpc.RunResponse{Error: "could not run the program: " + err.Error()}, nil
}

// RunPlugin runs a plugin written for Node.js (a folder with a PulumiPlugin.yaml, `runtime: nodejs`), as
// Pulumi's own host does at v3.248.0 (sdk/nodejs/cmd/pulumi-language-nodejs/main.go, RunPlugin): node runs
// @pulumi/pulumi's cmd/run-plugin (or PULUMI_LANGUAGE_NODEJS_RUN_PATH), resolved from the plugin's folder,
// with the runtime's nodeargs, the plugin's folder and the engine's arguments, in the engine's working
// directory and environment (PULUMI_NODEJS_TYPESCRIPT and PULUMI_NODEJS_TSCONFIG_PATH from its options);
// its output goes back to the engine as the call's stream. What it leaves out: policy packs (analyzer
// plugins), the debugger, and Bun.
func (h *host) RunPlugin(req *pulumirpc.RunPluginRequest, server pulumirpc.LanguageRuntime_RunPluginServer) error {
	ctx := server.Context()
	if req.GetKind() == "analyzer" {
		return errors.New("this Node.js language host does not run policy packs")
	}
	if req.GetAttachDebugger() {
		return errors.New("this Node.js language host does not attach debuggers")
	}
	closer, stdout, stderr, err := rpcutil.MakeRunPluginStreams(server, false)
	if err != nil {
		return err
	}
	defer closer.Close()

	node, err := exec.LookPath("node")
	if err != nil {
		return err
	}
	info := req.GetInfo()
	if info == nil {
		return errors.New("the engine sent no plugin information")
	}
	typescript, tsconfig, nodeargs, err := options(info)
	if err != nil {
		return err
	}
	env := append([]string{}, req.GetEnv()...)
	if typescript {
		env = append(env, "PULUMI_NODEJS_TYPESCRIPT=true")
	}
	if tsconfig != "" {
		env = append(env, "PULUMI_NODEJS_TSCONFIG_PATH="+tsconfig)
	}
	runPath := os.Getenv("PULUMI_LANGUAGE_NODEJS_RUN_PATH")
	if runPath == "" {
		runPath = "@pulumi/pulumi/cmd/run-plugin"
	}
	runPath, err = locate(ctx, node, info.GetProgramDirectory(), runPath)
	if err != nil {
		return err
	}
	args := append([]string{runPath}, nodeargs...)
	args = append(args, info.GetProgramDirectory())
	args = append(args, req.GetArgs()...)

	cmd := exec.CommandContext(ctx, node, args...)
	cmd.Dir = req.GetPwd()
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = stdout, stderr
	h.mu.Lock()
	h.running[cmd] = struct{}{}
	h.mu.Unlock()
	err = cmd.Run()
	h.mu.Lock()
	delete(h.running, cmd)
	h.mu.Unlock()
	if err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return fmt.Errorf("Program exited with non-zero exit code: %d", exit.ExitCode())
		}
		return fmt.Errorf("Problem executing plugin program (could not run language executor): %w", err)
	}
	return closer.Close()
}

// The real AWS provider answers create and update in a preview (it "supports
// preview"): an update's planned outputs are the old ones with the new inputs,
// unknown only where the update changes them, so the resources that read an
// updated resource's ARN see no change. @pulumi/pulumi's provider server does
// not say it supports preview, and then the engine takes a previewed update's
// outputs to be its inputs alone: every output that is not an input (an ARN)
// turns unknown and every reader of it shows an update or a replacement that
// `pulumi up` would not make. This serves the stand-in with preview support:
// in a preview, create answers its inputs (its computed outputs unknown, as
// before: those at the top by their absence, those inside an input's object,
// like an API domain's domainNameConfiguration.targetDomainName, as unknowns,
// as pulumi-aws's planned state has them) and update the old outputs with the new inputs, the outputs the
// force-new table says an update changes (`outputsChangedByUpdate`: a
// published function's version) unknown; neither touches the account.
// (pulumi/pulumi sdk/go/common/resource/plugin/provider_plugin.go: Create and
// Update return the inputs in a preview when the provider does not support it.)
import * as path from "path";
import { replacementRow } from "../../../src/aws-rules/replacement-table";
import { mockState } from "../../../src/cli/mock-state";
import { configureRegion, regionOf } from "./region";

const pulumiDir = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
const from = (m: string) => require(require.resolve(m, { paths: [pulumiDir] }));
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

type Call = { request: any };
type Callback = (err: unknown, resp?: any) => void;
type Impl = Record<string, (call: Call, cb: Callback) => unknown>;

/** Installs the preview support on the provider service @pulumi/pulumi's `main` registers next. */
export function servePreviews(): void {
  const grpc = from("@grpc/grpc-js");
  const provproto = from("@pulumi/pulumi/proto/provider_pb");
  const addService = grpc.Server.prototype.addService;
  grpc.Server.prototype.addService = function (service: unknown, impl: Impl) {
    if (typeof impl.configure !== "function" || typeof impl.update !== "function") return addService.call(this, service, impl);
    const wrapped: Impl = Object.create(impl);
    wrapped.configure = (call, cb) => {
      const req = call.request;
      configureRegion(req.hasArgs?.() ? req.getArgs().toJavaScript() : undefined, req.getVariablesMap?.() ? new Map(req.getVariablesMap().entries()) : undefined);
      return impl.configure.call(impl, call, (err, resp) => {
        resp?.setSupportspreview(true);
        cb(err, resp);
      });
    };
    wrapped.create = (call, cb) => {
      if (!call.request.getPreview()) return impl.create.call(impl, call, cb);
      const req = call.request;
      const urn: string = req.getUrn();
      const type = urn.split("::")[2].split("$").pop()!;
      const inputs = req.getProperties().toJavaScript();
      let state: Record<string, unknown> = {};
      try {
        state = mockState(type, urn.slice(urn.lastIndexOf("::") + 2), inputs, true, { region: regionOf(inputs) }).state;
      } catch {
        // A type the model cannot answer from a preview's inputs (unknowns where it reads a value): its inputs alone.
      }
      const resp = new provproto.CreateResponse();
      resp.setId("");
      resp.setProperties(from("google-protobuf/google/protobuf/struct_pb").Struct.fromJavaScript(nestedComputedUnknown(inputs, state)));
      cb(undefined, resp);
    };
    wrapped.update = (call, cb) => {
      if (!call.request.getPreview()) return impl.update.call(impl, call, cb);
      const req = call.request;
      const type = req.getUrn().split("::")[2].split("$").pop();
      const news = req.getNews().toJavaScript();
      const outs = { ...req.getOlds().toJavaScript(), ...news };
      for (const k of replacementRow(type)?.outputsChangedByUpdate?.(news) ?? []) outs[k] = UNKNOWN;
      const resp = new provproto.UpdateResponse();
      resp.setProperties(from("google-protobuf/google/protobuf/struct_pb").Struct.fromJavaScript(outs));
      cb(undefined, resp);
    };
    return addService.call(this, service, wrapped);
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The inputs, with what the created resource's state adds inside each input
 * object (a computed attribute of a nested block) unknown: top-level computed
 * outputs are left out (the engine makes them unknown).
 */
function nestedComputedUnknown(inputs: Record<string, unknown>, state: Record<string, unknown>): Record<string, unknown> {
  const nested = (input: unknown, made: unknown): unknown => {
    if (isObject(input) && isObject(made)) {
      const out: Record<string, unknown> = { ...input };
      for (const [k, v] of Object.entries(made)) out[k] = k in input ? nested(input[k], v) : UNKNOWN;
      return out;
    }
    if (Array.isArray(input) && Array.isArray(made) && input.length === made.length) return input.map((v, i) => nested(v, made[i]));
    return input;
  };
  return Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, k in state ? nested(v, state[k]) : v]));
}

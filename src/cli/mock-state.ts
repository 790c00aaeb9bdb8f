// Plausible ids, ARNs and endpoints for `plan`: deterministic (hashes of the
// resource's type and name), never random, so two plans print the same. The
// model itself is in aws-model/ (one file per service), shared with the
// stand-in AWS provider of the engine tests.
export { MOCK_ACCOUNT, hex, mockCall, mockState, physicalName, type MockContext } from "./aws-model";

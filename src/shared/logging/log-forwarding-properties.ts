/** Delivery to any HTTPS endpoint that follows Firehose's HTTP endpoint request/response specification. */
export interface HttpEndpointLogForwarding {
  type: "http-endpoint";
  properties: {
    /**
     * HTTPS endpoint that receives the logs.
     * @pattern ^https://
     */
    endpointUrl: string;
    /**
     * GZIP-compress request bodies (and say so in Content-Encoding).
     * @default false
     */
    gzipEncodingEnabled?: boolean;
    /** Common attributes sent with every request (X-Amz-Firehose-Common-Attributes). */
    parameters?: Record<string, string>;
    /**
     * Seconds spent retrying after the first failed delivery.
     * @default 300
     * @minimum 0
     * @maximum 7200
     * @multipleOf 1
     */
    retryDuration?: number;
    /**
     * Sent verbatim as X-Amz-Firehose-Access-Key. Use `$Secret(...)`.
     * @writeOnly
     */
    accessKey?: string;
  };
}

/** Delivery to the first logs vendor (its Firehose intake). */
export interface LogsVendorALogForwarding {
  type: "logs-vendor-a";
  properties: {
    /**
     * The vendor's API key. Use `$Secret(...)`.
     * @writeOnly
     */
    apiKey: string;
    /**
     * The intake; the EU site's is https://aws-kinesis-http-intake.logs.datadoghq.eu/v1/input.
     * @default "https://aws-kinesis-http-intake.logs.datadoghq.com/v1/input"
     * @pattern ^https://
     */
    endpointUrl?: string;
  };
}

/** Delivery to the second logs vendor (its Firehose intake). */
export interface LogsVendorBLogForwarding {
  type: "logs-vendor-b";
  properties: {
    /** Id of the project at the vendor. */
    projectId: string;
    /**
     * @default "https://pub.highlight.io/v1/logs/firehose"
     * @pattern ^https://
     */
    endpointUrl?: string;
  };
}

/**
 * Forwards a resource's logs through a Firehose delivery stream. Records that
 * still fail after the retries go to the bucket
 * `{stackName}-{resourceName}-logs-{generatedHash}`.
 */
export type LogForwarding = HttpEndpointLogForwarding | LogsVendorALogForwarding | LogsVendorBLogForwarding;

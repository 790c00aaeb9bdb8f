// The generated stack of the data and messaging types the bench times:
// `n` resources, a fifth each of bucket, dynamo-db-table, sqs-queue,
// sns-topic and event-bus, with the settings users set (versioning, CORS and
// lifecycle rules; keys, a stream, TTL and an index; a dead-letter queue by
// name, FIFO queues; e-mail subscriptions, FIFO topics; archives).
export function generateTypesStack(n: number): string {
  const each = Math.ceil(n / 5);
  const lines = ["resources:"];
  for (let i = 0; i < each; i++) {
    lines.push(
      `  files${i}:`,
      "    type: bucket",
      "    properties:",
      `      versioning: ${i % 2 === 0}`,
      ...(i % 3 === 0 ? ["      cors: { enabled: true, corsRules: [{ allowedOrigins: [https://app.example.com], allowedMethods: [GET, PUT] }] }"] : []),
      "      lifecycleRules:",
      "        - { type: abort-incomplete-multipart-upload, properties: { daysAfterInitiation: 7 } }",
      ...(i % 2 === 0 ? ["        - { type: non-current-version-expiration, properties: { daysAfterVersioned: 30 } }"] : []),
      `  table${i}:`,
      "    type: dynamo-db-table",
      "    properties:",
      "      primaryKey:",
      "        partitionKey: { name: id, type: string }",
      ...(i % 2 === 0 ? ["        sortKey: { name: createdAt, type: number }"] : []),
      ...(i % 3 === 0 ? ["      streamType: NEW_AND_OLD_IMAGES", "      ttlAttributeName: expiresAt"] : []),
      ...(i % 4 === 0 ? ["      secondaryIndexes:", "        - { name: byStatus, partitionKey: { name: status, type: string } }"] : []),
      // Queues in pairs: the odd one is the even one's dead-letter queue, of the same kind.
      `  queue${i}:`,
      "    type: sqs-queue",
      "    properties:",
      `      fifoEnabled: ${i % 8 >= 6}`,
      "      visibilityTimeoutSeconds: 60",
      ...(i % 2 === 0 && i + 1 < each ? [`      redrivePolicy: { targetSqsQueueName: queue${i + 1}, maxReceiveCount: 5 }`] : []),
      `  topic${i}:`,
      "    type: sns-topic",
      ...(i % 5 === 4
        ? ["    properties: { fifoEnabled: true, contentBasedDeduplication: true }"]
        : ["    properties:", "      subscriptions:", `        - { protocol: email, endpoint: ops${i}@example.com }`]),
      `  bus${i}:`,
      "    type: event-bus",
      ...(i % 2 === 0 ? ["    properties:", `      archivation: { enabled: true, retentionDays: ${[7, 30, 90][i % 3]} }`] : []),
    );
  }
  return lines.join("\n") + "\n";
}

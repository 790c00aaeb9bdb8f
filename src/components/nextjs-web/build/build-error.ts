/** A build that could not run or failed: shown to users as a message, never a stack trace. */
export class BuildError extends Error {}

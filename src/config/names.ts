/** Resource names become parts of AWS names and env var names. */
export const RESOURCE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9]{0,62}$/;

/**
 * Log retention in days: exactly the values CloudWatch Logs accepts and the
 * spec lists.
 */
export type RetentionDays =
  | 1 | 3 | 5 | 7 | 14 | 30 | 60 | 90 | 120 | 150 | 180 | 365 | 400 | 545 | 731 | 1827 | 3653;

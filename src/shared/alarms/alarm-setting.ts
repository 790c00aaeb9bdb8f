// What a stack file may say about one alarm of a type's `alarms` map
// (decisions.md, "Alarms and cost"): new settings, or `false` to switch it off.

/** One alarm's settings: each field given replaces the type's default. */
export interface AlarmSetting {
  /**
   * The value that fires the alarm (its unit is the alarm's: a percentage, a count, milliseconds...).
   * @minimum 0
   */
  threshold?: number;
  /**
   * The seconds each datapoint covers: 10, 20, 30 or a multiple of 60 (CloudWatch's periods).
   * @minimum 10
   * @multipleOf 10
   */
  periodSeconds?: number;
  /**
   * How many periods in a row breach before the alarm fires.
   * @minimum 1
   * @multipleOf 1
   */
  evaluationPeriods?: number;
}

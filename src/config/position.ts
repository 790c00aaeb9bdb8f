// Where a problem is in a stack file (types only: load.ts and the modules it calls read them).

export interface Position {
  line: number;
  col: number;
}

export interface PositionedProblem extends Position {
  file: string;
  message: string;
  /** Printed as a warning; the file stays valid. */
  warning?: boolean;
}

// Where a command writes: its output and its messages (standard output and
// error in `main`, strings in the tests).
export interface Io {
  out(text: string): void;
  err(text: string): void;
}

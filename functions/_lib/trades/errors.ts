/** A file that cannot be imported as a whole; `line` is 1-based (0 when the problem is not in a line). */
export class ImportError extends Error {
  readonly line: number;

  constructor(line: number, message: string) {
    super(line > 0 ? `line ${line}: ${message}` : message);
    this.name = 'ImportError';
    this.line = line;
  }
}

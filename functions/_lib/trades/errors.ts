/** A file that cannot be imported as a whole; `line` is 1-based (0 when the problem is not in a line). */
export class ImportError extends Error {
  readonly line: number;

  constructor(line: number, message: string) {
    super(line > 0 ? `line ${line}: ${message}` : message);
    this.name = 'ImportError';
    this.line = line;
  }
}

/** An export without a date column (DAS): the member gives the trade date and the file is read again. */
export class DateNeeded extends ImportError {
  readonly label: string;

  constructor(line: number, label: string) {
    super(line, `${label} exports have no date column: pass the trade date (--date YYYY-MM-DD)`);
    this.label = label;
  }
}

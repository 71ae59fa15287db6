/** An error as one line for the log and the dead-letter list: its name and message, never a stack. */
export function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

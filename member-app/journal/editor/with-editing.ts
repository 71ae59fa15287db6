/**
 * The editing behaviour, without the browser: the document's shape (schema), lines, tables and
 * cashtags. NoteEditor adds Slate's DOM layer and paste on top; tests use it as it is.
 */
import type { Editor } from 'slate';
import { withSchema } from './schema.ts';
import { withCashtags } from './with-cashtags.ts';
import { withLines } from './with-lines.ts';
import { withTables } from './with-tables.ts';

/** Outermost first: a cashtag is closed before a table or a line decides what Enter does. */
export const withEditing = <T extends Editor>(editor: T): T =>
  withCashtags(withTables(withLines(withSchema(editor))));

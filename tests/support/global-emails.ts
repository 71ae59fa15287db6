// Vitest globalSetup: the mail functions import the email templates the build bundles from
// content/emails (functions/_lib/mail/emails.gen.json, git-ignored). Write it here too, as for the courses.
import { writeEmailBundle } from '../../functions/_lib/mail/content.ts';

export default function setup(): void {
  writeEmailBundle();
}

/**
 * What may go into a header: addresses and names are refused when they could start a new header
 * line (CR, LF or any other control character: header injection) or are not one address. Unicode is
 * accepted in both the local part and the domain: the SMTP adapter sends such an address with
 * SMTPUTF8 and the domain as IDN (nodemailer does both).
 */
import { MailError, type MailRecipient } from './port.ts';

// C0 controls (CR and LF among them), DEL and the C1 controls, plus the Unicode line separators.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
export const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
// One address: no spaces, quotes, angle brackets, commas or semicolons (no lists, no display
// names smuggled in), one @, a dot in the domain. Letters of any script are fine.
const ADDRESS = /^[^\s@<>()",;:\\[\]]{1,64}@[^\s@<>()",;:\\[\]_]+\.[^\s@<>()",;:\\[\]_.]{2,}$/u;
const MAX_NAME = 120;

/** The reason an address or name is refused, or null when it is safe to send to. */
export function recipientProblem(to: string | MailRecipient): string | null {
  const { address, name } = typeof to === 'string' ? { address: to, name: undefined } : to;
  if (CONTROL.test(address)) return 'the address holds a line break or control character';
  if (address.length > 254 || !ADDRESS.test(address.normalize('NFC')))
    return 'the address is not one email address';
  if (name !== undefined) {
    if (CONTROL.test(name)) return 'the name holds a line break or control character';
    if (name.length > MAX_NAME) return `the name is longer than ${MAX_NAME} characters`;
  }
  return null;
}

/** The recipient in NFC (one spelling of accented letters), or a permanent MailError. */
export function safeRecipient(to: string | MailRecipient): MailRecipient {
  const problem = recipientProblem(to);
  if (problem) throw new MailError(`Refused recipient: ${problem}`, { permanent: true });
  const { address, name } = typeof to === 'string' ? { address: to, name: undefined } : to;
  const trimmed = name?.trim();
  return { address: address.normalize('NFC'), ...(trimmed ? { name: trimmed.normalize('NFC') } : {}) };
}

/** A header value on one line (subjects, extra headers), or a permanent MailError. */
export function singleLine(what: string, value: string): string {
  if (CONTROL.test(value)) throw new MailError(`Refused ${what}: it holds a line break`, { permanent: true });
  return value;
}

/**
 * When the past-due banner (PastDueWatch.tsx) is watched for: a signed-in member on a member page.
 * Not on the sign-in hand-off or /payment, where the session is being made or paid for, nor on the
 * operator's console (an operator may have no membership): start-up skips the same sections.
 */
const UNWATCHED = new Set(['callback', 'payment', 'console']);

export function watchesPastDue(pathname: string, signedIn: boolean): boolean {
  return signedIn && !UNWATCHED.has(pathname.split('/')[1] ?? '');
}

/** The card form's id on /account (account/CardForm.tsx): the banner's link lands on it. */
export const CARD_FORM_ID = 'update-card';

/**
 * Brings the card form into view and focus once the page that has it is drawn at its address
 * (`/account#update-card`), so a keyboard or screen-reader user lands in the form, not at the
 * page's top. Answers whether it did.
 */
export function landOnCardForm(doc: Document = document): boolean {
  if (doc.location.hash !== `#${CARD_FORM_ID}`) return false;
  const form = doc.getElementById(CARD_FORM_ID);
  if (!form) return false;
  form.focus({ preventScroll: true });
  form.scrollIntoView({ block: 'start' });
  return true;
}

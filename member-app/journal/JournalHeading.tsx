import { JOURNALS, PageSwitch } from '../components/PageSwitch.tsx';

/** The page heading; docs/product.md §1 marks the journal BETA (beside the heading, not in its name). */
export function JournalHeading() {
  return (
    <>
      <PageSwitch label="Journals" items={JOURNALS} />
      <div className="journal-heading">
        <h1 id="page-title">Trading Journal</h1>
        <span className="journal-beta">Beta</span>
      </div>
    </>
  );
}

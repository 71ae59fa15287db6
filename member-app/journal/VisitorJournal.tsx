import { useState } from 'react';
import { VisitorPitch } from '../components/VisitorPitch.tsx';
import { JournalHeading } from './JournalHeading.tsx';
import { LazyNoteEditor } from './LazyNoteEditor.tsx';
import { VideoEmbed } from './VideoEmbed.tsx';
import './journal.css';

/** What a visitor can play with (docs/product.md §6): nothing of it is sent anywhere. */
const SAMPLE_TITLE = 'Sample: $ABCD gap-and-go plan';
const SAMPLE_BODY =
  '<h2>Pre-market plan</h2>' +
  '<p><span data-cashtag="ABCD">$ABCD</span> gapped up 40% on a filing. Watching for a break of the pre-market high on volume.</p>' +
  '<ul><li>Entry: over 0.0051 with bids stacking</li><li>Stop: under 0.0042</li><li>Size: 1% of the account</li></ul>' +
  '<blockquote><p>Cut losses fast; let the runners run.</p></blockquote>' +
  '<table><thead><tr><th>Level</th><th>Price</th><th>Why</th></tr></thead><tbody><tr><td>Support</td><td>0.0042</td><td>Yesterday’s close</td></tr><tr><td>Break</td><td>0.0051</td><td>Pre-market high</td></tr></tbody></table>' +
  '<p>Try it: type a $cashtag, make text <strong>bold</strong>, add a link or a table.</p>';

const renderVideo = (video: { id: string; title: string }) => <VideoEmbed {...video} />;

/** docs/product.md §2 Journal, logged out: a sample note to play with, and the 'Get Full Access' prompt. */
export function VisitorJournal() {
  const [title, setTitle] = useState(SAMPLE_TITLE);
  return (
    <section className="member-page journal" aria-labelledby="page-title">
      <JournalHeading />
      <div className="journal-visitor">
        <section className="journal-pane card" aria-label="Sample note">
          <label className="journal-title">
            <span className="visually-hidden">Title</span>
            <input value={title} onChange={(event) => setTitle(event.target.value)} />
          </label>
          <LazyNoteEditor
            initialHtml={SAMPLE_BODY}
            onChange={() => {}}
            renderVideo={renderVideo}
            resolveVideo={async () => null}
            label="Note text"
          />
        </section>
        <VisitorPitch heading="Get Full Access">
          Members keep a private trading journal: notes with $cashtags that build a page per ticker,
          categories, embedded lessons, and a trade log with real statistics. Saved on every device.
        </VisitorPitch>
      </div>
    </section>
  );
}

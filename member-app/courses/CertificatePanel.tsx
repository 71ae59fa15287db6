import { type FormEvent, useId, useState } from 'react';
import { ApiError, callApi } from '../api/client.ts';
import type { CourseProgressData } from './progress-data.ts';
import { certificateName } from './progress-text.ts';

type Certificate = NonNullable<CourseProgressData['certificate']>;

const NAME_RULE = 'Enter the name to show on the certificate: 1 to 80 characters.';

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : 'That did not work. Check your connection and try again.';

/**
 * A completed course's certificate (docs/courses.md): issue it with the name the member chooses,
 * then its public address to view or copy, a rename (the same call: same address and date) and a
 * withdrawal, confirmed first. After every change `onChange` reads the progress again, where the
 * certificate is read from.
 */
export function CertificatePanel({
  course,
  onChange,
}: {
  course: CourseProgressData;
  onChange: () => Promise<void>;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = (call: () => Promise<unknown>) => {
    setError(null);
    setBusy(true);
    call()
      .then(onChange, (caught: unknown) => setError(messageOf(caught)))
      .finally(() => setBusy(false));
  };
  const issue = (name: string) => send(() => callApi('courses/certificate', { course: course.slug, name }));
  const withdraw = () => send(() => callApi('courses/certificate/withdraw', { course: course.slug }));
  const certificate = course.certificate;
  return (
    <section className="card certificate-panel" aria-labelledby="certificate-title">
      <h2 id="certificate-title">Certificate</h2>
      {certificate ? (
        <IssuedCertificate
          certificate={certificate}
          busy={busy}
          onRename={issue}
          onWithdraw={withdraw}
          onInvalid={() => setError(NAME_RULE)}
        />
      ) : (
        <>
          <p>You completed {course.title}. Issue your certificate: it gets a public page you can share.</p>
          <NameForm
            initial=""
            submit="Issue my certificate"
            busy={busy}
            onName={issue}
            onInvalid={() => setError(NAME_RULE)}
          />
        </>
      )}
      {error && (
        <p className="certificate-panel__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

function IssuedCertificate({
  certificate,
  busy,
  onRename,
  onWithdraw,
  onInvalid,
}: {
  certificate: Certificate;
  busy: boolean;
  onRename: (name: string) => void;
  onWithdraw: () => void;
  onInvalid: () => void;
}) {
  const [copied, setCopied] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const address = new URL(certificate.path, window.location.origin).href;
  const issued = new Date(certificate.issuedAt).toLocaleDateString(undefined, { dateStyle: 'long' });
  const copy = () =>
    navigator.clipboard.writeText(address).then(
      () => setCopied('Link copied.'),
      () => setCopied(`Copy this address: ${address}`),
    );
  return (
    <>
      <p>
        Issued {issued} to <strong>{certificate.name}</strong>. Its public address:{' '}
        <span className="certificate-panel__address">{address}</span>
      </p>
      <p className="cta-row">
        <a className="btn btn-primary btn-sm" href={certificate.path}>
          View certificate
        </a>
        <button className="btn btn-ghost btn-sm" type="button" onClick={() => void copy()}>
          Copy link
        </button>
        <span role="status">{copied}</span>
      </p>
      <NameForm
        initial={certificate.name}
        submit="Rename"
        busy={busy}
        onName={onRename}
        onInvalid={onInvalid}
      />
      {confirming ? (
        <div className="certificate-panel__confirm">
          <p>Withdraw this certificate? Its public page stops working; you can issue a new one later.</p>
          <p className="cta-row">
            <button
              className="btn btn-primary btn-sm"
              type="button"
              disabled={busy}
              onClick={() => {
                setConfirming(false);
                onWithdraw();
              }}
            >
              Yes, withdraw it
            </button>
            <button className="btn btn-ghost btn-sm" type="button" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </p>
        </div>
      ) : (
        <p>
          <button
            className="btn btn-ghost btn-sm"
            type="button"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            Withdraw
          </button>
        </p>
      )}
    </>
  );
}

function NameForm({
  initial,
  submit,
  busy,
  onName,
  onInvalid,
}: {
  initial: string;
  submit: string;
  busy: boolean;
  onName: (name: string) => void;
  onInvalid: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  const send = (event: FormEvent) => {
    event.preventDefault();
    const name = certificateName(text);
    if (name === null) onInvalid();
    else onName(name);
  };
  return (
    <form className="certificate-panel__form" onSubmit={send} noValidate>
      <label htmlFor={id}>Name on the certificate</label>
      <input
        id={id}
        type="text"
        autoComplete="name"
        maxLength={80}
        required
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button className="btn btn-primary btn-sm" type="submit" disabled={busy}>
        {submit}
      </button>
    </form>
  );
}

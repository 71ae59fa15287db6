import { createHash } from 'node:crypto';
import { site } from '../../../site/lib/site.ts';
import { imageVersion } from './certificate-image-version.ts';
import type { CertificateRecord } from './progress-keys.ts';

/**
 * The public page of a certificate, /certificates/{id}: a standalone document (no script, no
 * external file) with the preview tags social sites read. Every stored string is escaped.
 */

/** The preview image's size: what Open Graph and summary_large_image cards show uncropped. */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

/** "25 November 2026": the day it was issued, in UTC so the page and the image agree everywhere. */
export function issuedOn(issuedAt: number): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(issuedAt);
}

/** Text for HTML content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export function certificatePath(id: string): string {
  return `/certificates/${encodeURIComponent(id)}`;
}

// The site's look (site/styles/global.css): its dark surfaces, green accent and system font. Printed,
// the certificate alone fills one landscape page, black on white: its box is sized under the
// smallest landscape sheet (A4: 210 mm high) less the margins, and cut rather than let spill over.
const PAGE_STYLE = `
:root{color-scheme:dark}
*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px;
background:radial-gradient(1200px 600px at 85% -10%,rgb(52 210 123/.08),transparent 60%),#0a1322;color:#e9eff8;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;line-height:1.5}
a{color:inherit}
a:focus-visible{outline:3px solid #ffd34d;outline-offset:3px;border-radius:4px}
.certificate{width:min(100%,960px);padding:48px 40px;text-align:center;background:#0f1b2f;
border:1px solid #243754;border-radius:20px;box-shadow:0 10px 30px rgb(0 0 0/.35),inset 0 0 0 10px #13223a}
.site{margin:0;font-weight:700;letter-spacing:.02em;color:#34d27b}
.site a{text-decoration:none}
h1{margin:.6em 0 1.4em;font-size:.95rem;font-weight:600;letter-spacing:.18em;text-transform:uppercase;color:#a9b8cc}
.intro,.completed{margin:0;color:#a9b8cc}
.name{margin:.2em 0 .5em;font-size:clamp(1.8rem,5vw,2.8rem);font-weight:700;line-height:1.2;overflow-wrap:anywhere}
.course{margin:.3em 0 1.2em;font-size:clamp(1.25rem,3.2vw,1.7rem);font-weight:700;line-height:1.3;overflow-wrap:anywhere}
.course a{color:#34d27b;text-decoration-thickness:1px;text-underline-offset:.2em}
.issued{margin:0;color:#e9eff8}
.verify{margin:2.2em 0 0;padding-top:1.2em;border-top:1px solid #243754;font-size:.9rem;color:#8698b1}
.verify p{margin:0}
.address{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;color:#a9b8cc;overflow-wrap:anywhere}
@page{size:landscape;margin:12mm}
@media print{
:root{color-scheme:light}
html,body{background:#fff;color:#000}
body{display:block;min-height:0;padding:0}
.certificate{width:100%;height:180mm;overflow:hidden;break-inside:avoid;page-break-inside:avoid;
display:flex;flex-direction:column;justify-content:center;padding:14mm 16mm;background:#fff;
border:2pt solid #15803d;border-radius:0;box-shadow:inset 0 0 0 5pt #fff,inset 0 0 0 6pt #15803d}
.site,.course a{color:#15803d}
h1,.intro,.completed,.verify,.address,.issued{color:#333}
a{text-decoration:none}
.name{font-size:30pt}
.course{font-size:20pt}
.verify{border-color:#bbb}
}
`.trim();

const NOT_FOUND_STYLE = `
:root{color-scheme:dark}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px;background:#0a1322;color:#e9eff8;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;line-height:1.5;text-align:center}
a{color:#34d27b}
`.trim();

const styleHash = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

/**
 * Function answers get no netlify.toml headers (docs/security.md): these pages send their own. The
 * CSP allows their inline style by hash and nothing else (no script, no frame, no form).
 */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': `default-src 'none'; style-src ${styleHash(PAGE_STYLE)} ${styleHash(NOT_FOUND_STYLE)}; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
};

/** The certificate's page. `origin` is the request's (https://otcedge.app, a deploy preview, localhost). */
export function certificatePageHtml(record: CertificateRecord, origin: string): string {
  const url = `${origin}${certificatePath(record.id)}`;
  // The versioned address: what it shows never changes, so it is cached for long (certificate-image-cache.ts).
  const image = `${url}/preview.png?v=${imageVersion(record)}`;
  const date = issuedOn(record.issuedAt);
  const isoDate = new Date(record.issuedAt).toISOString().slice(0, 10);
  const name = escapeHtml(record.name);
  const course = escapeHtml(record.courseTitle);
  const siteName = escapeHtml(site.name);
  const title = `${name}: ${course} | Certificate of completion | ${siteName}`;
  const description = `${name} completed the course ${course} on ${siteName}, issued ${date}.`;
  const imageAlt = `Certificate of completion: ${name}, ${course}, ${date}`;
  const e = escapeHtml;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="${description}">
<!-- It carries a person's name: anyone with the link can verify it, search engines do not list it. -->
<meta name="robots" content="noindex">
<link rel="canonical" href="${e(url)}">
<meta property="og:type" content="website">
<meta property="og:site_name" content="${siteName}">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${e(url)}">
<meta property="og:image" content="${e(image)}">
<meta property="og:image:type" content="image/png">
<meta property="og:image:width" content="${PREVIEW_WIDTH}">
<meta property="og:image:height" content="${PREVIEW_HEIGHT}">
<meta property="og:image:alt" content="${imageAlt}">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="${title}">
<meta name="twitter:description" content="${description}">
<meta name="twitter:image" content="${e(image)}">
<meta name="twitter:image:alt" content="${imageAlt}">
<style>${PAGE_STYLE}</style>
</head>
<body>
<main class="certificate">
<p class="site"><a href="/">${siteName}</a></p>
<h1>Certificate of completion</h1>
<p class="intro">This certifies that</p>
<p class="name">${name}</p>
<p class="completed">completed the course</p>
<p class="course"><a href="/courses/${e(encodeURIComponent(record.course))}">${course}</a></p>
<p class="issued">Issued <time datetime="${isoDate}">${date}</time></p>
<footer class="verify">
<p>Anyone can verify this certificate at this address:</p>
<p class="address">${e(url)}</p>
</footer>
</main>
</body>
</html>
`;
}

/** The answer for an id that names no certificate (never issued, mistyped or withdrawn). */
export function certificateNotFoundHtml(): string {
  return noticePage('Certificate not found', 'No certificate at this address: it may have been withdrawn');
}

/** A failure of ours (the store unreachable): nothing about the certificate is said. */
export function certificateUnavailableHtml(): string {
  return noticePage(
    'Certificate unavailable',
    'This certificate cannot be shown right now. Please try again in a moment.',
  );
}

/** A short page in place of a certificate: its title and one sentence, then the way home. */
function noticePage(title: string, sentence: string): string {
  const siteName = escapeHtml(site.name);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} | ${siteName}</title>
<style>${NOT_FOUND_STYLE}</style>
</head>
<body>
<main>
<h1>${sentence}</h1>
<p><a href="/">${siteName}</a></p>
</main>
</body>
</html>
`;
}

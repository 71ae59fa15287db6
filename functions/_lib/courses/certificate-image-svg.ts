import { site } from '../../../site/lib/site.ts';
import { issuedOn, PREVIEW_HEIGHT, PREVIEW_WIDTH } from './certificate-html.ts';
import type { CertificateRecord } from './progress-keys.ts';

/**
 * The certificate's preview image (/certificates/{id}/preview.png) as SVG, drawn in the site's
 * colours with the font the renderer is given (certificate-png.ts): SVG has no line wrapping, so
 * long names and titles are broken into lines and shrunk here, by an estimate of their width.
 */

export const IMAGE_FONT_FAMILY = 'DejaVu Sans';

const WIDTH = PREVIEW_WIDTH;
const HEIGHT = PREVIEW_HEIGHT;
/** Room for a line of text inside the frame. */
const TEXT_WIDTH = 1000;

/** Text for SVG (XML) content, without the control characters XML cannot carry at all. */
export function escapeXml(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
      .replaceAll("'", '&apos;')
  );
}

/**
 * Width of `text` in ems, over-estimated on purpose (DejaVu Sans is wide; a bold capital is about
 * 0.8 em, most lower-case letters 0.6–0.7): a line is better a little small than cut off.
 */
function ems(text: string, bold: boolean): number {
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0x2e80) width += 1.05;
    else if (char === ' ') width += 0.33;
    else if (/[A-Z0-9MW@%]/.test(char)) width += bold ? 0.82 : 0.74;
    else width += bold ? 0.7 : 0.62;
  }
  return width;
}

interface Fitted {
  lines: string[];
  size: number;
}

/** One line at `size` if it fits, else two lines split at the space that balances them best, shrunk to fit. */
export function fitText(text: string, size: number, bold: boolean, maxWidth = TEXT_WIDTH): Fitted {
  const oneLine = text.trim().replace(/\s+/g, ' ');
  if (ems(oneLine, bold) * size <= maxWidth) return { lines: [oneLine], size };
  const words = oneLine.split(' ');
  let lines = [oneLine];
  let widest = ems(oneLine, bold);
  for (let i = 1; i < words.length; i++) {
    const pair = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const width = Math.max(...pair.map((line) => ems(line, bold)));
    if (width < widest) {
      lines = pair;
      widest = width;
    }
  }
  return { lines, size: Math.min(size, Math.floor(maxWidth / widest)) };
}

function textLines(
  fitted: Fitted,
  top: number,
  attrs: string,
  lineHeight = 1.2,
): { svg: string; bottom: number } {
  let y = top;
  const svg = fitted.lines
    .map((line) => {
      y += fitted.size;
      const element = `<text x="${WIDTH / 2}" y="${y}" font-size="${fitted.size}" ${attrs}>${escapeXml(line)}</text>`;
      y += fitted.size * (lineHeight - 1);
      return element;
    })
    .join('\n');
  return { svg, bottom: y };
}

/** The preview's SVG: site name, "Certificate of completion", the name, the course and the date. */
export function certificateImageSvg(record: CertificateRecord): string {
  const family = `font-family="${IMAGE_FONT_FAMILY}" text-anchor="middle"`;
  const name = fitText(record.name, 68, true);
  const course = fitText(record.courseTitle, 42, true);
  // The block in the middle (name, "completed the course", course) is centred vertically in the room
  // between the heading and the date, whatever its number of lines.
  const blockHeight =
    name.lines.length * name.size +
    (name.lines.length - 1) * name.size * 0.2 +
    26 +
    30 +
    26 +
    (course.lines.length * course.size + (course.lines.length - 1) * course.size * 0.2);
  const top = 232 + Math.max(0, (470 - 232 - blockHeight) / 2);
  const nameLines = textLines(name, top, `${family} font-weight="bold" fill="#e9eff8"`);
  const completed = `<text x="${WIDTH / 2}" y="${nameLines.bottom + 26 + 26}" font-size="26" ${family} fill="#a9b8cc">completed the course</text>`;
  const courseLines = textLines(
    course,
    nameLines.bottom + 26 + 30 + 26,
    `${family} font-weight="bold" fill="#34d27b"`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs>
<radialGradient id="glow" cx="85%" cy="0%" r="70%">
<stop offset="0" stop-color="#34d27b" stop-opacity="0.16"/>
<stop offset="1" stop-color="#34d27b" stop-opacity="0"/>
</radialGradient>
</defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="#0a1322"/>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#glow)"/>
<rect x="40" y="40" width="${WIDTH - 80}" height="${HEIGHT - 80}" rx="20" fill="#0f1b2f" fill-opacity="0.85" stroke="#243754" stroke-width="2"/>
<rect x="54" y="54" width="${WIDTH - 108}" height="${HEIGHT - 108}" rx="12" fill="none" stroke="#13223a" stroke-width="4"/>
<text x="${WIDTH / 2}" y="122" font-size="34" ${family} font-weight="bold" fill="#34d27b">${escapeXml(site.name)}</text>
<text x="${WIDTH / 2}" y="182" font-size="24" ${family} letter-spacing="5" fill="#a9b8cc">CERTIFICATE OF COMPLETION</text>
<rect x="${WIDTH / 2 - 40}" y="204" width="80" height="3" rx="1.5" fill="#34d27b"/>
${nameLines.svg}
${completed}
${courseLines.svg}
<text x="${WIDTH / 2}" y="540" font-size="26" ${family} fill="#a9b8cc">Issued ${escapeXml(issuedOn(record.issuedAt))}</text>
</svg>
`;
}

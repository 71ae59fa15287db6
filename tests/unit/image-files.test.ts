import { describe, expect, it } from 'vitest';
import { imageProblem } from '../../site/lib/image-files.ts';
import { AVIF, GIF, HTML, JPEG, PNG, SCRIPT, SVG, WEBP } from '../support/image-files.ts';

/** What the content editor's media folders take: images by name and by content (site/lib/image-files.ts). */
describe('imageProblem', () => {
  it.each([
    ['cover.png', PNG],
    ['cover.jpg', JPEG],
    ['cover.jpeg', JPEG],
    ['Photo.JPG', JPEG],
    ['anim.gif', GIF],
    ['cover.webp', WEBP],
    ['cover.avif', AVIF],
    ['site/public/images/articles/level_2.webp', WEBP],
  ])('takes %s', (name, bytes) => {
    expect(imageProblem(name, bytes)).toBeNull();
  });

  it.each([
    [
      'evil.html',
      HTML,
      /^\.html files are not taken: only images \(\.png, \.jpg, \.jpeg, \.gif, \.webp, \.avif\)$/,
    ],
    ['evil.htm', HTML, /^\.htm files are not taken/],
    ['app.js', SCRIPT, /^\.js files are not taken/],
    ['app.mjs', SCRIPT, /^\.mjs files are not taken/],
    ['logo.svg', SVG, /^SVG is not taken: an SVG file can carry script/],
    ['logo.SVGZ', SVG, /^SVG is not taken/],
    ['README', HTML, /^a file without an extension is not taken/],
    ['.png', PNG, /^a file without an extension is not taken/],
    ['page.png', HTML, /^it is named \.png but its content is not a PNG image \(it is text or markup\)$/],
    ['script.webp', SCRIPT, /^it is named \.webp but its content is not a WebP image$/],
    ['empty.gif', Buffer.alloc(0), /^it is named \.gif but its content is not a GIF image$/],
    ['photo.png', JPEG, /^it is named \.png but is a JPEG image: name it \.jpg$/],
    ['cover.jpg', WEBP, /^it is named \.jpg but is a WebP image: name it \.webp$/],
    ['riff.webp', Buffer.from('RIFF\0\0\0\0WAVE'), /content is not a WebP image/],
    [
      'movie.avif',
      Buffer.from('\0\0\0\x18ftypmp42\0\0\0\0isommp42', 'latin1'),
      /^it is named \.avif but its content is not an AVIF image$/,
    ],
  ])('refuses %s', (name, bytes, reason) => {
    expect(imageProblem(name, bytes)).toMatch(reason);
  });
});

// What a file is, read from its first bytes: the only thing the server believes. The name and
// the declared type come from the patient's device (or from someone pretending to be one) and
// are never read. Only JPEG, PNG, HEIC/HEIF and WebP go on to be decoded; everything else is refused here,
// each with a message that says what was wrong and what to do.
import { HttpError } from '../errors.js';

export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'heic';

/** What the first bytes say a file is. */
type SniffedKind = PhotoFormat | 'avif' | 'gif' | 'pdf' | 'svg' | 'markup' | 'unknown';

const startsWith = (buf: Buffer, bytes: readonly number[], at = 0) => buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (buf: Buffer, from: number, to: number) => (buf.length >= to ? buf.toString('latin1', from, to) : '');

/**
 * ISO base media brands of HEIF pictures (an iPhone's default "High Efficiency"): the ones the
 * HEIF decoder opens. mif1/msf1 are generic HEIF brands; one holding AV1 rather than HEVC is
 * refused when it does not decode.
 */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1']);

function sniff(buf: Buffer): SniffedKind {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WEBP') return 'webp';
  if (ascii(buf, 4, 8) === 'ftyp') {
    const brand = ascii(buf, 8, 12);
    if (brand === 'avif' || brand === 'avis') return 'avif';
    if (HEIC_BRANDS.has(brand)) return 'heic';
    return 'unknown';
  }
  if (ascii(buf, 0, 4) === 'GIF8') return 'gif';
  if (ascii(buf, 0, 5) === '%PDF-') return 'pdf';
  // Text that opens with markup (after a byte-order mark and white space): SVG, XML or HTML.
  const head = buf
    .toString('utf8', 0, Math.min(buf.length, 1024))
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (head.startsWith('<')) return /<svg[\s>]/.test(head) || head.includes('image/svg') ? 'svg' : 'markup';
  return 'unknown';
}

/**
 * Markup or script that has no business in a photo: a polyglot (a file that is a JPEG to an image
 * reader and a web page to a browser) carries some. Re-encoding would drop it anyway; refusing
 * says plainly that the file is not what it claims, and stores nothing of it.
 */
const HIDDEN_CODE = ['<script', '<html', '<!doctype', '<svg', '<iframe', '<body', '<?php', '<object', '<embed', 'javascript:'];

function hasHiddenCode(buf: Buffer): boolean {
  const text = buf.toString('latin1').toLowerCase();
  return HIDDEN_CODE.some((marker) => text.includes(marker));
}

/** The words of each refusal: what the file was, and what the patient can do. */
export const PHOTO_MESSAGES = {
  empty: 'No photo was sent. Choose a photo to add.',
  notPhoto: (what: string) => `We can only accept photos in JPEG, PNG, HEIC or WebP format. This file is ${what}.`,
  hiddenCode: 'This file has web page code hidden inside it, so we cannot accept it. Take the photo again with your camera and add that one.',
  unreadable: 'This photo could not be opened. It may be damaged or only partly sent. Choose it again, or take a new photo.',
  tooManyPixels: (maxMegapixels: number) =>
    `This picture is too big to open (more than ${maxMegapixels} million pixels). Take a new photo with your camera, or send a screenshot of it.`,
  tooLarge: (maxMb: number) => `This photo is too large. The most we accept is ${maxMb} MB. Take a new photo, or send a screenshot of it.`,
} as const;

const DESCRIBED: Record<Exclude<SniffedKind, PhotoFormat>, string> = {
  avif: 'an AVIF picture',
  gif: 'a GIF animation',
  pdf: 'a PDF document',
  svg: 'an SVG drawing, which can carry code',
  markup: 'a web page or other code',
  unknown: 'not a picture we recognise',
};

/** The photo's format, or the refusal (415 for a type we do not take, 422 for code hidden inside). */
export function acceptedFormat(buf: Buffer): PhotoFormat {
  if (buf.length === 0) throw new HttpError(400, PHOTO_MESSAGES.empty);
  const kind = sniff(buf);
  if (kind !== 'jpeg' && kind !== 'png' && kind !== 'webp' && kind !== 'heic') throw new HttpError(415, PHOTO_MESSAGES.notPhoto(DESCRIBED[kind]));
  if (hasHiddenCode(buf)) throw new HttpError(422, PHOTO_MESSAGES.hiddenCode);
  return kind;
}

// The photo limits, in the style of server/limits.ts: fixed numbers here, the counts multiplied by
// PRACTICE_RATE_LIMIT_SCALE (limitScaleOf) like the practice's other caps; the sizes are not
// scaled (they bound memory and disk, not how often).
import { limitScaleOf } from '../limits.js';
import type { Sql } from '../store/types.js';

export const PHOTO_LIMITS = {
  /** Bytes of one file as sent, before re-encoding (a phone's photo is 2 to 6 MB). */
  maxFileBytes: 10 * 1024 * 1024,
  /** Pixels of one picture (width × height, from its header, before it is decoded): a decompression bomb stops here. */
  maxPixels: 50_000_000,
  /** Longest side of the stored picture. */
  maxSide: 2048,
  /** Longest side of the thumbnail the inbox and the patient's page show. */
  thumbnailSide: 320,
  /** Photos one request may carry (the document's maxItems may ask for fewer). */
  perRequest: 5,
  /** Uploads from one client (IPv4 address or IPv6 /64) in any hour, kept or removed. */
  perClientPerHour: 30,
  /** Uploads from everyone together in any hour: the service's ceiling. */
  allPerHour: 1000,
  /** Bytes of unattached uploads held at once, everyone together: the disk a flood can take. */
  unattachedBytesCeiling: 512 * 1024 * 1024,
  /** An upload never attached to a sent request is deleted this long after it arrived. */
  unattachedKeptMs: 3 * 60 * 60_000,
  /** Pictures decoded at once in this process (each takes a core and up to ~200 MB); more wait their turn. */
  decodingAtOnce: 2,
  /** Uploads waiting for a decoder before the next is told to try again (503). */
  decodingQueue: 8,
} as const;

/** The counted limits in force for this store: the hourly counts times the scale. */
export function photoCounts(store: Sql): { perClientPerHour: number; allPerHour: number } {
  const scale = limitScaleOf(store);
  return {
    perClientPerHour: Math.ceil(PHOTO_LIMITS.perClientPerHour * scale),
    allPerHour: Math.ceil(PHOTO_LIMITS.allPerHour * scale),
  };
}

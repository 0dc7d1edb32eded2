// HEIC/HEIF (an iPhone's "High Efficiency" photos): sharp's prebuilt libvips has no HEVC decoder,
// so these are decoded by libheif compiled to WebAssembly (heic-decode), then written anew by
// sharp exactly as every other photo. The container is read first and each picture's declared
// size checked against the same pixel limit before any pixel is decoded. The decoding runs in a
// worker thread (heic-worker.mjs): it is synchronous and would otherwise stall the server.
import { Worker } from 'node:worker_threads';
import { HttpError } from '../errors.js';
import { PHOTO_MESSAGES } from './content.js';
import { PHOTO_LIMITS } from './limits.js';

export interface DecodedPixels {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  data: Buffer;
}

type Answer = { id: number; error: 'unreadable' | 'tooManyPixels' } | { id: number; width: number; height: number; data: Uint8ClampedArray };

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();

// Started on the first HEIC only (the decoder is a few megabytes of WebAssembly); a worker that
// dies (out of memory on a hostile file) fails what it was doing and the next HEIC starts another.
function decoder(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./heic-worker.mjs', import.meta.url));
  started.unref();
  const fail = () => {
    if (worker === started) worker = undefined;
    for (const { reject } of pending.values()) reject(new HttpError(422, PHOTO_MESSAGES.unreadable));
    pending.clear();
  };
  started.on('message', (answer: Answer) => {
    pending.get(answer.id)?.resolve(answer);
    pending.delete(answer.id);
  });
  started.on('error', fail);
  started.on('exit', fail);
  worker = started;
  return started;
}

export async function decodeHeic(input: Buffer): Promise<DecodedPixels> {
  const id = nextId++;
  const answer = await new Promise<Answer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    decoder().postMessage({ id, buffer: new Uint8Array(input), maxPixels: PHOTO_LIMITS.maxPixels });
  });
  if ('error' in answer) {
    if (answer.error === 'tooManyPixels') throw new HttpError(422, PHOTO_MESSAGES.tooManyPixels(PHOTO_LIMITS.maxPixels / 1_000_000));
    throw new HttpError(422, PHOTO_MESSAGES.unreadable);
  }
  return { width: answer.width, height: answer.height, data: Buffer.from(answer.data.buffer, answer.data.byteOffset, answer.data.length) };
}

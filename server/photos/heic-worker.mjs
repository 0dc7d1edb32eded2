// Decodes one HEIC at a time off the server's main thread: libheif in WebAssembly is synchronous
// and takes seconds on a 12 megapixel photo, which on the main thread would hold up every other
// patient's request. Plain JavaScript so that it runs as it is, whatever runs the server.
// Each message: { id, buffer, maxPixels }. Each answer: { id, width, height, data } (RGBA) or
// { id, error: 'unreadable' | 'tooManyPixels' }. The declared size is checked before any pixel is decoded.
import { parentPort } from 'node:worker_threads';
import decode from 'heic-decode';

parentPort?.on('message', async ({ id, buffer, maxPixels }) => {
  let images;
  try {
    images = await decode.all({ buffer });
  } catch {
    parentPort?.postMessage({ id, error: 'unreadable' });
    return;
  }
  try {
    const first = images[0];
    const width = first?.width;
    const height = first?.height;
    if (!first || !Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
      parentPort?.postMessage({ id, error: 'unreadable' });
      return;
    }
    if (width * height > maxPixels) {
      parentPort?.postMessage({ id, error: 'tooManyPixels' });
      return;
    }
    const pixels = await first.decode();
    if (pixels.width !== width || pixels.height !== height || pixels.data.length !== width * height * 4) {
      parentPort?.postMessage({ id, error: 'unreadable' });
      return;
    }
    parentPort?.postMessage({ id, width, height, data: pixels.data }, [pixels.data.buffer]);
  } catch {
    parentPort?.postMessage({ id, error: 'unreadable' });
  } finally {
    images.dispose();
  }
});

// Runs before every e2e file (vitest.e2e.config.ts setupFiles): the file starts on a freshly
// reset demo practice, whatever the file before it on this worker left behind.
import { beforeAll } from 'vitest';
import { resetPractice } from './practice-controls';

beforeAll(async () => {
  await resetPractice();
});

// Photos in Chromium on a phone-sized page: the mole pathway's last section asks for optional
// photos; the patient adds two (a JPEG whose EXIF holds a GPS location and a camera serial, and a
// PNG), removes one, goes back to change an earlier answer (the photo is kept), and sends. Staff then read the stored picture back over HTTP: it is there,
// re-encoded, with no metadata left; the removed one is not.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegWithGps, png } from '../fixtures/photos/make';
import { AMELIA } from './admin-steps';
import { form } from './form-filler';
import { axeViolations, baseURL, openPage } from './harness';
import { practiceAuthHeaders, practiceRequests } from './practice-controls';
import { answerSection, currentSection, loadPathway, onToPractice, patientParams, startPathway, type Answered } from './triage-steps';
import { useBrowser } from './use-browser';

const browser = useBrowser({ resetAfterEach: true });
const PHONE = { width: 390, height: 844 };
const PATHWAY = 'Triage.MoleSkinLump';
const UPLOAD = '/api/v1/triage/patient/photos';

describe('photos in a medical request, in Chromium at 390 px', () => {
  it('two photos added (a JPEG with GPS EXIF, a PNG), one removed, sent; staff read back the stored one with no metadata', { timeout: 240_000 }, async () => {
    const doc = loadPathway(PATHWAY);
    const example = doc.examples?.find((e) => e.name === 'ROUTINE: unchanged lump');
    if (!example) throw new Error(`${PATHWAY} has no example "ROUTINE: unchanged lump"`);
    const { page, cspViolations, errors } = await openPage(browser, { viewport: PHONE });
    // The ids the server gave each upload, in the order they were chosen.
    const uploaded: string[] = [];
    page.on('response', (response) => {
      if (response.request().method() === 'POST' && new URL(response.url()).pathname === UPLOAD && response.status() === 201)
        void response.json().then((body: { id: string }) => uploaded.push(body.id));
    });

    await startPathway(page, 'changed mole', doc.label);
    const answered: Answered = { expected: {}, hiddenAfterAnswer: [], revealed: [] };
    for (let n = 0; (await currentSection(page, doc)).id !== 'photos'; n++) {
      if (n > 5) throw new Error('the photos section never came');
      await answerSection(page, doc, example.answers, patientParams(AMELIA), answered);
    }
    const photos = form(page).getByRole('group', { name: /^Photos of the mole, lump or skin change/ });
    await expect.poll(() => photos.getByText('put a coin or a ruler next to it, to show the size').count()).toBe(1);
    expect(await photos.getByText('Do not send photos of intimate areas').count()).toBe(1);
    expect(await photos.locator('input[type=file]').getAttribute('accept')).toBe('image/*');
    expect(await axeViolations(page), 'photos section, no photo yet').toEqual([]);

    const withGps = await jpegWithGps(1600, 1200);
    expect((await sharp(withGps).metadata()).exif, 'the JPEG sent carries EXIF').toBeDefined();
    await photos.getByLabel('Add a photo', { exact: true }).setInputFiles({ name: 'mole.jpg', mimeType: 'image/jpeg', buffer: withGps });
    await photos.getByRole('img', { name: 'Photo 1 of 1 you added' }).waitFor();
    await photos.getByLabel('Add another photo', { exact: true }).setInputFiles({ name: 'mole.png', mimeType: 'image/png', buffer: await png(400, 300) });
    await photos.getByRole('img', { name: 'Photo 2 of 2 you added' }).waitFor();
    // Each thumbnail is the server's own picture, loaded (a broken image has no natural width).
    await expect
      .poll(() =>
        photos.getByRole('img').evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)),
      )
      .toEqual([true, true]);
    expect(uploaded).toHaveLength(2);
    expect(await axeViolations(page), 'photos section, two photos').toEqual([]);
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await photos.getByRole('button', { name: 'Remove photo 2' }).click();
    await photos.getByRole('img', { name: 'Photo 1 of 1 you added' }).waitFor();
    expect(await photos.getByRole('img').count()).toBe(1);
    // Focus goes back to the add button, not to the page's start.
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('file');
    expect(await axeViolations(page), 'photos section, one removed').toEqual([]);
    const [kept, removed] = uploaded as [string, string];

    // Back to the section before, an answer changed and on again: the photo is still there (as
    // every other answer is kept). First after the photos were sent with Next and the questions
    // were done (Back twice: to the photos, then the section before), then before Next (Back once).
    const about = doc.sections.find((s) => s.id === 'about')!.document;
    const changes = () => form(page).getByRole('group', { name: /^Has the mole or lump done any of these\?/ });
    for (const [tick, sentFirst] of [
      ['Got bigger, or it is a new mole', true],
      ['None of the above', false],
    ] as const) {
      if (sentFirst) {
        await form(page).getByRole('button', { name: 'Next', exact: true }).click();
        await page.waitForURL((url) => url.pathname !== '/triage/questionnaire');
        await page.goBack();
        await photos.getByRole('img', { name: 'Photo 1 of 1 you added' }).waitFor();
      }
      await page.goBack();
      await form(page).getByRole('heading', { level: 1, name: about.pages[0]!.title }).waitFor();
      await changes().getByRole('checkbox', { name: tick, exact: true }).check();
      await form(page).getByRole('button', { name: 'Next', exact: true }).click();
      await photos.getByRole('img', { name: 'Photo 1 of 1 you added' }).waitFor();
      expect(await photos.getByRole('img').count()).toBe(1);
      await expect
        .poll(() => photos.getByRole('img').evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))
        .toBe(true);
    }
    expect(await changes().count(), 'the photos section is on screen').toBe(0);

    await form(page).getByRole('button', { name: 'Next', exact: true }).click();
    await onToPractice(page);
    await page.waitForURL((url) => url.pathname === '/triage/your-own-words');
    await page.getByRole('combobox', { name: /What do you hope for from the practice/ }).selectOption({ label: 'I need advice' });
    await page.getByRole('textbox', { name: /Is there anything else it would help the practice to know/ }).fill('No');
    await form(page).getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { name: 'Send your request?' }).waitFor();
    const summary = page.getByTestId('answers-summary');
    expect(await summary.getByText('1 photo added', { exact: true }).count()).toBe(1);
    expect(await summary.textContent()).not.toContain('ph_');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('heading', { name: 'Your request for medical advice has been sent.' }).waitFor();

    // Staff read back over HTTP with the practice's credentials.
    const [stored] = await practiceRequests();
    expect(stored?.kind).toBe('CONSULTATION');
    const responseData = (
      stored!.body.triageRequest as { responseData: Array<{ identifier: string; observationType: string; answer: Array<{ value: unknown }> }> }
    ).responseData;
    expect(responseData.find((o) => o.identifier === 'molePhotos')).toMatchObject({ observationType: 'ATTACHMENT', answer: [{ value: kept }] });
    const listed = (await (await fetch(`${baseURL()}/api/v1/practice/requests/${stored!.id}/photos`, { headers: practiceAuthHeaders() })).json()) as Array<{
      id: string;
      field: string;
    }>;
    expect(listed.map((p) => [p.id, p.field])).toEqual([[kept, 'molePhotos']]);
    const picture = await fetch(`${baseURL()}/api/v1/practice/photos/${kept}`, { headers: practiceAuthHeaders() });
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await picture.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1600, height: 1200 });
    expect(meta.exif, 'no EXIF (so no GPS location) left').toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(bytes.toString('latin1')).not.toMatch(/GpsTestCam|SN998877|Exif/);
    // The removed photo was deleted, not sent; and without credentials nothing is served.
    expect((await fetch(`${baseURL()}/api/v1/practice/photos/${removed}`, { headers: practiceAuthHeaders() })).status).toBe(404);
    expect((await fetch(`${baseURL()}/api/v1/practice/photos/${kept}`)).status).toBe(401);
    // The inbox shows the thumbnail beside its question.
    const inbox = await (await fetch(`${baseURL()}/practice/inbox`, { headers: practiceAuthHeaders() })).text();
    expect(inbox).toContain(
      `<dt>Photos of the mole, lump or skin change (optional)</dt><dd><ul class="app-photo-thumbnails"><li><a href="/api/v1/practice/photos/${kept}">`,
    );

    // No personal data or photo ids in the browser's storage.
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain('ph_');
    expect(await cspViolations()).toEqual([]);
    expect(errors).toEqual([]);
  });
});

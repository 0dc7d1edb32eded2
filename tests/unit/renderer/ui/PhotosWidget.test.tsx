// @vitest-environment jsdom
// The photos widget (renderer/ui/PhotosWidget.tsx) with a fake uploader: optional unless the
// document requires it, uploads each file as it is chosen, shows a thumbnail with its own Remove
// button, says the server's words when a file is refused, stops at maxItems, and has no axe
// violations with and without photos.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPhotosWidget, SchemaForm, WidgetsProvider, type FormDocument, type PhotoUploader } from '../../../../renderer/index';

const doc = (required: boolean, maxItems = 5): FormDocument => ({
  id: 'PICTURES',
  title: 'Pictures',
  pages: [{ title: 'Your pictures', fields: ['photos'] }],
  schema: {
    type: 'object',
    ...(required ? { required: ['photos'] } : {}),
    properties: {
      photos: {
        type: 'array',
        title: 'Photos of the problem',
        maxItems,
        items: { type: 'string', pattern: '^ph_[0-9a-f]{32}$', maxLength: 35 } as FormDocument['schema']['properties'][string]['items'],
      },
    },
  },
  uiSchema: { photos: { 'ui:widget': 'photos', 'ui:options': { maxFileMegabytes: 1 } } },
});

function fakeUploader(refuse?: string) {
  let n = 0;
  const uploader: PhotoUploader & { removed: string[]; sent: File[] } = {
    removed: [],
    sent: [],
    upload: vi.fn(async (file: File) => {
      uploader.sent.push(file);
      if (refuse) throw new Error(refuse);
      n += 1;
      const id = `ph_${String(n).padStart(32, '0')}`;
      return { id, thumbnailUrl: `/thumbs/${id}` };
    }),
    remove: vi.fn(async (id: string) => {
      uploader.removed.push(id);
    }),
    thumbnailUrl: (id: string) => `/thumbs/${id}`,
  };
  return uploader;
}

function draw(uploader: PhotoUploader, document: FormDocument, onSubmit = vi.fn()) {
  const photos = createPhotosWidget({ uploader, advice: <p>Use good light.</p> });
  render(
    <WidgetsProvider widgets={{ photos }}>
      <SchemaForm doc={document} onSubmit={onSubmit} />
    </WidgetsProvider>,
  );
  return onSubmit;
}

const jpeg = (name = 'rash.jpg', bytes = 2000) => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });
const noAxe = async () =>
  expect((await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })).violations.map((v) => v.id)).toEqual(
    [],
  );

afterEach(() => cleanup());

describe('the photos widget', () => {
  it('is optional: a fieldset with its legend, the advice, a file input offering camera and gallery; sends without a photo; no axe violations', async () => {
    const onSubmit = draw(fakeUploader(), doc(false));
    const group = screen.getByRole('group', { name: 'Photos of the problem' });
    expect(group.tagName).toBe('FIELDSET');
    expect(within(group).getByText('Use good light.')).toBeTruthy();
    const input = within(group).getByLabelText('Add a photo') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/*');
    expect(input.id).toBe('field-photos');
    await noAxe();
    await userEvent.click(screen.getByRole('button', { name: /send|continue|submit/i }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('photos');
  });

  it('uploads each photo as it is chosen, shows its thumbnail, removes one, and sends the ids left', async () => {
    const uploader = fakeUploader();
    const onSubmit = draw(uploader, doc(false));
    await userEvent.upload(screen.getByLabelText('Add a photo'), jpeg('one.jpg'));
    await screen.findByRole('img', { name: 'Photo 1 of 1 you added' });
    await userEvent.upload(screen.getByLabelText('Add another photo'), jpeg('two.png'));
    await screen.findByRole('img', { name: 'Photo 2 of 2 you added' });
    expect(uploader.sent.map((f) => f.name)).toEqual(['one.jpg', 'two.png']);
    expect(screen.getByRole('status').textContent).toBe('Photo 2 added.');
    expect((screen.getByRole('img', { name: 'Photo 1 of 2 you added' }) as HTMLImageElement).getAttribute('src')).toBe(`/thumbs/ph_${'0'.repeat(31)}1`);
    await noAxe();
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(uploader.removed).toEqual([`ph_${'0'.repeat(31)}1`]);
    expect(screen.getAllByRole('img')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('Photo removed.');
    await userEvent.click(screen.getByRole('button', { name: /send|continue|submit/i }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ photos: [`ph_${'0'.repeat(31)}2`] });
  });

  it("says the server's words when a file is refused, and refuses a file over the document's size before sending it", async () => {
    const refusing = fakeUploader('We can only accept photos in JPEG, PNG or WebP format. This file is a PDF document.');
    draw(refusing, doc(false));
    await userEvent.upload(screen.getByLabelText('Add a photo'), jpeg('scan.jpg'));
    expect((await screen.findByRole('alert')).textContent).toBe('We can only accept photos in JPEG, PNG or WebP format. This file is a PDF document.');
    expect(screen.queryAllByRole('img')).toHaveLength(0);
    await noAxe();
    cleanup();
    const uploader = fakeUploader();
    draw(uploader, doc(false));
    await userEvent.upload(screen.getByLabelText('Add a photo'), jpeg('huge.jpg', 2 * 1024 * 1024));
    expect((await screen.findByRole('alert')).textContent).toMatch(/smaller than 1 MB/);
    expect(uploader.sent).toHaveLength(0);
  });

  it('stops at maxItems: the add button gives way to a sentence saying so', async () => {
    draw(fakeUploader(), doc(false, 2));
    await userEvent.upload(screen.getByLabelText('Add a photo'), jpeg('a.jpg'));
    await screen.findByRole('img', { name: 'Photo 1 of 1 you added' });
    await userEvent.upload(screen.getByLabelText('Add another photo'), jpeg('b.jpg'));
    await screen.findByText(/You have added 2 photos, the most you can send/);
    expect(screen.queryByLabelText('Add another photo')).toBeNull();
  });

  it('when the document requires a photo, sending without one names the field in the error summary, linked to the file input', async () => {
    const onSubmit = draw(fakeUploader(), doc(true));
    await userEvent.click(screen.getByRole('button', { name: /send|continue|submit/i }));
    const summary = await screen.findByRole('alert');
    const link = within(summary).getAllByRole('link')[0]!;
    expect(link.getAttribute('href')).toBe('#field-photos');
    expect(onSubmit).not.toHaveBeenCalled();
    await noAxe();
  });
});

// A field of pictures: the person adds them one at a time from the camera or the gallery
// (`accept="image/*"`), each sent to the app's uploader as soon as it is chosen; the answer is the
// list of ids the uploader gave back. Each picture shows as a thumbnail with its own Remove button.
// The renderer knows nothing of where pictures go: the app passes an uploader (and any advice to
// show above the button) to createPhotosWidget, and registers the result under a widget name.
//
// Accessible: a fieldset whose legend is the question; the file input is a real, focusable input
// with a visible label (the error summary links to it); progress and problems are announced in a
// live region; after a removal focus goes back to the add button.
import { useId, useRef, useState, type ChangeEvent, type ReactNode, type RefObject } from 'react';
import { describedBy, ErrorText, groupClass, Hint, Legend } from './fieldParts';
import type { WidgetProps } from './widgets/types';

export interface UploadedPhoto {
  id: string;
  /** Where the app serves the picture's thumbnail to this browser. */
  thumbnailUrl: string;
}

export interface PhotoUploader {
  /** Sends one file; resolves with its id, or rejects with an Error whose message the person can act on. */
  upload(file: File, draft: string): Promise<UploadedPhoto>;
  /** Removes an uploaded picture (best effort: an upload never sent is deleted in any case). */
  remove(id: string): Promise<void>;
  /** The thumbnail address of a picture uploaded earlier (back on the page after Next). */
  thumbnailUrl(id: string): string;
}

export interface PhotosWidgetWords {
  add: string;
  addAnother: string;
  uploading: string;
  added: (n: number) => string;
  removed: string;
  remove: (n: number) => string;
  thumbnailAlt: (n: number, of: number) => string;
  most: (max: number) => string;
  tooLarge: (maxMb: number) => string;
  notPicture: string;
  failed: string;
}

export const DEFAULT_PHOTOS_WORDS: PhotosWidgetWords = {
  add: 'Add a photo',
  addAnother: 'Add another photo',
  uploading: 'Adding your photo. This may take a moment.',
  added: (n) => `Photo ${n} added.`,
  removed: 'Photo removed.',
  remove: (n) => `Remove photo ${n}`,
  thumbnailAlt: (n, of) => `Photo ${n} of ${of} you added`,
  most: (max) => `You have added ${max} photos, the most you can send. Remove one to add a different photo.`,
  tooLarge: (maxMb) => `The photo must be smaller than ${maxMb} MB. Take a new photo, or send a screenshot of it.`,
  notPicture: 'The file you chose is not a photo. Choose a photo (JPEG, PNG, HEIC or WebP).',
  failed: 'The photo could not be added. Check your connection and try again.',
};

const DEFAULT_MAX_ITEMS = 5;
const DEFAULT_MAX_MB = 10;

function randomDraft(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface PhotosWidgetOptions {
  uploader: PhotoUploader;
  /** Shown between the hint and the photos: what makes a useful photo, when not to send one. */
  advice?: ReactNode;
  words?: Partial<PhotosWidgetWords>;
}

/** A photos widget drawing with `uploader`; register it under the name the documents use. */
export function createPhotosWidget({ uploader, advice, words: override }: PhotosWidgetOptions) {
  const words: PhotosWidgetWords = { ...DEFAULT_PHOTOS_WORDS, ...override };
  function PhotosWidget({ id, label, hint, required, snap, schema, ui, hintId, errorId, set }: WidgetProps) {
    const ids = Array.isArray(snap.value) ? snap.value.filter((v): v is string => typeof v === 'string') : [];
    const maxItems = typeof schema.maxItems === 'number' ? Math.min(schema.maxItems, DEFAULT_MAX_ITEMS) : DEFAULT_MAX_ITEMS;
    const maxMb = Math.min(ui['ui:options']?.maxFileMegabytes ?? DEFAULT_MAX_MB, DEFAULT_MAX_MB);
    const [draft] = useState(randomDraft);
    const [thumbs, setThumbs] = useState<Record<string, string>>({});
    const [busy, setBusy] = useState(false);
    const [problem, setProblem] = useState<string | undefined>();
    const [status, setStatus] = useState('');
    const inputRef = useRef<HTMLInputElement>(null);
    const problemId = `${useId().replace(/:/g, '')}-photo-problem`;

    async function onChoose(event: ChangeEvent<HTMLInputElement>) {
      const input = event.currentTarget;
      const files = Array.from(input.files ?? []);
      input.value = '';
      let current = ids;
      setProblem(undefined);
      for (const file of files) {
        if (current.length >= maxItems) {
          setProblem(words.most(maxItems));
          break;
        }
        if (file.size > maxMb * 1024 * 1024) {
          setProblem(words.tooLarge(maxMb));
          continue;
        }
        if (file.type !== '' && !file.type.startsWith('image/')) {
          setProblem(words.notPicture);
          continue;
        }
        setBusy(true);
        setStatus(words.uploading);
        try {
          const photo = await uploader.upload(file, draft);
          current = [...current, photo.id];
          setThumbs((t) => ({ ...t, [photo.id]: photo.thumbnailUrl }));
          set(current);
          setStatus(words.added(current.length));
        } catch (error) {
          setStatus('');
          setProblem(error instanceof Error && error.message ? error.message : words.failed);
        } finally {
          setBusy(false);
        }
      }
    }

    function onRemove(photoId: string) {
      const rest = ids.filter((x) => x !== photoId);
      set(rest.length > 0 ? rest : undefined);
      setProblem(undefined);
      setStatus(words.removed);
      void uploader.remove(photoId).catch(() => undefined);
      // The button that was pressed is gone: focus the add button, or the field's first input.
      requestAnimationFrame(() => inputRef.current?.focus());
    }

    const describe = describedBy(hint && hintId, problem && problemId, snap.error && errorId);
    return (
      <div className={groupClass(snap.error ?? problem)}>
        <fieldset className="nhsuk-fieldset" aria-describedby={describe}>
          <Legend required={required}>{label}</Legend>
          <Hint id={hintId} text={hint} />
          {advice}
          <ErrorText id={errorId} message={snap.error} />
          {problem ? (
            <span className="nhsuk-error-message" id={problemId} role="alert">
              {problem}
            </span>
          ) : null}
          <PhotoThumbnails ids={ids} thumbs={thumbs} uploader={uploader} words={words} label={label} onRemove={onRemove} />
          <AddPhoto id={id} count={ids.length} maxItems={maxItems} words={words} inputRef={inputRef} disabled={busy || snap.disabled} onChoose={onChoose} />
          <p className="nhsuk-u-visually-hidden" role="status" aria-live="polite">
            {status}
          </p>
        </fieldset>
      </div>
    );
  }
  return PhotosWidget;
}

interface PhotoThumbnailsProps {
  ids: string[];
  thumbs: Record<string, string>;
  uploader: PhotoUploader;
  words: PhotosWidgetWords;
  label: string;
  onRemove: (photoId: string) => void;
}

/** The pictures added so far, each a thumbnail with its own Remove button. */
function PhotoThumbnails({ ids, thumbs, uploader, words, label, onRemove }: PhotoThumbnailsProps) {
  if (ids.length === 0) return null;
  return (
    <ul className="nhsuk-list app-photos" aria-label={label}>
      {ids.map((photoId, i) => (
        <li key={photoId} className="app-photos__item">
          <img src={thumbs[photoId] ?? uploader.thumbnailUrl(photoId)} alt={words.thumbnailAlt(i + 1, ids.length)} width={160} />
          <button type="button" className="nhsuk-button nhsuk-button--secondary nhsuk-button--small" onClick={() => onRemove(photoId)}>
            {words.remove(i + 1)}
          </button>
        </li>
      ))}
    </ul>
  );
}

interface AddPhotoProps {
  id: string;
  count: number;
  maxItems: number;
  words: PhotosWidgetWords;
  inputRef: RefObject<HTMLInputElement | null>;
  disabled: boolean;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => Promise<void>;
}

/** The file input that adds a picture, or, once the most are added, the sentence saying so (it keeps the field's id). */
function AddPhoto({ id, count, maxItems, words, inputRef, disabled, onChoose }: AddPhotoProps) {
  if (count >= maxItems) {
    return (
      <p className="nhsuk-body" id={id} tabIndex={-1}>
        {words.most(maxItems)}
      </p>
    );
  }
  return (
    <div className="nhsuk-form-group app-photos__add">
      <label className="nhsuk-label" htmlFor={id}>
        {count === 0 ? words.add : words.addAnother}
      </label>
      <input
        ref={inputRef}
        className="nhsuk-file-upload"
        id={id}
        name={id}
        type="file"
        accept="image/*"
        disabled={disabled}
        onChange={(e) => void onChoose(e)}
      />
    </div>
  );
}

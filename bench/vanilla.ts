// Bench page: the floor. The same generated fields drawn once with plain DOM calls, unstyled,
// no framework; a yes/no question that reveals its detail field inserts or removes one
// element. What is left of a latency here is the browser's own cost (input handling, style,
// layout, paint) on a page of this size, which no renderer can go below.
import { CHOICES, generateFields, type GeneratedField } from './generate';
import { installBench, markFirstRender, sizeFromUrl } from './measure';

const bench = installBench();
const fields = generateFields(sizeFromUrl());

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: Node[]): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  for (const child of children) node.append(child);
  return node;
}

function textGroup(id: string, title: string, type = 'text'): HTMLElement {
  return el('div', { className: 'group' }, el('label', { htmlFor: id, textContent: title }), el('input', { id, name: id, type }));
}

function radios(id: string, title: string, options: Array<[string, string]>, onPick?: (value: string) => void): HTMLElement {
  return el(
    'fieldset',
    {},
    el('legend', { textContent: title }),
    ...options.map(([value, label], i) => {
      const input = el('input', { id: `${id}-${i}`, name: id, type: 'radio', value });
      if (onPick) input.addEventListener('change', () => onPick(value));
      return el('div', {}, input, el('label', { htmlFor: `${id}-${i}`, textContent: label }));
    }),
  );
}

function draw(f: GeneratedField): HTMLElement {
  const id = `v_${f.name}`;
  switch (f.kind) {
    case 'text':
      return textGroup(id, f.title);
    case 'number':
      return textGroup(id, f.title, 'number');
    case 'date':
      return textGroup(id, f.title, 'date');
    case 'choice':
      return radios(
        id,
        f.title,
        CHOICES.map((c) => [c, c]),
      );
    case 'boolean':
      return radios(id, f.title, [
        ['true', 'Yes'],
        ['false', 'No'],
      ]);
    case 'reveal': {
      let detail: HTMLElement | undefined;
      const group = radios(
        id,
        f.title,
        [
          ['true', 'Yes'],
          ['false', 'No'],
        ],
        (value) => {
          if (value === 'true' && !detail) {
            detail = textGroup(`v_${f.detail}`, `Give details for ${f.title.toLowerCase()}`);
            group.after(detail);
          } else if (value === 'false' && detail) {
            detail.remove();
            detail = undefined;
          }
        },
      );
      return group;
    }
  }
}

const form = el('form', { noValidate: true });
for (const f of fields) form.append(draw(f));
document.getElementById('root')?.append(form);
markFirstRender(bench);

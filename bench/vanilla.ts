// Bench page: the floor. The same generated fields drawn once with plain DOM calls, unstyled,
// no framework; a yes/no question that reveals its detail field inserts or removes one
// element. What is left of a latency here is the browser's own cost (input handling, style,
// layout, paint) on a page of this size, which no renderer can go below.
import { CHOICES, ITEM_FIELDS, LIST_NAME, generateFields, nestedForms, type GeneratedField } from './generate';
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

function draw(f: GeneratedField, prefix = ''): HTMLElement {
  const id = `v_${prefix}${f.name}`;
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
            detail = textGroup(`v_${prefix}${f.detail}`, `Give details for ${f.title.toLowerCase()}`);
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
if (new URLSearchParams(location.search).get('shape') === 'nested') {
  // 20 groups, each a fieldset of its fields (ids v_<group>_<field>), then the list: one fieldset
  // per item with its three text inputs (ids v_medicines_<i>_<field>) and a Remove button.
  const nested = nestedForms();
  for (const g of nested.groups) form.append(el('fieldset', {}, el('legend', { textContent: g.title }), ...g.fields.map((f) => draw(f, `${g.name}_`))));
  const list = el('fieldset', {}, el('legend', { textContent: 'Your medicines' }));
  nested.items.forEach((item, i) => {
    const inputs = ITEM_FIELDS.map((k) => {
      const group = textGroup(`v_${LIST_NAME}_${i}_${k}`, k);
      (group.querySelector('input') as HTMLInputElement).value = item[k];
      return group;
    });
    const remove = el('button', { type: 'button', textContent: 'Remove' });
    const fieldset = el('fieldset', {}, el('legend', { textContent: `Medicine ${i + 1}` }), ...inputs, remove);
    remove.addEventListener('click', () => fieldset.remove());
    list.append(fieldset);
  });
  list.append(el('button', { type: 'button', textContent: 'Add another medicine' }));
  form.append(list);
} else for (const f of fields) form.append(draw(f));
document.getElementById('root')?.append(form);
markFirstRender(bench);

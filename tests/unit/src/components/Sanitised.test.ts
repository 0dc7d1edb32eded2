// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitisePracticeHtml } from '../../../../src/components/Sanitised';

function parse(html: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = sanitisePracticeHtml(html);
  return div;
}

describe('practice notice sanitiser', () => {
  it('removes scripts', () => {
    const out = parse('<p>Hello</p><script>window.__pwned = true</script>');
    expect(out.querySelector('script')).toBeNull();
    expect(out.innerHTML).not.toContain('__pwned');
    expect(out.textContent).toBe('Hello');
  });

  it('removes every on* handler attribute', () => {
    const out = parse('<p onclick="alert(1)">a</p><a href="/x" onmouseover="alert(2)">b</a><img src=x onerror="alert(3)"><svg onload="alert(4)"></svg>');
    const attributes = [...out.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.name));
    expect(attributes.filter((name) => name.startsWith('on'))).toEqual([]);
    expect(out.querySelector('p')?.textContent).toBe('a');
  });

  it('removes javascript: URLs', () => {
    const out = parse('<a href="javascript:alert(1)">click</a><a href="JaVaScRiPt:alert(2)">x</a>');
    for (const a of out.querySelectorAll('a')) expect(a.getAttribute('href') ?? '').not.toMatch(/javascript:/i);
  });

  it('drops inline styles and iframes (our CSP forbids them)', () => {
    const out = parse('<p style="color:red">a</p><iframe src="https://evil.example"></iframe>');
    expect(out.querySelector('[style]')).toBeNull();
    expect(out.querySelector('iframe')).toBeNull();
  });

  it('keeps formatting: paragraphs, lists, emphasis, headings and safe links', () => {
    const out = parse('<h3>Flu</h3><p><strong>Book</strong> your <em>jab</em></p><ul><li>one</li></ul><a href="https://www.nhs.uk/">NHS</a><br>');
    expect(out.querySelector('h3')?.textContent).toBe('Flu');
    expect(out.querySelector('strong')?.textContent).toBe('Book');
    expect(out.querySelector('em')?.textContent).toBe('jab');
    expect(out.querySelectorAll('li')).toHaveLength(1);
    expect(out.querySelector('a')?.getAttribute('href')).toBe('https://www.nhs.uk/');
    expect(out.querySelector('br')).not.toBeNull();
  });
});

describe('handler attributes are renamed before parsing (no CSP reports from the parser)', () => {
  it('never hands an on* attribute to the parser, in any quoting', () => {
    const out = sanitisePracticeHtml('<img src=x onerror=alert(1)><p\nonClick="a()">t</p><div/onload=x>u</div><a href="/" title="x" onfocus=\'y\'>v</a>');
    expect(out).not.toMatch(/\son[a-z]+=/i);
    expect(out).toContain('<p>t</p>');
  });
});

import type { Page } from '@playwright/test';

/**
 * What is clipped or sticks out at the current width: the page scrolling sideways, any element past the
 * viewport's left or right edge, and any element that hides overflow (or ends in an ellipsis) whose text is
 * wider than its box. Elements inside a sideways-scrolling container and visually hidden labels are skipped:
 * there the overflow is intended.
 */
export async function findOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const viewport = document.documentElement.clientWidth;
    const pageWidth = document.scrollingElement?.scrollWidth ?? 0;
    if (pageWidth > viewport) problems.push(`the page scrolls sideways: ${pageWidth} px wide in ${viewport} px`);

    const describe = (el: Element) => {
      const id = el.getAttribute('data-testid');
      const cls =
        typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''}${cls}> "${text}"`;
    };
    const scrollsSideways = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const x = getComputedStyle(p).overflowX;
        if (x === 'auto' || x === 'scroll') return true;
      }
      return false;
    };
    const hidden = (el: Element, style: CSSStyleDeclaration) =>
      style.display === 'none' ||
      style.visibility === 'hidden' ||
      // The app's and the console's visually hidden labels (.visually-hidden, .sr-only): read aloud, not seen.
      el.closest('.visually-hidden, .sr-only, [aria-hidden="true"] svg') !== null ||
      (style.position === 'absolute' && style.clip !== 'auto' && style.clip !== '');

    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (el instanceof SVGElement && !(el instanceof SVGSVGElement)) continue;
      const style = getComputedStyle(el);
      if (hidden(el, style)) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || scrollsSideways(el)) continue;
      if (box.right > viewport + 1 || box.left < -1) {
        problems.push(`${describe(el)} reaches ${Math.round(box.left)}..${Math.round(box.right)} of ${viewport} px`);
        continue;
      }
      const clips = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
      // A typed value scrolls inside its field as it should; an empty field's placeholder must fit.
      const typed = (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && el.value !== '';
      if (clips && !typed && el.scrollWidth > el.clientWidth + 1) {
        problems.push(`${describe(el)} is clipped: ${el.scrollWidth} px of text in ${el.clientWidth} px`);
      }
    }
    return problems;
  });
}

/**
 * Where the header title breaks inside a word ("Announce/ment") or takes more than two lines. Words come from
 * Intl.Segmenter in the page's language, so a Chinese title may wrap between its words but not inside one.
 */
export async function findBrokenTitle(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const title = document.querySelector('.header-title');
    const text = title?.firstChild;
    if (!title || !(text instanceof Text)) return [];
    const lineTops = (start: number, end: number) => {
      const range = document.createRange();
      range.setStart(text, start);
      range.setEnd(text, end);
      return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
    };
    const problems: string[] = [];
    const segmenter = new Intl.Segmenter(document.documentElement.lang, { granularity: 'word' });
    for (const { segment, index, isWordLike } of segmenter.segment(text.data)) {
      if (isWordLike && lineTops(index, index + segment.length).size > 1) {
        problems.push(`the header title "${text.data}" breaks inside "${segment}"`);
      }
    }
    const lines = lineTops(0, text.data.length).size;
    if (lines > 2) problems.push(`the header title "${text.data}" takes ${lines} lines`);
    return problems;
  });
}

import { type RefObject, useLayoutEffect } from 'react';

/** The smallest a header title gets before its second line ends in an ellipsis. */
const MIN_FONT_PX = 11;

/**
 * Shrinks an element's font until its text fits its box (no word wider than the box, no line past its line
 * clamp), down to MIN_FONT_PX: a long title ("Announcement", an Arabic miner title) gets smaller instead of
 * being broken inside a word. Refits when the box changes size (rotation, a longer username beside it).
 */
export function useFitText(ref: RefObject<HTMLElement | null>, text: string) {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const fit = () => {
      el.style.fontSize = '';
      let size = Number.parseFloat(getComputedStyle(el).fontSize);
      const overflows = () => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
      while (overflows() && size > MIN_FONT_PX) {
        size -= 0.5;
        el.style.fontSize = `${size}px`;
      }
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    // Observing the parent: the title's own height changes with its font, the row's width does not.
    const observer = new ResizeObserver(fit);
    if (el.parentElement) observer.observe(el.parentElement);
    return () => observer.disconnect();
  }, [ref, text]);
}

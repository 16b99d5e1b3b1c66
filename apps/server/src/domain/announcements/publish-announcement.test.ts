import { describe, expect, it } from 'vitest';
import { sanitizeAnnouncementHtml, summarize } from './publish-announcement.ts';

describe('announcement HTML', () => {
  it('drops scripts, handlers, styles and foreign link schemes', () => {
    const dirty =
      '<p onclick="x()">Hi<script>alert(1)</script></p><img src=x onerror=alert(1)><a href="javascript:alert(1)">a</a><style>p{}</style>';
    const clean = sanitizeAnnouncementHtml(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript|style|<img/);
    expect(clean).toContain('<p>Hi</p>');
  });

  it('keeps https links and opens them safely in a new tab', () => {
    expect(sanitizeAnnouncementHtml('<a href="https://aidf.example/x">x</a>')).toBe(
      '<a href="https://aidf.example/x" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
  });

  it('summarizes as plain text, cut at a word', () => {
    expect(summarize('<p>Short <b>news</b>.</p>')).toBe('Short news.');
    const long = summarize(`<p>${'word '.repeat(60)}</p>`);
    expect(long.length).toBeLessThanOrEqual(141);
    expect(long.endsWith('word…')).toBe(true);
  });
});

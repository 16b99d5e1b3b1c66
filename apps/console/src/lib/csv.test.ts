import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv.ts';

describe('[console] CSV export', () => {
  it('quotes fields with commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
  });

  it('writes nothing for null, and JSON for objects (quoted, since JSON has quotes)', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField({ status: 'held', n: 1 })).toBe('"{""status"":""held"",""n"":1}"');
  });

  it('defuses what a spreadsheet would run as a formula, but keeps signed numbers', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('+1+1')).toBe("'+1+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-5')).toBe('-5');
    expect(csvField('-12.5')).toBe('-12.5');
    expect(csvField('-cmd')).toBe("'-cmd");
  });

  it('defuses a formula behind a space or a tab, and the full-width ＝ ＋ － ＠ spreadsheets read as = + - @', () => {
    expect(csvField(' =1+1')).toBe("' =1+1");
    expect(csvField('\t=1+1')).toBe("'\t=1+1");
    expect(csvField('＝HYPERLINK("http://x")')).toBe('"\'＝HYPERLINK(""http://x"")"');
    expect(csvField('＋1＋1')).toBe("'＋1＋1");
    expect(csvField('－cmd')).toBe("'－cmd");
    expect(csvField('＠SUM(A1)')).toBe("'＠SUM(A1)");
    expect(csvField('a ＝ b')).toBe('a ＝ b');
  });

  it('starts with a byte order mark and ends each row with CRLF', () => {
    const csv = toCsv(['a', 'b'], [['1', '理由, 中文']]);
    expect(csv).toBe('\uFEFFa,b\r\n1,"理由, 中文"\r\n');
  });
});

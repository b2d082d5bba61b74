import { describe, expect, it } from 'vitest';
import { ENGLISH_TEXTS, type TextKey } from '../../../../src/api/language/texts.ts';
import { formatText } from '../../../../src/api/language/format-text.ts';
import { detailField } from '../../../../src/features/admin/admin-api.ts';
import { moneyText, parseMoney, parseNumber } from '../../../../src/features/admin/console-values.ts';
import { detailWords } from '../../../../src/features/admin/use-console-form.ts';
import { EventStreamReader } from '../../../../src/features/admin/live-orders/sse.ts';

const t = (key: TextKey, values?: Record<string, string | number>) => formatText(ENGLISH_TEXTS[key], values);

describe('what a person types, as the API takes it', () => {
  it('reads amounts in major units into minor units, and says when it cannot', () => {
    expect(parseMoney('12.5')).toBe(1250);
    expect(parseMoney(' 0,99 ')).toBe(99);
    expect(parseMoney('')).toBeNull();
    expect(parseMoney('12.345')).toBeUndefined();
    expect(parseMoney('-5')).toBeUndefined();
    expect(parseMoney('-5.00', { signed: true })).toBe(-500);
    expect(moneyText(1250)).toBe('12.50');
    expect(parseNumber('7.5', { integer: true })).toBeUndefined();
    expect(parseNumber('40.4406')).toBe(40.4406);
  });

  it('finds the field a server detail names', () => {
    expect(detailField({ path: '/settings/storeColor', message: 'x' }, 'settings')).toBe('storeColor');
    expect(detailField({ path: '/opening_hours/2/opens', message: 'x' })).toBe('opening_hours');
    expect(detailField({ path: '/texts/a~1b', message: 'x' }, 'texts')).toBe('a/b');
    expect(detailField({ path: '/', message: 'x' })).toBeNull();
  });

  it('puts the schema check’s common answers in the console’s own words', () => {
    expect(detailWords('must NOT have fewer than 1 characters', t)).toBe('Fill this in.');
    expect(detailWords('must NOT have more than 60 characters', t)).toBe('At most 60 characters.');
    expect(detailWords('must be <= 100', t)).toBe('At most 100.');
    expect(detailWords('must be >= 1', t)).toBe('At least 1.');
    expect(detailWords('must match pattern "^[a-z]+$"', t)).toBe('Not in the form this field takes: see the hint.');
    // No validator's English reaches the console (issue 15.10); a name of blanks is an empty name.
    expect(detailWords('must match pattern "\\S"', t)).toBe('Fill this in.');
    expect(detailWords('must NOT have fewer than 2 characters', t)).toBe('At least 2 characters.');
    expect(detailWords('must be integer', t)).toBe('Enter a number.');
    expect(detailWords('is odd', t)).toBe('Not in the form this field takes: see the hint.');
    // A money field typed in dollars hears its limit in dollars, not in cents.
    expect(detailWords('must be <= 100000000', t, (minor) => `$${(minor / 100).toFixed(2)}`)).toBe('At most $1000000.00.');
  });
});

describe('the store-order stream reader', () => {
  it('dispatches on a blank line, across chunks and line endings, and skips comments', () => {
    const reader = new EventStreamReader();
    expect(reader.push(': heartbeat\n\nevent: placed\ndata: {"order":')).toEqual([]);
    expect(reader.push('1}\r')).toEqual([]);
    expect(reader.push('\n\r\n')).toEqual([{ event: 'placed', data: '{"order":1}' }]);
    expect(reader.push('data: a\ndata: b\n\n')).toEqual([{ event: 'message', data: 'a\nb' }]);
  });
});

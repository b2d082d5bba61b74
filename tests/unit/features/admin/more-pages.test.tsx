import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useMorePages, type PageOutcome } from '../../../../src/features/admin/use-more-pages.tsx';

describe('useMorePages: the pages of a console list after its first', () => {
  it('adds each page, keeps what was shown when one fails, and starts again for other filters', async () => {
    const answers: PageOutcome<string>[] = [{ rows: ['c', 'd'], next: 5 }, { error: 'You are offline' }, { rows: ['e'], next: null }];
    const asked: number[] = [];
    const fetchPage = async (cursor: number) => {
      asked.push(cursor);
      return answers.shift() as PageOutcome<string>;
    };
    const { result, rerender } = renderHook(({ key }) => useMorePages(key, fetchPage), { initialProps: { key: 'all' } });
    expect(result.current.rows).toEqual([]);
    expect(result.current.nextAfter(9)).toBe(9);

    await act(() => result.current.load(9));
    expect(result.current.rows).toEqual(['c', 'd']);
    expect(result.current.nextAfter(9)).toBe(5);

    await act(() => result.current.load(5));
    expect(result.current.rows).toEqual(['c', 'd']);
    expect(result.current.error).toBe('You are offline');
    // The page that failed is asked again next time.
    expect(result.current.nextAfter(9)).toBe(5);

    await act(() => result.current.load(5));
    expect(result.current.rows).toEqual(['c', 'd', 'e']);
    expect(result.current.error).toBeNull();
    expect(result.current.nextAfter(9)).toBeNull();
    expect(asked).toEqual([9, 5, 5]);

    rerender({ key: 'drivers' });
    expect(result.current.rows).toEqual([]);
    expect(result.current.nextAfter(3)).toBe(3);
  });
});

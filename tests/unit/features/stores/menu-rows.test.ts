import { describe, expect, it } from 'vitest';
import { buildMenuRows, menuSectionTabs } from '../../../../src/features/stores/menu-rows.ts';
import { rowOffsets, visibleRange } from '../../../../src/features/stores/WindowedList.tsx';
import { itemRow } from './fixtures.ts';

const TITLES = { recommended: 'Recommended', other: 'Other' };

describe('buildMenuRows', () => {
  it('puts recommended first, then sections in menu order, with items without a category under Other', () => {
    const rows = buildMenuRows(
      [
        itemRow({ id: 1, item_category_id: 20, position: 0 }),
        itemRow({ id: 2, item_category_id: null, position: 1 }),
        itemRow({ id: 3, item_category_id: 10, position: 2, is_recommended: true }),
      ],
      [
        { id: 10, name: 'Wraps' },
        { id: 20, name: 'Drinks' },
        { id: 0, name: 'Other' },
      ],
      TITLES,
    );
    expect(rows.map((row) => (row.kind === 'heading' ? `#${row.title}` : row.item.id))).toEqual([
      '#Recommended', 3, '#Wraps', 3, '#Drinks', 1, '#Other', 2,
    ]);
  });

  it('shows a recommended item outside every section only once', () => {
    const rows = buildMenuRows([itemRow({ id: 7, item_category_id: 99, is_recommended: true })], [{ id: 10, name: 'Wraps' }], TITLES);
    expect(rows.filter((row) => row.kind === 'item')).toHaveLength(1);
  });
});

describe('windowing', () => {
  it('finds the rows overlapping a band', () => {
    const offsets = rowOffsets([10, 10, 10, 10], (height) => height);
    expect(offsets).toEqual([0, 10, 20, 30, 40]);
    expect(visibleRange(offsets, 15, 25)).toEqual([1, 3]);
    expect(visibleRange(offsets, -100, 5)).toEqual([0, 1]);
    expect(visibleRange(offsets, 100, 200)).toEqual([4, 4]);
  });
});

describe('menuSectionTabs', () => {
  it('names each section once, in menu order, with the row its heading is on', () => {
    const rows = buildMenuRows(
      [itemRow({ id: 1, item_category_id: 20 }), itemRow({ id: 2, item_category_id: 10, is_recommended: true })],
      [
        { id: 10, name: 'Wraps' },
        { id: 20, name: 'Drinks' },
      ],
      TITLES,
    );
    expect(menuSectionTabs(rows)).toEqual([
      { key: 'recommended', title: 'Recommended', row: 0 },
      { key: '10', title: 'Wraps', row: 2 },
      { key: '20', title: 'Drinks', row: 4 },
    ]);
    expect(rows.filter((row) => row.kind === 'item').map((row) => row.section)).toEqual(['recommended', '10', '20']);
  });
});

/**
 * Renders only the rows near the viewport of a long list (a store can have
 * thousands of items): rows have a fixed height per kind, so every row's
 * offset is known without measuring; the list keeps its full height and
 * places the visible rows absolutely. Follows the window's scroll.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';

export interface WindowedListProps<Row> {
  rows: readonly Row[];
  rowHeight: (row: Row) => number;
  rowKey: (row: Row) => string;
  renderRow: (row: Row) => ReactNode;
  /** Extra pixels rendered above and below the viewport. */
  overscan?: number;
  className?: string;
  testId?: string;
  /** The list's element, for a caller that scrolls to a row (its offset from rowOffsets plus the list's top). */
  listRef?: RefObject<HTMLDivElement | null>;
}

/** Offsets of each row's top, plus the total height as the last entry. */
export function rowOffsets<Row>(rows: readonly Row[], rowHeight: (row: Row) => number): number[] {
  const offsets = new Array<number>(rows.length + 1);
  offsets[0] = 0;
  for (let i = 0; i < rows.length; i += 1) offsets[i + 1] = offsets[i]! + rowHeight(rows[i]!);
  return offsets;
}

/** The rows [start, end) that overlap the band [top, bottom) of the list's own coordinates. */
export function visibleRange(offsets: readonly number[], top: number, bottom: number): [number, number] {
  const count = offsets.length - 1;
  // First row whose bottom is below `top`.
  let low = 0;
  let high = count;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (offsets[mid + 1]! <= top) low = mid + 1;
    else high = mid;
  }
  let end = low;
  while (end < count && offsets[end]! < bottom) end += 1;
  return [low, end];
}

interface Viewport {
  top: number;
  bottom: number;
}

function readViewport(element: HTMLElement | null): Viewport {
  const height = window.innerHeight || document.documentElement.clientHeight || 800;
  const listTop = element ? element.getBoundingClientRect().top : 0;
  // In the list's coordinates: the viewport starts at -listTop.
  return { top: -listTop, bottom: -listTop + height };
}

export function WindowedList<Row>({ rows, rowHeight, rowKey, renderRow, overscan = 600, className, testId, listRef }: WindowedListProps<Row>) {
  const ownRef = useRef<HTMLDivElement>(null);
  const ref = listRef ?? ownRef;
  const [viewport, setViewport] = useState<Viewport>(() => ({ top: 0, bottom: window.innerHeight || 800 }));
  const offsets = useMemo(() => rowOffsets(rows, rowHeight), [rows, rowHeight]);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const next = readViewport(ref.current);
      setViewport((before) => (before.top === next.top && before.bottom === next.bottom ? before : next));
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [ref]);

  const [start, end] = visibleRange(offsets, viewport.top - overscan, viewport.bottom + overscan);
  const total = offsets[rows.length] ?? 0;
  const visible: ReactNode[] = [];
  for (let i = start; i < end; i += 1) {
    const row = rows[i]!;
    visible.push(
      <div key={rowKey(row)} className="windowed-row" style={{ top: offsets[i], height: offsets[i + 1]! - offsets[i]! }}>
        {renderRow(row)}
      </div>,
    );
  }
  return (
    <div ref={ref} className={className} style={{ position: 'relative', height: total }} data-testid={testId}>
      {visible}
    </div>
  );
}

/**
 * Pages with a custom paginator pinned to the bottom (an element with class `custom-paginator`)
 * need room below their content. Every 2 s the content area is checked and the
 * answer is the bottom padding to give it.
 */
import { useEffect, useState, type RefObject } from 'react';

export const PAGINATOR_CHECK_MS = 2000;
export const PAGINATOR_PADDING_PX = 56;

export function usePaginatorPadding(content: RefObject<HTMLElement | null>): number {
  const [hasPaginator, setHasPaginator] = useState(false);
  useEffect(() => {
    const check = () => setHasPaginator(Boolean(content.current?.querySelector('.custom-paginator')));
    check();
    const timer = setInterval(check, PAGINATOR_CHECK_MS);
    return () => clearInterval(timer);
  }, [content]);
  return hasPaginator ? PAGINATOR_PADDING_PX : 0;
}

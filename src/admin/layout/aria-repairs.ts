/**
 * Repairs to the markup antd renders that no prop reaches, kept for every screen at once (WCAG
 * 4.1.2, as axe-core checks it in tests/e2e/a11y.test.ts):
 * - a required Form.Item gives its Select `aria-required`, which the Select puts on its wrapper
 *   `div` (where no role allows it) as well as on its combobox: the wrapper's copy goes;
 * - a table's hidden measuring row (`aria-hidden`, a copy of the header with its select-all box
 *   and sorters) keeps focusable controls: it is made inert;
 * - a table wider than its place scrolls sideways: while it does, its scrolling box takes focus,
 *   so it can be scrolled with the keyboard (WCAG 2.1.1).
 */
import { useEffect } from 'react';

const WRAPPED_REQUIRED = '.ant-select[aria-required]';
const MEASURE_ROW = '.ant-table-measure-row:not([inert])';

const SCROLLER = '.ant-table-content, .ant-table-body';

/** Focusable while it scrolls; a tabindex antd or a screen set itself is left alone. */
function followScrolling(scroller: Element) {
  const scrolls =
    scroller.scrollWidth > scroller.clientWidth || scroller.scrollHeight > scroller.clientHeight;
  const ours = scroller.getAttribute('data-scroll-focus') !== null;
  if (scrolls && !scroller.hasAttribute('tabindex')) {
    scroller.setAttribute('tabindex', '0');
    scroller.setAttribute('data-scroll-focus', '');
  } else if (!scrolls && ours) {
    scroller.removeAttribute('tabindex');
    scroller.removeAttribute('data-scroll-focus');
  }
}

function within(element: Element, selector: string): Element[] {
  return [...(element.matches(selector) ? [element] : []), ...element.querySelectorAll(selector)];
}

function repair(element: Element, sizes: ResizeObserver) {
  for (const select of within(element, WRAPPED_REQUIRED)) select.removeAttribute('aria-required');
  for (const row of within(element, MEASURE_ROW)) row.setAttribute('inert', '');
  for (const scroller of within(element, SCROLLER)) {
    // The box resizes with the window; what it holds, with the columns.
    sizes.observe(scroller);
    if (scroller.firstElementChild) sizes.observe(scroller.firstElementChild);
    followScrolling(scroller);
  }
}

/** Keeps the repairs above on the whole document while the app runs. */
export function useAriaRepairs() {
  useEffect(() => {
    const sizes = new ResizeObserver((entries) => {
      for (const entry of entries) {
        const scroller = entry.target.matches(SCROLLER) ? entry.target : entry.target.parentElement;
        if (scroller?.matches(SCROLLER)) followScrolling(scroller);
      }
    });
    repair(document.body, sizes);
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes') {
          if (record.target instanceof Element) repair(record.target, sizes);
          continue;
        }
        record.addedNodes.forEach((node) => {
          if (node instanceof Element) repair(node, sizes);
        });
        record.removedNodes.forEach((node) => {
          if (!(node instanceof Element)) return;
          for (const scroller of within(node, SCROLLER)) {
            sizes.unobserve(scroller);
            if (scroller.firstElementChild) sizes.unobserve(scroller.firstElementChild);
          }
        });
      }
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-required'],
    });
    return () => {
      observer.disconnect();
      sizes.disconnect();
    };
  }, []);
}

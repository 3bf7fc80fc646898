/**
 * A labelled quantity stepper for the PDA's screens (WCAG 2.1 AA, checked by axe-core in
 * tests/e2e/a11y.test.ts): its number field is named by its label, and the range attributes
 * antd-mobile also copies onto the field's wrapper stay on the field; its field always shows the
 * quantity the next scan counts, and a scan made while it has focus stays a scan. A module of its own, apart from app/kit.tsx: antd-mobile's
 * Stepper and its decimal arithmetic then load with the screens that count, not with the login
 * screen (the PDA's first load, `npm run bench`).
 */
import { Stepper } from 'antd-mobile';
import { useEffect, useId, useRef } from 'react';
import { SCAN_THROUGH_ATTRIBUTE } from '../scan/keyboard-wedge.js';

const RANGE_ATTRIBUTES = ['aria-valuenow', 'aria-valuemin', 'aria-valuemax'];

/** A quantity row: its label, then a stepper whose number field that label names. */
export function QuantityStepper({
  label,
  ...stepper
}: {
  label: string;
  min: number;
  max: number;
  digits?: number;
  value: number;
  onChange: (value: number) => void;
}) {
  const labelId = useId();
  const row = useRef<HTMLDivElement>(null);
  /** The value the field itself last gave; any other came from the screen. */
  const fromField = useRef(stepper.value);
  const { value, onChange } = stepper;
  // antd-mobile's field keeps showing what was typed while it has focus, whatever value the
  // screen sets (the quantity back to 1 after a count): it lets go then, and shows the value.
  useEffect(() => {
    if (value === fromField.current) return;
    fromField.current = value;
    const field = row.current?.querySelector('input');
    if (field && field === field.ownerDocument.activeElement) field.blur();
  }, [value]);
  // antd-mobile's Stepper takes no label for its field, and puts the field's range attributes on
  // the field's wrapper too (where no role allows them), again at each change of the value.
  useEffect(() => {
    const holder = row.current;
    if (!holder) return undefined;
    const repair = () => {
      const wrapper = holder.querySelector('.adm-stepper-input');
      const field = wrapper?.querySelector('input');
      field?.setAttribute('aria-labelledby', labelId);
      // The quantity of a scanning step: a code never belongs in it, so a scan made while it has
      // focus is a scan (keyboard-wedge.ts); every other field owns its keys.
      field?.setAttribute(SCAN_THROUGH_ATTRIBUTE, '');
      for (const attribute of RANGE_ATTRIBUTES) {
        if (wrapper?.hasAttribute(attribute)) wrapper.removeAttribute(attribute);
      }
    };
    repair();
    const observer = new MutationObserver(repair);
    observer.observe(holder, { subtree: true, attributes: true, attributeFilter: RANGE_ATTRIBUTES });
    return () => observer.disconnect();
  }, [labelId]);
  return (
    <div className="pda-quantity" ref={row}>
      <span id={labelId}>{label}</span>
      <Stepper
        {...stepper}
        defaultValue={stepper.min}
        onChange={(next) => {
          fromField.current = next;
          onChange(next);
        }}
      />
    </div>
  );
}

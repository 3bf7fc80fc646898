/**
 * A labelled quantity field for the PDA's screens, with − and + beside it (WCAG 2.1 AA, checked
 * by axe-core in tests/e2e/a11y.test.ts). Its own row rather than antd-mobile's Stepper, which
 * puts whatever is typed into range silently (-5 becomes 1, 99999 the maximum): here the field
 * keeps exactly what the worker typed, a number out of range (or no number) is refused with a
 * message under the row, and the screen is told the field is invalid (`onValidity`), so it
 * blocks what would use the quantity instead of using a stale or changed one. Only −
 * and + move the number, and only within the range.
 *
 * Its field is named by its label, always shows the quantity the screen set last (the quantity
 * back to 1 after a count), and a scan made while it has focus stays a scan. A module of its own,
 * apart from kit.tsx: it loads with the screens that count, not with the login screen (the
 * PDA's first load, `npm run bench`).
 */
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SCAN_THROUGH_ATTRIBUTE } from '../scan/keyboard-wedge.js';

/** A whole number, or one with up to `digits` decimals, as a person types it (no exponent, no sign but minus). */
function numberPattern(digits: number): RegExp {
  return digits > 0 ? new RegExp(`^-?\\d+(?:[.,]\\d{1,${digits}})?$`) : /^-?\d+$/;
}

/** The number the text says, if it is one the field takes (within [min, max]); otherwise null. */
export function parseQuantity(
  text: string,
  range: { min: number; max: number; digits?: number },
): number | null {
  const trimmed = text.trim();
  if (!numberPattern(range.digits ?? 0).test(trimmed)) return null;
  const value = Number(trimmed.replace(',', '.'));
  return value >= range.min && value <= range.max ? value : null;
}

/** The text of a number the screen or a button set. */
function formatQuantity(value: number, digits: number): string {
  return digits > 0 ? String(Number(value.toFixed(digits))) : String(Math.round(value));
}

/** A quantity row: its label, − , the number field that label names, +, and why a number is refused. */
export function QuantityStepper({
  label,
  min,
  max,
  digits = 0,
  value,
  onChange,
  onValidity,
}: {
  label: string;
  min: number;
  max: number;
  digits?: number;
  value: number;
  onChange: (value: number) => void;
  /** Told whenever the field turns valid or invalid; a screen blocks what would use the quantity. */
  onValidity?: (isValid: boolean) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const messageId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [text, setTextState] = useState(() => formatQuantity(value, digits));
  /** What the field holds now, also between a change and its render (the effects below read it). */
  const currentText = useRef(text);
  const setText = (next: string) => {
    currentText.current = next;
    setTextState(next);
  };
  /** The value the field itself last gave; any other came from the screen. */
  const fromField = useRef(value);
  /** The validity the screen was last told (a field starts valid). */
  const toldValid = useRef(true);
  /** Set on focus: the tap that focused the field leaves its number selected, so typing replaces it. */
  const justFocused = useRef(false);
  const handlers = useRef({ onChange, onValidity });
  handlers.current = { onChange, onValidity };
  const range = { min, max, digits };
  const parsed = parseQuantity(text, range);
  const isValid = parsed !== null;

  /**
   * Takes a new text: the screen hears a number it may use, or that there is none. Called in the
   * event itself (not in an effect), so a scan handled right after meets the screen as it is now.
   */
  const take = (next: string) => {
    setText(next);
    const nextValue = parseQuantity(next, range);
    if (nextValue !== null && nextValue !== fromField.current) {
      fromField.current = nextValue;
      handlers.current.onChange(nextValue);
    }
    tell(nextValue !== null);
  };
  const tell = (nextIsValid: boolean) => {
    if (nextIsValid === toldValid.current) return;
    toldValid.current = nextIsValid;
    handlers.current.onValidity?.(nextIsValid);
  };

  // A value the screen sets (the quantity back to 1 after a count) replaces what the field shows;
  // a field that has focus then lets go, so the next scan goes to scanning.
  useEffect(() => {
    if (value === fromField.current) return;
    fromField.current = value;
    const shown = formatQuantity(value, digits);
    setText(shown);
    tell(parseQuantity(shown, { min, max, digits }) !== null);
    const element = field.current;
    if (element && element === element.ownerDocument.activeElement) element.blur();
    // Only a new value from the screen: the range is handled below, the handlers read from a ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  // A range that moves (a box's lines filling up) can make what the field holds valid or not.
  useEffect(() => {
    const nextValue = parseQuantity(currentText.current, { min, max, digits });
    if (nextValue !== null && nextValue !== fromField.current) {
      fromField.current = nextValue;
      handlers.current.onChange(nextValue);
    }
    tell(nextValue !== null);
  }, [min, max, digits]);
  // A field no longer shown blocks nothing.
  useEffect(
    () => () => {
      if (!toldValid.current) handlers.current.onValidity?.(true);
    },
    [],
  );

  /** − or +: one step from the number shown; from a refused text, the nearest bound of the range. */
  const stepBy = (direction: -1 | 1) => {
    const typed = Number(text.trim().replace(',', '.'));
    const next =
      parsed === null
        ? Number.isFinite(typed) && text.trim() !== '' && typed > max
          ? max
          : min
        : Math.min(max, Math.max(min, parsed + direction));
    take(formatQuantity(next, digits));
  };

  return (
    <div className="pda-quantity-field">
      <div className="pda-quantity">
        <span id={labelId}>{label}</span>
        <div className="pda-stepper">
          <button
            type="button"
            className="pda-stepper-button"
            aria-label={t('quantityField.decrease')}
            disabled={parsed !== null && parsed <= min}
            onClick={() => stepBy(-1)}
          >
            −
          </button>
          <input
            ref={field}
            type="text"
            inputMode={digits > 0 ? 'decimal' : 'numeric'}
            role="spinbutton"
            className="pda-stepper-input"
            autoComplete="off"
            aria-labelledby={labelId}
            aria-valuemin={min}
            aria-valuemax={max}
            aria-valuenow={parsed ?? undefined}
            aria-valuetext={parsed === null ? text : undefined}
            aria-invalid={!isValid}
            aria-describedby={isValid ? undefined : messageId}
            // The quantity of a scanning step: a code never belongs in it, so a scan made while it
            // has focus is a scan (keyboard-wedge.ts); every other field owns its keys.
            {...{ [SCAN_THROUGH_ATTRIBUTE]: '' }}
            value={text}
            onChange={(event: ChangeEvent<HTMLInputElement>) => take(event.target.value)}
            onFocus={(event) => {
              justFocused.current = true;
              event.currentTarget.select();
            }}
            onMouseUp={(event) => {
              // The mouse-up of the focusing tap would put the caret where it landed.
              if (justFocused.current) event.preventDefault();
              justFocused.current = false;
            }}
            onBlur={() => {
              justFocused.current = false;
            }}
          />
          <button
            type="button"
            className="pda-stepper-button"
            aria-label={t('quantityField.increase')}
            disabled={parsed !== null && parsed >= max}
            onClick={() => stepBy(1)}
          >
            +
          </button>
        </div>
      </div>
      {!isValid && (
        <div className="pda-quantity-error" role="alert" id={messageId}>
          {t(digits > 0 ? 'quantityField.outOfRangeDecimals' : 'quantityField.outOfRange', {
            min,
            max,
            digits,
          })}
        </div>
      )}
    </div>
  );
}

// @vitest-environment jsdom
/**
 * The PDA's quantity field: what the worker types stays as typed, a number outside
 * the range (or none) is refused with a message under the row and never put into range for them,
 * the screen is told the field is invalid, and − and + move only within the range.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QuantityStepper } from '@pda/kit/quantity-stepper.js';
import { initPdaI18n } from '@pda/i18n.js';
import { SCAN_THROUGH_ATTRIBUTE } from '@pda/scan/keyboard-wedge.js';

beforeAll(async () => {
  await initPdaI18n('en-US');
});
afterEach(cleanup);

/** A stepper from 1 to 151 whose screen holds the value, as the receiving screen does. */
function renderStepper(start = 1) {
  const onChange = vi.fn();
  const onValidity = vi.fn();
  function Screen() {
    const [value, setValue] = useState(start);
    return (
      <>
        <QuantityStepper
          label="Quantity per scan"
          min={1}
          max={151}
          value={value}
          onChange={(next) => {
            onChange(next);
            setValue(next);
          }}
          onValidity={onValidity}
        />
        <button type="button" onClick={() => setValue(1)}>
          Counted
        </button>
        <output data-testid="held">{value}</output>
      </>
    );
  }
  render(<Screen />);
  const field = screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity per scan' });
  const type = (text: string) => fireEvent.change(field, { target: { value: text } });
  return { field, type, onChange, onValidity };
}

const message = () => screen.queryByRole('alert');
const decrease = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Decrease' });
const increase = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Increase' });

describe('the quantity field', () => {
  it('takes a whole number within the range and tells the screen', () => {
    const { field, type, onChange, onValidity } = renderStepper();
    type('42');
    expect(onChange).toHaveBeenLastCalledWith(42);
    expect(field.value).toBe('42');
    expect(field.getAttribute('aria-valuenow')).toBe('42');
    expect(field.getAttribute('aria-invalid')).toBe('false');
    expect(message()).toBeNull();
    expect(onValidity).not.toHaveBeenCalled();
  });

  for (const typed of ['-5', '0', '99999', 'abc', '', '2.5']) {
    it(`refuses "${typed}" with a message, keeps it as typed and changes no number`, () => {
      const { field, type, onChange, onValidity } = renderStepper();
      type(typed);
      expect(field.value).toBe(typed);
      expect(onChange).not.toHaveBeenCalled();
      expect(screen.getByTestId('held').textContent).toBe('1');
      expect(onValidity).toHaveBeenLastCalledWith(false);
      const alert = message();
      expect(alert?.textContent).toBe('Enter a number from 1 to 151');
      expect(alert?.className).toBe('pda-quantity-error');
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(field.getAttribute('aria-describedby')).toBe(alert?.id);
      // Leaving the field changes nothing either.
      fireEvent.blur(field);
      expect(field.value).toBe(typed);
      expect(onChange).not.toHaveBeenCalled();
    });
  }

  it('is valid again once a number in range is typed', () => {
    const { field, type, onChange, onValidity } = renderStepper();
    type('99999');
    type('151');
    expect(onValidity).toHaveBeenLastCalledWith(true);
    expect(onChange).toHaveBeenLastCalledWith(151);
    expect(field.value).toBe('151');
    expect(message()).toBeNull();
  });

  it('steps with − and + within the range only, from the nearest bound when refused', () => {
    const { field, type, onChange } = renderStepper();
    expect(decrease().disabled).toBe(true);
    fireEvent.click(increase());
    expect(field.value).toBe('2');
    expect(onChange).toHaveBeenLastCalledWith(2);
    type('151');
    expect(increase().disabled).toBe(true);
    fireEvent.click(decrease());
    expect(field.value).toBe('150');

    type('99999');
    expect(increase().disabled).toBe(false);
    fireEvent.click(increase());
    expect(field.value).toBe('151');
    expect(message()).toBeNull();

    type('-5');
    fireEvent.click(decrease());
    expect(field.value).toBe('1');
    type('abc');
    fireEvent.click(increase());
    expect(field.value).toBe('1');
    expect(message()).toBeNull();
  });

  it('shows the value the screen sets, lets go of focus, and is valid again', () => {
    const { field, type, onValidity } = renderStepper();
    type('7');
    field.focus();
    fireEvent.click(screen.getByRole('button', { name: 'Counted' }));
    expect(field.value).toBe('1');
    expect(document.activeElement).not.toBe(field);
    type('abc');
    expect(onValidity).toHaveBeenLastCalledWith(false);
  });

  it('is named by its label and lets a scan made in it stay a scan', () => {
    const { field } = renderStepper();
    expect(field.hasAttribute(SCAN_THROUGH_ATTRIBUTE)).toBe(true);
    expect(field.inputMode).toBe('numeric');
    expect(field.getAttribute('aria-valuemin')).toBe('1');
    expect(field.getAttribute('aria-valuemax')).toBe('151');
  });

  it('tells the screen a refused field blocks nothing once it is gone', () => {
    const { type, onValidity } = renderStepper();
    type('0');
    cleanup();
    expect(onValidity).toHaveBeenLastCalledWith(true);
  });
});

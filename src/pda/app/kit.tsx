/**
 * The PDA's shared pieces around antd-mobile, accessible wherever a screen uses them (WCAG 2.1
 * AA, checked by axe-core in tests/e2e/a11y.test.ts):
 * - `PdaLocale`: antd-mobile's own words (the stepper's − and +, a field's clear button) in the
 *   interface language, not its Chinese default;
 * - `QuantityStepper`: a labelled quantity stepper (its number field is named by its label, and
 *   the range attributes antd-mobile also copies onto the field's wrapper stay on the field);
 *   its field always shows the quantity the next scan counts;
 * - `confirmDialog`: a confirmation whose dialog is named by its question, and which gives focus
 *   back where it was when it closes.
 */
import { ConfigProvider, Dialog, Stepper } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import ruRU from 'antd-mobile/es/locales/ru-RU';
import thTH from 'antd-mobile/es/locales/th-TH';
import viVN from 'antd-mobile/es/locales/vi-VN';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import zhTW from 'antd-mobile/es/locales/zh-TW';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '@shared/i18n/languages.js';

const LOCALES: Record<Language, typeof enUS> = {
  'zh-CN': zhCN,
  'en-US': enUS,
  'th-TH': thTH,
  'vn-VN': viVN,
  'zh-TC': zhTW,
  'ru-RU': ruRU,
};

export function PdaLocale({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en-US';
  return <ConfigProvider locale={LOCALES[language]}>{children}</ConfigProvider>;
}

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
      wrapper?.querySelector('input')?.setAttribute('aria-labelledby', labelId);
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

/**
 * Dialog.confirm, with the dialog named by its question. Once closed, focus goes back to where it
 * was (the scan field, the button that asked): a scanner that types through the input method
 * needs a focused field, and antd-mobile leaves focus nowhere.
 */
export function confirmDialog(options: {
  content: string;
  confirmText: string;
  cancelText: string;
}): Promise<boolean> {
  const opener = document.activeElement;
  return Dialog.confirm({
    ...options,
    'aria-label': options.content,
    afterClose: () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus({ preventScroll: true });
    },
  });
}

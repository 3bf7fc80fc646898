/**
 * The duplicate check (spec 01 §5: table name, field name, value and record id; a duplicate
 * shows the server's message) as a rule of the fields that must be unique, so the user learns
 * a value is taken before sending. The server still refuses a taken value when the form is sent.
 */
import type { FormRule } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { duplicateOf, type DuplicateQuestion } from '@api/modules/system.js';

const ANY_VALUE = /^.+$/;

/** How long after the last blur the server is asked (a user tabbing through fields asks once). */
export const DUPLICATE_CHECK_WAIT_MS = 300;

/** A moment after the last call, true when no later call came meanwhile (antd keeps only the latest answer). */
export function latestAfterWait(waitMs = DUPLICATE_CHECK_WAIT_MS): () => Promise<boolean> {
  let latest = 0;
  return async () => {
    const call = (latest += 1);
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    return call === latest;
  };
}

/**
 * The rule: on blur (its Form.Item must list 'onBlur' in validateTrigger), on send, and when the
 * scope field changes (list it in the Form.Item's dependencies), a moment after the last change,
 * asks whether the trimmed value is taken; each value is asked once per scope. A field of many
 * values (barcodes) asks for each and names the first taken one. A check that fails (offline,
 * not permitted) lets the value through, for the server to judge.
 */
export function useDuplicateRule(
  question: Omit<DuplicateQuestion, 'fieldVal' | 'scopeId'> & {
    /** The scope the value is unique in; null while the form has not chosen it (nothing is asked). */
    scopeId?: string | null;
    /** The form field that holds the scope (a location's warehouse), read when the check runs. */
    scopeField?: string;
  },
  pattern: RegExp = ANY_VALUE,
): FormRule {
  const { t } = useTranslation('messages');
  const { tableName, fieldName, dataId, scopeId, scopeField } = question;
  return useMemo(() => {
    const answers = new Map<string, Promise<string | null>>();
    const isLatest = latestAfterWait();
    const ask = (fieldVal: string, scope: string | undefined) => {
      const key = `${scope ?? ''}\u0000${fieldVal}`;
      let answer = answers.get(key);
      if (!answer) {
        answer = duplicateOf({ tableName, fieldName, fieldVal, dataId, scopeId: scope }).catch(() => null);
        answers.set(key, answer);
      }
      return answer;
    };
    return ({ getFieldValue }) => ({
      validateTrigger: 'onBlur',
      validator: async (_rule, value: unknown) => {
        const many = Array.isArray(value);
        const values = (many ? value : [value])
          .filter((one): one is string => typeof one === 'string')
          .map((one) => one.trim())
          .filter((one) => pattern.test(one));
        if (values.length === 0) return;
        const scope: unknown = scopeField ? getFieldValue(scopeField) : scopeId;
        // Without the scope chosen yet (a location's warehouse), there is nothing to ask.
        if (scope === null || (scopeField && typeof scope !== 'string')) return;
        if (!(await isLatest())) return;
        const scopeValue = typeof scope === 'string' ? scope : undefined;
        const taken = await Promise.all(values.map((one) => ask(one, scopeValue)));
        const first = taken.findIndex((answer) => answer !== null);
        if (first < 0) return;
        const reason = taken[first] ?? '';
        throw new Error(many ? t('duplicate.named', { value: values[first], reason }) : reason);
      },
    });
  }, [tableName, fieldName, dataId, scopeId, scopeField, pattern, t]);
}

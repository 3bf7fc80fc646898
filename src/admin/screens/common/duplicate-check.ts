/**
 * The duplicate check (spec 01 §5: table name, field name, value and record id; a duplicate
 * shows the server's message) as a rule of the fields that must be unique, so the user learns
 * a value is taken before sending. The server still refuses a taken value when the form is sent.
 */
import type { RuleObject } from 'antd/es/form';
import { useMemo } from 'react';
import { duplicateOf, type DuplicateQuestion } from '@api/modules/system.js';

const ANY_VALUE = /^.+$/;

/** How long after the last blur the server is asked (a user tabbing through fields asks once). */
export const DUPLICATE_CHECK_WAIT_MS = 300;

/**
 * The rule: on blur (its Form.Item must list 'onBlur' in validateTrigger) and on send, a moment
 * after the last change, asks whether the trimmed value is taken; each value is asked once. A
 * check that fails (offline, not permitted) lets the value through, for the server to judge.
 */
export function useDuplicateRule(
  question: Omit<DuplicateQuestion, 'fieldVal' | 'scopeId'> & {
    /** The scope the value is unique in; null while the form has not chosen it (nothing is asked). */
    scopeId?: string | null;
  },
  pattern: RegExp = ANY_VALUE,
): RuleObject {
  const { tableName, fieldName, dataId, scopeId } = question;
  return useMemo(() => {
    const answers = new Map<string, Promise<string | null>>();
    let latest = 0;
    return {
      validateTrigger: 'onBlur',
      validator: async (_rule, value: unknown) => {
        if (typeof value !== 'string' || !pattern.test(value.trim())) return;
        // Without the scope chosen yet (a location's warehouse), there is nothing to ask.
        if (scopeId === null) return;
        const fieldVal = value.trim();
        const call = (latest += 1);
        await new Promise((resolve) => setTimeout(resolve, DUPLICATE_CHECK_WAIT_MS));
        // A later blur or send asks instead; antd keeps only the latest validation's answer.
        if (call !== latest) return;
        let answer = answers.get(fieldVal);
        if (!answer) {
          answer = duplicateOf({
            tableName,
            fieldName,
            fieldVal,
            dataId,
            scopeId: scopeId ?? undefined,
          }).catch(() => null);
          answers.set(fieldVal, answer);
        }
        const taken = await answer;
        if (taken) throw new Error(taken);
      },
    };
  }, [tableName, fieldName, dataId, scopeId, pattern]);
}

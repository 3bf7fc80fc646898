/**
 * Form rules of the administration screens. They mirror the shared contract (usernames,
 * phones, codes) and the password rule, so a form refuses before it sends.
 */
import type { FormRule } from 'antd';
import type { RuleObject } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { isStrongPassword } from '@shared/domain/password.js';

const USERNAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{1,31}$/;
const PHONE = /^\+?\d{6,15}$/;
const CODE = /^[A-Za-z0-9_]+$/;

function matching(pattern: RegExp, message: string): FormRule {
  return {
    validator: (_rule, value: unknown) =>
      value === undefined ||
      value === null ||
      value === '' ||
      (typeof value === 'string' && pattern.test(value.trim()))
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  };
}

export const required = (t: TFunction, field: string): FormRule => ({
  required: true,
  whitespace: true,
  message: t('system:validation.required', { field }),
});

export const requiredChoice = (t: TFunction, field: string): FormRule => ({
  required: true,
  message: t('system:validation.choose', { field }),
});

export const maxLength = (t: TFunction, max: number): FormRule => ({
  max,
  message: t('system:validation.max', { max }),
});

export const usernameRule = (t: TFunction) => matching(USERNAME, t('system:validation.username'));
export const phoneRule = (t: TFunction) => matching(PHONE, t('system:validation.phone'));
export const codeRule = (t: TFunction) => matching(CODE, t('system:validation.code'));
export const emailRule = (t: TFunction): FormRule => ({
  type: 'email',
  message: t('system:validation.email'),
});

/** Letters and digits, at least 8 characters. */
export const passwordRules = (t: TFunction): FormRule[] => [
  required(t, t('system:user.password')),
  {
    validator: (_rule, value: unknown) =>
      !value || (typeof value === 'string' && isStrongPassword(value))
        ? Promise.resolve()
        : Promise.reject(new Error(t('system:validation.password'))),
  },
];

export const confirmRules = (t: TFunction, field = 'password'): FormRule[] => [
  required(t, t('system:user.confirm_password')),
  ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) =>
      !value || getFieldValue(field) === value
        ? Promise.resolve()
        : Promise.reject(new Error(t('system:validation.password_mismatch'))),
  }),
];

/** An async check the server answers (username or code free); runs on blur only. */
export function freeRule(
  isFree: (value: string) => Promise<boolean>,
  message: string,
  pattern: RegExp = /^.+$/,
): FormRule {
  return {
    validateTrigger: 'onBlur',
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || !pattern.test(value.trim())) return;
      // If the check itself fails, the server still refuses a taken value when the form is sent.
      const isTaken = await isFree(value.trim()).then(
        (free) => !free,
        () => false,
      );
      if (isTaken) throw new Error(message);
    },
  };
}

export { CODE as CODE_PATTERN, USERNAME as USERNAME_PATTERN };

/** The decimals a step allows (0.01 → 2). */
function decimalsOf(divisor: number | bigint): { digits: number } {
  const [, fraction = ''] = String(divisor).split('.');
  return { digits: fraction.length };
}

/** The server's rule name for a zod issue (as its validation reply names it). */
function ruleOf(issue: z.core.$ZodIssue): { rule: string; params: Record<string, string | number> } {
  if (issue.code === 'too_small' || issue.code === 'too_big') {
    const origin = issue.origin === 'string' || issue.origin === 'array' ? issue.origin : 'number';
    const bound: Record<string, number> =
      issue.code === 'too_small' ? { minimum: Number(issue.minimum) } : { maximum: Number(issue.maximum) };
    return { rule: `${issue.code}_${origin}`, params: bound };
  }
  if (issue.code === 'invalid_type' && issue.expected === 'int') return { rule: 'not_integer', params: {} };
  if (issue.code === 'invalid_type') return { rule: 'invalid_type', params: { expected: issue.expected } };
  if (issue.code === 'not_multiple_of')
    return { rule: 'too_many_decimals', params: decimalsOf(issue.divisor) };
  return { rule: /^[a-z][a-z_]*$/.test(issue.message) ? issue.message : 'invalid', params: {} };
}

/**
 * A field checked by its schema of the shared contract, refused with the server's own message
 * for the rule it breaks ('Ship quantity must be at least 1'), never corrected silently. Empty
 * values are left to the required rule.
 */
export function contractRule(t: TFunction, schema: z.ZodType, field: string): RuleObject {
  return {
    validator: (_rule, value: unknown) => {
      const problem = contractProblem(t, schema, field, value);
      return problem === null ? Promise.resolve() : Promise.reject(new Error(problem));
    },
  };
}

/**
 * What `contractRule` would say about `value` ('Weight must be at least 1'), or null when the
 * schema takes it or it is empty: for a number box outside a form (a dialog's own state).
 */
export function contractProblem(
  t: TFunction,
  schema: z.ZodType,
  field: string,
  value: unknown,
): string | null {
  if (value === undefined || value === null || value === '') return null;
  const parsed = schema.safeParse(value);
  const [issue] = parsed.success ? [] : parsed.error.issues;
  if (!issue) return null;
  const { rule, params } = ruleOf(issue);
  const message = t(`errors:validation.${rule}`, {
    ...params,
    defaultValue: t('errors:validation.invalid'),
  });
  return `${field} ${message}`;
}

/**
 * The form rules of the /user pages. The password texts are the product's own, word for word
 * (translated); the same rules run on the server (src/shared/domain/password.ts).
 */
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { isStrongPassword } from '@shared/domain/password.js';

const PHONE = /^\+?\d{6,15}$/;
const SMS_CODE = /^\d{6}$/;
const USERNAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{1,31}$/;

function matching(pattern: RegExp, message: string): FormRule {
  return {
    validator: (_rule, value: unknown) =>
      !value || (typeof value === 'string' && pattern.test(value.trim()))
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  };
}

export const usernameRules = (t: TFunction, checkFormat = false): FormRule[] => [
  { required: true, whitespace: true, message: t('auth:validation.username_required') },
  ...(checkFormat ? [matching(USERNAME, t('auth:validation.username_format'))] : []),
];

export const loginPasswordRules = (t: TFunction): FormRule[] => [
  { required: true, message: t('auth:validation.password_required') },
];

/** A new password: required, letters and digits, at least 8 characters. */
export const newPasswordRules = (t: TFunction): FormRule[] => [
  { required: true, message: t('auth:validation.password_required') },
  {
    validator: (_rule, value: unknown) =>
      !value || (typeof value === 'string' && isStrongPassword(value))
        ? Promise.resolve()
        : Promise.reject(new Error(t('auth:validation.password_rule'))),
  },
];

/** The confirmation: required, and equal to the field it confirms. */
export const confirmPasswordRules = (t: TFunction, field: string): FormRule[] => [
  { required: true, message: t('auth:validation.confirm_required') },
  ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) =>
      !value || getFieldValue(field) === value
        ? Promise.resolve()
        : Promise.reject(new Error(t('auth:validation.password_mismatch'))),
  }),
];

export const mobileRules = (t: TFunction): FormRule[] => [
  { required: true, whitespace: true, message: t('auth:validation.mobile_required') },
  matching(PHONE, t('auth:validation.mobile_format')),
];

export const captchaRules = (t: TFunction): FormRule[] => [
  { required: true, whitespace: true, message: t('auth:validation.captcha_required') },
  matching(SMS_CODE, t('auth:validation.captcha_format')),
];

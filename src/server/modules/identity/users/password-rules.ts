import { isStrongPassword } from '@shared/domain/password.js';
import { AppError } from '@shared/errors.js';

/** Spec 01 §5 on the server: required fields, letters and digits, at least 8, confirmation equal. */
export function assertNewPassword(password: string, confirm: string): void {
  if (!password) throw new AppError('password.rule', {}, [{ path: 'password', rule: 'required' }]);
  if (!isStrongPassword(password))
    throw new AppError('password.rule', {}, [{ path: 'password', rule: 'password_rule' }]);
  if (!confirm)
    throw new AppError('password.confirm_required', {}, [{ path: 'confirmpassword', rule: 'required' }]);
  if (password !== confirm)
    throw new AppError('password.mismatch', {}, [{ path: 'confirmpassword', rule: 'password_mismatch' }]);
}

import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../domain/password.js';
import { USER_ROLES } from '../domain/roles.js';
import { cacheBuster, requiredText, string, text, uuid } from './common.js';

/** Usernames: letters, digits and . _ - @, 2 to 32 characters. */
export const username = string()
  .trim()
  .min(2)
  .max(32)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._@-]*$/, { message: 'username_format' });
/** Mobile numbers in international or national form: digits with an optional leading +. */
export const phone = string()
  .trim()
  .regex(/^\+?\d{6,15}$/, { message: 'phone_format' });
export const smsCode = string().regex(/^\d{6}$/, { message: 'sms_code_format' });
export const password = string().min(1).max(PASSWORD_MAX_LENGTH);
export const agentCode = string()
  .trim()
  .max(32)
  .regex(/^[A-Za-z0-9_-]*$/, { message: 'agent_code_format' });
export const orgCode = string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9]+$/, { message: 'org_code_format' });

export const userRole = z.enum(USER_ROLES);

export const userInfo = z.object({
  id: string(),
  username: string(),
  realname: string(),
  nickname: string(),
  avatar: string().nullable(),
  phone: string().nullable(),
  email: string().nullable(),
  userRole,
  orgCode: string().nullable(),
  sellerId: string().nullable(),
  status: z.number().int(),
  tenantId: string(),
  agentCode: string(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const depart = z.object({ id: string(), orgCode: string(), departName: string() });
export type Depart = z.infer<typeof depart>;

export const loginBody = z.strictObject({
  username,
  password,
  agentCode: agentCode.optional(),
  remember_me: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const phoneLoginBody = z.strictObject({
  mobile: phone,
  captcha: smsCode,
  agentCode: agentCode.optional(),
});

/** smsmode of the SMS call: 0 login, 1 register, 2 retrieve password. */
export const SMS_MODES = ['0', '1', '2'] as const;
export const smsBody = z.strictObject({
  mobile: phone,
  smsmode: z.enum(SMS_MODES),
  agentCode: agentCode.optional(),
});
export type SmsMode = (typeof SMS_MODES)[number];

export const loginResult = z.object({
  token: string(),
  userInfo,
  departs: z.array(depart),
  /** 0 no department, 1 exactly one, 2 several: the client then asks which one to work in. */
  multiDepart: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /**
   * Present when sign-ins with a wrong password were tried since the account's last sign-in:
   * how many, and when the last one was (ISO 8601). Told once: this sign-in resets the count.
   */
  failedSignIns: z.object({ count: z.number().int().min(1), lastAt: string() }).optional(),
});
export type FailedSignIns = NonNullable<z.infer<typeof loginResult>['failedSignIns']>;
export type LoginResult = z.infer<typeof loginResult>;

export const casQuery = z.object({
  ticket: string().min(1).max(512),
  service: string().url().max(2048),
  _t: string().max(20).optional(),
});

/** Spec 01 §3 'Change-password payload'; the rules of §5 are checked by the service too. */
export const updatePasswordBody = z.strictObject({
  username,
  oldpassword: string().max(PASSWORD_MAX_LENGTH),
  password: string().max(PASSWORD_MAX_LENGTH),
  confirmpassword: string().max(PASSWORD_MAX_LENGTH),
});

export const selectDepartBody = z.strictObject({ orgCode, username: username.optional() });

export const departsResult = z.object({ list: z.array(depart), orgCode: string().nullable() });

/**
 * The duplicate check: spec 01 §5's four parameters, plus scopeId, our extension for values
 * unique within something the form has chosen (a location's or partition's warehouse, a
 * dictionary item's dictionary). A seller's own codes are scoped to the seller on the server.
 */
export const duplicateCheckQuery = z.object({
  tableName: string().min(1).max(64),
  fieldName: string().min(1).max(64),
  fieldVal: string().max(255),
  dataId: string().max(64).optional(),
  scopeId: uuid.optional(),
  _t: string().max(20).optional(),
});

export const registerBody = z.strictObject({
  username,
  password,
  confirmPassword: password,
  mobile: phone,
  captcha: smsCode,
  realname: text(64).optional(),
  email: string().trim().email().max(128).optional(),
  agentCode: agentCode.optional(),
});

export const forgePasswordBody = z.strictObject({
  mobile: phone,
  captcha: smsCode,
  password,
  confirmPassword: password,
  agentCode: agentCode.optional(),
});

export const permissionQuery = cacheBuster.extend({
  lang: string().max(10).optional(),
});

export const menuMeta = z.object({
  title: string(),
  icon: string().nullable(),
  url: string().nullable(),
  permissionList: z.array(z.object({ action: string(), describe: string(), type: string() })),
  keepAlive: z.boolean(),
  internalOrExternal: z.boolean(),
});
export interface MenuItem {
  path: string;
  name: string;
  component: string;
  redirect: string | null;
  hidden: boolean;
  route: '0' | '1';
  alwaysShow: boolean;
  meta: z.infer<typeof menuMeta>;
  children?: MenuItem[];
}
export const menuItem: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    path: string(),
    name: string(),
    component: string(),
    redirect: string().nullable(),
    hidden: z.boolean(),
    route: z.enum(['0', '1']),
    alwaysShow: z.boolean(),
    meta: menuMeta,
    children: z.array(menuItem).optional(),
  }),
);

export const authItem = z.object({ action: string(), describe: string(), type: string() });
export const allAuthItem = authItem.extend({ status: string() });
export const permissionResult = z.object({
  menu: z.array(menuItem),
  auth: z.array(authItem),
  allAuth: z.array(allAuthItem),
});

export const displayName = requiredText(64);

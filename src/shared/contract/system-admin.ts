/**
 * The system administration calls of spec 01 §7: roles, seller roles, users and seller staff,
 * permissions, departments, dictionaries and logs. Inputs are strict (unknown fields answer
 * 400) and bounded; replies list exactly the fields a screen may see.
 *
 * Kept whole past 400 lines: the system screens share their roles, users and permissions
 * schemas, and one contract keeps each field's bounds declared once.
 */
import { z } from 'zod';
import {
  DICTIONARY_CODE_PATTERN,
  DICTIONARY_VALUE_MAX_LENGTH,
  DICTIONARY_VALUE_PATTERN,
} from '../domain/dictionaries.js';
import { PASSWORD_MAX_LENGTH } from '../domain/password.js';
import { LANGUAGES } from '../i18n/languages.js';
import { pageQuery, requiredText, string, uuid, text } from './common.js';
import { password, phone, userRole, username } from './identity.js';

/** Most ids one call may name (role grants list the whole permission set, so they get more). */
export const MAX_IDS = 100;
export const MAX_PERMISSION_IDS = 2000;

const cacheBusterShape = { _t: string().max(20).optional() };
const langShape = { lang: string().max(10).optional() };
/** A GET query: strict, with the `_t` cache-buster every GET carries. */
function query<T extends z.ZodRawShape>(shape: T) {
  return z.strictObject({ ...cacheBusterShape, ...shape });
}
/** A paged GET query: pageNo, pageSize and the filters. */
function pagedQuery<T extends z.ZodRawShape>(shape: T) {
  return z.strictObject({ ...pageQuery.shape, ...shape });
}

/** A GET without parameters of its own. */
export const emptyQuery = query({});
export const langQuery = query(langShape);

const email = string().trim().email().max(128);
const code = string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_]+$/, { message: 'code_format' });
const ids = z.array(uuid).max(MAX_IDS);
/** A sort number of departments, permissions and dictionary items: a whole number from 0 to 100,000. */
export const sortNo = z.number().int().min(0).max(100_000);
const titles = z.partialRecord(z.enum(LANGUAGES), requiredText(128));
const status = z.union([z.literal(1), z.literal(2)]);
const filter = (max: number) => text(max).optional();

// Roles and seller roles

export const roleListQuery = pagedQuery({ roleName: filter(128), roleCode: filter(64) });
export const roleAddBody = z.strictObject({
  roleCode: code,
  roleName: requiredText(128),
  description: text(500).optional(),
});
export const roleEditBody = z.strictObject({
  id: uuid,
  roleName: requiredText(128),
  description: text(500).nullable().optional(),
});
export type RoleAddInput = z.infer<typeof roleAddBody>;
export type RoleEditInput = z.infer<typeof roleEditBody>;
export const idQuery = query({ id: uuid });
export const roleIdQuery = query({ roleId: uuid });
export const checkRoleCodeQuery = query({ roleCode: code, id: uuid.optional() });
export const saveRolePermissionBody = z.strictObject({
  roleId: uuid,
  /** The role's whole new set of permissions. */
  permissionIds: z.array(uuid).max(MAX_PERMISSION_IDS),
});
export type SaveRolePermissionInput = z.infer<typeof saveRolePermissionBody>;

export const roleView = z.object({
  id: string(),
  roleCode: string(),
  roleName: string(),
  description: string().nullable(),
  sellerId: string().nullable(),
  createdAt: string(),
});
export type RoleView = z.infer<typeof roleView>;

// Permissions

const permissionShape = {
  parentId: uuid.nullable().optional(),
  name: requiredText(128),
  titles: titles.optional(),
  url: text(255).optional(),
  component: text(128).optional(),
  componentName: text(128).optional(),
  redirect: text(255).optional(),
  menuType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  perms: string()
    .trim()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9_]+(:[A-Za-z0-9_]+)*$/, { message: 'perms_format' })
    .optional(),
  permsType: z.enum(['1', '2']).optional(),
  icon: text(64).optional(),
  sortNo: sortNo.optional(),
  isRoute: z.boolean().optional(),
  hidden: z.boolean().optional(),
  keepAlive: z.boolean().optional(),
  alwaysShow: z.boolean().optional(),
  internalOrExternal: z.boolean().optional(),
  status: z.enum(['0', '1']).optional(),
};
/** A button (menuType 2) is nothing without its permission code. */
function buttonsNeedPerms(value: { menuType: number; perms?: string }, ctx: z.RefinementCtx) {
  if (value.menuType === 2 && !value.perms)
    ctx.addIssue({ code: 'custom', path: ['perms'], message: 'required' });
}
export const permissionAddBody = z.strictObject(permissionShape).superRefine(buttonsNeedPerms);
export const permissionEditBody = z
  .strictObject({ id: uuid, ...permissionShape })
  .superRefine(buttonsNeedPerms);
export type PermissionAddInput = z.infer<typeof permissionAddBody>;
export type PermissionEditInput = z.infer<typeof permissionEditBody>;
export const submenuQuery = query({ parentId: uuid, ...langShape });

export const permissionView = z.object({
  id: string(),
  parentId: string().nullable(),
  catalogKey: string().nullable(),
  name: string(),
  title: string(),
  titles: z.record(string(), string()),
  url: string().nullable(),
  component: string().nullable(),
  componentName: string().nullable(),
  redirect: string().nullable(),
  menuType: z.number().int(),
  perms: string().nullable(),
  permsType: string(),
  icon: string().nullable(),
  sortNo: z.number().int(),
  isRoute: z.boolean(),
  isLeaf: z.boolean(),
  keepAlive: z.boolean(),
  hidden: z.boolean(),
  alwaysShow: z.boolean(),
  internalOrExternal: z.boolean(),
  status: string(),
});
export type PermissionView = z.infer<typeof permissionView> & { children?: PermissionView[] };
export const permissionNode: z.ZodType<PermissionView> = z.lazy(() =>
  permissionView.extend({ children: z.array(permissionNode).optional() }),
);

/** A node of a tree select: key and value are the id. */
export interface TreeOption {
  key: string;
  title: string;
  value: string;
  children?: TreeOption[];
}
export const treeOption: z.ZodType<TreeOption> = z.lazy(() =>
  z.object({
    key: string(),
    title: string(),
    value: string(),
    children: z.array(treeOption).optional(),
  }),
);
/** queryTreeList of permissions: the tree and every id in it (for "select all"). */
export const permissionTreeResult = z.object({ treeList: z.array(treeOption), ids: z.array(string()) });
export type PermissionTreeResult = z.infer<typeof permissionTreeResult>;

// Users and seller staff

export const userListQuery = pagedQuery({
  username: filter(32),
  realname: filter(64),
  phone: string()
    .trim()
    .max(16)
    .regex(/^\+?\d*$/, { message: 'phone_format' })
    .optional(),
  userRole: userRole.optional(),
  status: z.coerce.number().int().min(1).max(2).optional(),
});
export type UserListFilter = z.infer<typeof userListQuery>;

const userFields = {
  realname: requiredText(64),
  nickname: text(64).optional(),
  roleIds: ids.optional(),
  departIds: ids.optional(),
};
/** Seller staff work for a seller; no other role names one. */
function sellerOnlyForStaff(value: { userRole?: string; sellerId?: string }, ctx: z.RefinementCtx) {
  if (value.userRole && value.userRole !== 'seller_staff' && value.sellerId) {
    ctx.addIssue({ code: 'custom', path: ['sellerId'], message: 'seller_only_for_staff' });
  }
}
/** A new seller staff account names its seller. */
function staffNeedSeller(value: { userRole?: string; sellerId?: string }, ctx: z.RefinementCtx) {
  if (value.userRole === 'seller_staff' && !value.sellerId) {
    ctx.addIssue({ code: 'custom', path: ['sellerId'], message: 'seller_required' });
  }
  sellerOnlyForStaff(value, ctx);
}
export const userAddBody = z
  .strictObject({
    username,
    password,
    phone: phone.optional(),
    email: email.optional(),
    userRole,
    sellerId: uuid.optional(),
    ...userFields,
  })
  .superRefine(staffNeedSeller);
export const userEditBody = z
  .strictObject({
    id: uuid,
    phone: phone.nullable().optional(),
    email: email.nullable().optional(),
    userRole: userRole.optional(),
    sellerId: uuid.optional(),
    ...userFields,
  })
  .superRefine(sellerOnlyForStaff);
export type UserAddInput = z.infer<typeof userAddBody>;
export type UserEditInput = z.infer<typeof userEditBody>;

export const userRoleQuery = query({ userid: uuid });
export const frozenBatchBody = z.strictObject({ ids: z.array(uuid).min(1).max(MAX_IDS), status });
export type FrozenBatchInput = z.infer<typeof frozenBatchBody>;
export const checkOnlyUserQuery = query({ username, id: uuid.optional() });
/** An administrator (or a seller for their staff) sets another account's password. */
export const setPasswordBody = z.strictObject({
  username,
  password: string().max(PASSWORD_MAX_LENGTH),
  confirmpassword: string().max(PASSWORD_MAX_LENGTH),
});
export type SetPasswordInput = z.infer<typeof setPasswordBody>;
export const usersOfDepartQuery = pagedQuery({ id: uuid });

export const staffListQuery = pagedQuery({ username: filter(32), realname: filter(64) });
export const staffAddBody = z.strictObject({
  username,
  password,
  phone: phone.optional(),
  email: email.optional(),
  realname: requiredText(64),
  nickname: text(64).optional(),
  roleIds: ids.optional(),
});
export const staffEditBody = z.strictObject({
  id: uuid,
  realname: requiredText(64),
  nickname: text(64).optional(),
  phone: phone.nullable().optional(),
  email: email.nullable().optional(),
  roleIds: ids.optional(),
  status: status.optional(),
});
export type StaffAddInput = z.infer<typeof staffAddBody>;
export type StaffEditInput = z.infer<typeof staffEditBody>;
export const staffRoleQuery = query({ userId: uuid });

/** A user as the admin lists show it: never the password hash or the lockout counters. */
export const userView = z.object({
  id: string(),
  username: string(),
  realname: string(),
  nickname: string(),
  avatar: string().nullable(),
  phone: string().nullable(),
  email: string().nullable(),
  userRole,
  sellerId: string().nullable(),
  orgCode: string().nullable(),
  status: z.number().int(),
  lastLoginAt: string().nullable(),
  createdAt: string(),
  /**
   * On list pages: wrong passwords locked the account's password sign-in (ACCOUNT_LOCK_FAILURES
   * since its last sign-in); unfreezing it (frozenBatch, status 1) is the administrator's unlock.
   */
  isLocked: z.boolean().optional(),
});
export type UserView = z.infer<typeof userView>;

// Departments

export const departAddBody = z.strictObject({
  departName: requiredText(128),
  parentId: uuid.optional(),
  sortNo: sortNo.optional(),
  description: text(500).optional(),
});
export const departEditBody = z.strictObject({
  id: uuid,
  departName: requiredText(128),
  sortNo: sortNo.optional(),
  description: text(500).nullable().optional(),
});
export type DepartAddInput = z.infer<typeof departAddBody>;
export type DepartEditInput = z.infer<typeof departEditBody>;
export const departSearchQuery = query({ keyWord: requiredText(128) });

export const departView = z.object({
  id: string(),
  key: string(),
  value: string(),
  title: string(),
  orgCode: string(),
  departName: string(),
  parentId: string().nullable(),
  sortNo: z.number().int(),
  description: string().nullable(),
});
export type DepartNode = z.infer<typeof departView> & { children?: DepartNode[] };
export const departNode: z.ZodType<DepartNode> = z.lazy(() =>
  departView.extend({ children: z.array(departNode).optional() }),
);

// Dictionaries

export const dictListQuery = pagedQuery({ dictCode: filter(64), dictName: filter(128) });
const dictCode = string()
  .trim()
  .min(1)
  .max(64)
  .regex(DICTIONARY_CODE_PATTERN, { message: 'dict_code_format' });
export const dictAddBody = z.strictObject({
  dictCode,
  dictName: requiredText(128),
  description: text(500).optional(),
});
export const dictEditBody = z.strictObject({
  id: uuid,
  dictName: requiredText(128),
  description: text(500).nullable().optional(),
});
export type DictAddInput = z.infer<typeof dictAddBody>;
export type DictEditInput = z.infer<typeof dictEditBody>;
export const dictItemListQuery = pagedQuery({ dictId: uuid, itemText: filter(128) });

const itemStatus = z.union([z.literal(0), z.literal(1)]);
export const dictItemAddBody = z.strictObject({
  dictId: uuid,
  itemValue: string()
    .trim()
    .min(1)
    .max(DICTIONARY_VALUE_MAX_LENGTH)
    .regex(DICTIONARY_VALUE_PATTERN, { message: 'code_format' }),
  itemText: requiredText(128),
  texts: titles.optional(),
  description: text(500).optional(),
  sortOrder: sortNo.optional(),
  status: itemStatus.optional(),
});
export const dictItemEditBody = z.strictObject({
  id: uuid,
  itemText: requiredText(128),
  texts: titles.optional(),
  description: text(500).nullable().optional(),
  sortOrder: sortNo.optional(),
  status: itemStatus.optional(),
});
export type DictItemAddInput = z.infer<typeof dictItemAddBody>;
export type DictItemEditInput = z.infer<typeof dictItemEditBody>;

export const dictView = z.object({
  id: string(),
  dictCode: string(),
  dictName: string(),
  description: string().nullable(),
  createdAt: string(),
});
export const dictItemView = z.object({
  id: string(),
  dictId: string(),
  itemValue: string(),
  itemText: string(),
  texts: z.record(string(), string()),
  description: string().nullable(),
  sortOrder: z.number().int(),
  status: z.number().int(),
});
export type DictView = z.infer<typeof dictView>;
export type DictItemView = z.infer<typeof dictItemView>;

// Logs

export const loginInfo = z.object({
  totalVisitCount: z.number().int(),
  todayVisitCount: z.number().int(),
  todayIp: z.number().int(),
  todayUserVisitCount: z.number().int(),
});
/** One day of the last seven: `tian` the date, `type` its short label, logins and addresses. */
export const visitDay = z.object({
  tian: string(),
  type: string(),
  visit: z.number().int(),
  ip: z.number().int(),
});
export type LoginInfo = z.infer<typeof loginInfo>;
export type VisitDay = z.infer<typeof visitDay>;

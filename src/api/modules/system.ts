/**
 * The calls behind the administration screens:
 * users, roles, permissions, departments, dictionaries, announcements, video tutorials and the
 * seller's own staff and roles. Replies are parsed with the shared contract. Lists are cached
 * per resource and parameters (queryKeys.system); a change refreshes the resources it touches.
 * Changes are `silent` and answer the whole envelope: the screen shows the server's message,
 * and a refusal in the form that caused it.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  announcementAddBody,
  announcementEditBody,
  announcementRecord,
  announcementView,
  type AnnouncementListQuery,
  type MyAnnouncementQuery,
} from '@shared/contract/announcements.js';
import { pageResult, type Page } from '@shared/contract/common.js';
import {
  departNode,
  departView,
  dictItemView,
  dictView,
  permissionNode,
  permissionTreeResult,
  permissionView,
  roleView,
  treeOption,
  userView,
  type DepartAddInput,
  type DepartEditInput,
  type DictAddInput,
  type DictEditInput,
  type DictItemAddInput,
  type DictItemEditInput,
  type FrozenBatchInput,
  type PermissionAddInput,
  type PermissionEditInput,
  type RoleAddInput,
  type RoleEditInput,
  type SaveRolePermissionInput,
  type SetPasswordInput,
  type StaffAddInput,
  type StaffEditInput,
  type UserAddInput,
  type UserEditInput,
  type UserListFilter,
} from '@shared/contract/system-admin.js';
import { videoRecord, type VideoAddBody, type VideoEditBody } from '@shared/contract/videos.js';
import type { VideoAudience } from '@shared/domain/videos.js';
import {
  ApiError,
  changeRequest,
  getParsed,
  requestEnvelope,
  type Envelope,
  type PageParams,
  type Query,
} from '../client.js';
import { queryKeys } from '../query-keys.js';
import { SHELL_KEYS } from './shell.js';

const nothing = z.null();

/** A uniqueness check: true when the value is free, false on the 409 that says it is taken. */
async function isFree(path: string, query: Query): Promise<boolean> {
  try {
    await requestEnvelope(path, { query, schema: nothing, silent: true });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return false;
    throw error;
  }
}
/** What the duplicate check (GET /sys/duplicate/check, spec 01 §5) is asked about. */
export interface DuplicateQuestion {
  tableName:
    | 'sys_user'
    | 'sys_role'
    | 'sys_dict'
    | 'sys_dict_item'
    | 'sys_permission'
    | 'warehouses'
    | 'warehouse_partitions'
    | 'warehouse_locations'
    | 'skus'
    | 'sku_barcodes'
    | 'logistics_channels';
  fieldName: string;
  fieldVal: string;
  /** The record being edited, which may keep its own value. */
  dataId?: string;
  /** Where the value must be unique when the form chooses it (a warehouse, a dictionary). */
  scopeId?: string;
}

/** The duplicate check: null when the value is free, else the server's message saying it is taken (its 409). */
export async function duplicateOf(question: DuplicateQuestion): Promise<string | null> {
  try {
    await requestEnvelope('/sys/duplicate/check', { query: { ...question }, schema: nothing, silent: true });
    return null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return error.message;
    throw error;
  }
}

const ids = z.array(z.string());
const userPage = pageResult(userView);

// Users

export type UserFilter = Partial<Omit<UserListFilter, 'pageNo' | 'pageSize' | '_t'>> & PageParams;

export const fetchUsers = (filter: UserFilter): Promise<Page<z.infer<typeof userView>>> =>
  getParsed('/sys/user/list', userPage, { ...filter });
export const fetchUserRoleIds = (userid: string) => getParsed('/sys/user/queryUserRole', ids, { userid });
export const addUser = (input: UserAddInput) => changeRequest('POST', '/sys/user/add', userView, input);
export const editUser = (input: UserEditInput) => changeRequest('PUT', '/sys/user/edit', userView, input);
export const freezeUsers = (input: FrozenBatchInput) =>
  changeRequest('PUT', '/sys/user/frozenBatch', nothing, input);
export const changeUserPassword = (input: SetPasswordInput) =>
  changeRequest('PUT', '/sys/user/changPassword', nothing, input);

/** GET /sys/user/checkOnlyUser: true when the username is free (a 409 says it is taken). */
export const isUsernameFree = (username: string, id?: string) =>
  isFree('/sys/user/checkOnlyUser', { username, id });

// Roles and permissions

export type RoleFilter = PageParams & { roleName?: string; roleCode?: string };

export const fetchAllRoles = () => getParsed('/sys/role/queryall', z.array(roleView));
export const fetchRoles = (filter: RoleFilter) =>
  getParsed('/sys/role/list', pageResult(roleView), { ...filter });
export const addRole = (input: RoleAddInput) => changeRequest('POST', '/sys/role/add', roleView, input);
export const editRole = (input: RoleEditInput) => changeRequest('PUT', '/sys/role/edit', roleView, input);
export const deleteRole = (id: string) => changeRequest('DELETE', '/sys/role/delete', nothing, { id });
export const fetchPermissionTree = () => getParsed('/sys/permission/queryTreeList', permissionTreeResult);
export const fetchRolePermissionIds = (roleId: string) =>
  getParsed('/sys/permission/queryRolePermission', ids, { roleId });
export const saveRolePermissions = (input: SaveRolePermissionInput) =>
  changeRequest('POST', '/sys/permission/saveRolePermission', nothing, input);
export const fetchPermissions = () => getParsed('/sys/permission/list', z.array(permissionNode));
export const addPermission = (input: PermissionAddInput) =>
  changeRequest('POST', '/sys/permission/add', permissionView, input);
export const editPermission = (input: PermissionEditInput) =>
  changeRequest('PUT', '/sys/permission/edit', permissionView, input);

// Departments

export const fetchDepartTree = () => getParsed('/sys/sysDepart/queryTreeList', z.array(departNode));
export const fetchDepartOptions = () => getParsed('/sys/sysDepart/queryIdTree', z.array(treeOption));
export const addDepart = (input: DepartAddInput) =>
  changeRequest('POST', '/sys/sysDepart/add', departView, input);
export const editDepart = (input: DepartEditInput) =>
  changeRequest('PUT', '/sys/sysDepart/edit', departView, input);
export const deleteDepart = (id: string) => changeRequest('DELETE', '/sys/sysDepart/delete', nothing, { id });

// Dictionaries

export type DictFilter = PageParams & { dictCode?: string; dictName?: string };
export type DictItemFilter = PageParams & { dictId: string; itemText?: string };

export const fetchDicts = (filter: DictFilter) =>
  getParsed('/sys/dict/list', pageResult(dictView), { ...filter });
export const addDict = (input: DictAddInput) => changeRequest('POST', '/sys/dict/add', dictView, input);
export const editDict = (input: DictEditInput) => changeRequest('PUT', '/sys/dict/edit', dictView, input);
export const fetchDictItemPage = (filter: DictItemFilter) =>
  getParsed('/sys/dictItem/list', pageResult(dictItemView), { ...filter });
export const addDictItem = (input: DictItemAddInput) =>
  changeRequest('POST', '/sys/dictItem/add', dictItemView, input);
export const editDictItem = (input: DictItemEditInput) =>
  changeRequest('PUT', '/sys/dictItem/edit', dictItemView, input);

// Announcements

export type AnnouncementFilter = PageParams &
  Partial<Omit<AnnouncementListQuery, 'pageNo' | 'pageSize' | '_t'>>;
export type MyAnnouncementFilter = PageParams &
  Partial<Omit<MyAnnouncementQuery, 'pageNo' | 'pageSize' | '_t'>>;
export type AnnouncementInput = z.input<typeof announcementAddBody>;
export type AnnouncementEditInput = z.input<typeof announcementEditBody>;

export const fetchAnnouncementPage = (filter: AnnouncementFilter) =>
  getParsed('/sys/annountCement/list', pageResult(announcementRecord), { ...filter });
export const addAnnouncement = (input: AnnouncementInput) =>
  changeRequest('POST', '/sys/annountCement/add', announcementRecord, input);
export const editAnnouncement = (input: AnnouncementEditInput) =>
  changeRequest('PUT', '/sys/annountCement/edit', announcementRecord, input);
export const deleteAnnouncement = (id: string) =>
  changeRequest('DELETE', '/sys/annountCement/delete', nothing, { id });
export const releaseAnnouncement = (id: string) =>
  changeRequest('GET', '/sys/annountCement/doReleaseData', announcementRecord, { id });
export const revokeAnnouncement = (id: string) =>
  changeRequest('GET', '/sys/annountCement/doReovkeData', announcementRecord, { id });
export const fetchMyAnnouncements = (filter: MyAnnouncementFilter) =>
  getParsed('/sys/sysAnnouncementSend/getMyAnnouncementSend', pageResult(announcementView), { ...filter });
export const fetchAnnouncementById = (id: string) =>
  getParsed('/sys/annountCement/queryById', announcementView, { id });
export const markRead = (anntId: string) =>
  changeRequest('PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', nothing, { anntId });
export const markAllRead = () =>
  changeRequest('PUT', '/sys/sysAnnouncementSend/readAll', z.object({ count: z.number().int() }), {});

// Video tutorials

export const fetchVideoList = (audience: VideoAudience) =>
  getParsed('/sys/video/list', z.array(videoRecord), { audience });
export const addVideo = (input: VideoAddBody) => changeRequest('POST', '/sys/video/add', videoRecord, input);
export const editVideo = (input: VideoEditBody) =>
  changeRequest('PUT', '/sys/video/edit', videoRecord, input);
export const deleteVideo = (id: string) => changeRequest('DELETE', '/sys/video/delete', nothing, { id });

// The seller's staff and roles

export type StaffFilter = PageParams & { username?: string; realname?: string };

export const fetchStaff = (filter: StaffFilter) =>
  getParsed('/agent/user/store/list', userPage, { ...filter });
export const fetchStaffRoleIds = (userId: string) =>
  getParsed('/sys/seller/useRole/querySellUserRole', ids, { userId });
export const addStaff = (input: StaffAddInput) =>
  changeRequest('POST', '/agent/user/store/add', userView, input);
export const editStaff = (input: StaffEditInput) =>
  changeRequest('PUT', '/agent/user/store/edit', userView, input);
export const setStaffPassword = (input: SetPasswordInput) =>
  changeRequest('PUT', '/agent/user/updatePassword', nothing, input);
export const fetchSellerRoles = () => getParsed('/sys/seller/role/queryall', z.array(roleView));
export const addSellerRole = (input: RoleAddInput) =>
  changeRequest('POST', '/sys/seller/role/add', roleView, input);
export const editSellerRole = (input: RoleEditInput) =>
  changeRequest('PUT', '/sys/seller/role/edit', roleView, input);
export const fetchSellerPermissionTree = () =>
  getParsed('/sys/seller/role/queryTreeList', permissionTreeResult);
export const fetchSellerRolePermissionIds = (roleId: string) =>
  getParsed('/sys/seller/permission/queryRolePermission', ids, { roleId });
export const saveSellerRolePermissions = (input: SaveRolePermissionInput) =>
  changeRequest('POST', '/sys/seller/permission/saveRolePermission', nothing, input);

/** GET /sys/seller/role/checkRoleCode: true when the code is free among the seller's roles. */
export const isSellerRoleCodeFree = (roleCode: string, id?: string) =>
  isFree('/sys/seller/role/checkRoleCode', { roleCode, id });

// Hooks

export type SystemResource =
  | 'users'
  | 'sellers'
  | 'userRoles'
  | 'roles'
  | 'rolePermissions'
  | 'permissionTree'
  | 'permissions'
  | 'departs'
  | 'dicts'
  | 'dictItems'
  | 'announcements'
  | 'myAnnouncements'
  | 'videos'
  | 'staff'
  | 'staffRoles'
  | 'sellerRoles'
  | 'sellerRolePermissions'
  | 'sellerPermissionTree';

export interface SystemQueryOptions {
  enabled?: boolean;
  /** Paged lists keep showing the last page while the next one loads. */
  keepPrevious?: boolean;
}

/** A cached read of one resource. */
export function useSystemQuery<P, T>(
  resource: SystemResource,
  params: P,
  fetch: (params: P) => Promise<T>,
  { enabled = true, keepPrevious = false }: SystemQueryOptions = {},
) {
  return useQuery({
    queryKey: queryKeys.system.query(resource, params),
    queryFn: () => fetch(params),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    enabled,
  });
}

/** Announcements also feed the bell and the dashboard; dictionary items label every screen. */
const ALSO_REFRESHED: Partial<Record<SystemResource, readonly (readonly unknown[])[]>> = {
  announcements: [SHELL_KEYS.announcementsByUser, queryKeys.dashboard.all],
  myAnnouncements: [SHELL_KEYS.announcementsByUser, queryKeys.dashboard.all],
  users: [queryKeys.dashboard.all],
  dictItems: [queryKeys.dict.all],
};

/** A change that refreshes the resources it touches once the server agrees. */
export function useSystemChange<I, T>(
  mutationFn: (input: I) => Promise<Envelope<T>>,
  resources: readonly SystemResource[],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      const keys = resources.flatMap((resource) => [
        queryKeys.system.resource(resource),
        ...(ALSO_REFRESHED[resource] ?? []),
      ]);
      await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}

export const useAllRoles = (enabled = true) => useSystemQuery('roles', 'all', fetchAllRoles, { enabled });
export const useDepartOptions = (enabled = true) =>
  useSystemQuery('departs', 'options', fetchDepartOptions, { enabled });
export const useSellerRoles = (enabled = true) =>
  useSystemQuery('sellerRoles', 'all', fetchSellerRoles, { enabled });
/** The tenant's sellers, for the seller a seller staff account works for. */
export const useSellerAccounts = (enabled = true) =>
  useSystemQuery('sellers', { pageNo: 1, pageSize: 200, userRole: 'seller' as const }, fetchUsers, {
    enabled,
  });

/**
 * The session calls: branding, login (password, SMS), registration, password
 * retrieval, logout, the permission call, departments and dictionary items. The token, user
 * info and permission lists are kept by `sessionStore` (src/api/storage.ts); TanStack Query
 * caches the rest. Login-type calls are `silent`: their forms show the refusal themselves.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import {
  departsResult,
  loginResult,
  permissionResult,
  userInfo,
  type Depart,
  type LoginResult,
  type SmsMode,
  type UserInfo,
} from '@shared/contract/identity.js';
import { branding, type Branding } from '@shared/contract/tenants.js';
import { ApiError, clientHooks, request, requestEnvelope, type Envelope } from '../client.js';
import { queryKeys } from '../query-keys.js';
import { sessionStore, STORAGE_KEYS } from '../storage.js';

/** Where a signed-out user lands. */
export const LANDING_PATH = '/user/login';
/** Where a signed-in user starts (the home page is /dashboard/analysis). */
export const HOME_PATH = '/dashboard/analysis';
export const PERMISSIONS_NOT_ARRAY = 'getPermissionList: permissions must be a non-null array';

/** The agent a link names with `?agent=CODE`; it picks the tenant when the domain does not. */
export function agentCodeFromSearch(search: string = window.location.search): string | undefined {
  const value = new URLSearchParams(search).get('agent')?.trim();
  return value ? value : undefined;
}

/**
 * The agent the visitor chose: the page's `agent` parameter, which is remembered for the
 * browser session, else the one remembered. So redirects and links that drop the parameter
 * keep the visitor in that agent's tenant, and it is sent as agentCode.
 */
export function chosenAgentCode(search: string = window.location.search): string | undefined {
  const named = agentCodeFromSearch(search);
  if (named) {
    if (sessionStore.agentCode() !== named) sessionStore.saveAgentCode(named);
    return named;
  }
  return sessionStore.agentCode() ?? undefined;
}

/** A path of the /user pages that keeps the chosen agent in its `agent` parameter. */
export function withChosenAgent(path: string, search: string = window.location.search): string {
  const agentCode = chosenAgentCode(search);
  return agentCode ? `${path}?${new URLSearchParams({ agent: agentCode }).toString()}` : path;
}

// Branding

/** POST /agent/agentMg/property: the site's origin and the agent parameter name the tenant. */
export function fetchBranding(input: { domain: string; agentCode?: string }): Promise<Branding> {
  return request('/agent/agentMg/property', { method: 'POST', body: input, schema: branding, silent: true });
}

/** The branding of the site, or of the agent named by `agentCode`. */
export function useBranding(agentCode: string | undefined) {
  const domain = window.location.origin;
  return useQuery({
    queryKey: queryKeys.branding.property(domain, agentCode ?? null),
    queryFn: () => fetchBranding({ domain, agentCode }),
    staleTime: Infinity,
    retry: 1,
  });
}

/** The shell's branding: the signed-in user's own tenant, whatever site or link led there. */
export function useSignedInBranding() {
  return useBranding(sessionStore.userInfo()?.agentCode ?? chosenAgentCode());
}

// Login, registration, password retrieval

export interface PasswordLoginInput {
  username: string;
  password: string;
  remember_me?: boolean;
  agentCode?: string;
}
export interface PhoneLoginInput {
  mobile: string;
  captcha: string;
  agentCode?: string;
}
export interface SmsInput {
  mobile: string;
  smsmode: SmsMode;
  agentCode?: string;
}
export interface RegisterInput {
  username: string;
  password: string;
  confirmPassword: string;
  mobile: string;
  captcha: string;
  agentCode?: string;
}
export interface ForgePasswordInput {
  mobile: string;
  captcha: string;
  password: string;
  confirmPassword: string;
  agentCode?: string;
}

/** POST /sys/login: any refusal is rejected to the caller, which shows it in the form. */
export function login(input: PasswordLoginInput): Promise<LoginResult> {
  return request('/sys/login', { method: 'POST', body: input, schema: loginResult, silent: true });
}

/** POST /sys/phoneLogin: mobile number and the SMS code sent to it. */
export function phoneLogin(input: PhoneLoginInput): Promise<LoginResult> {
  return request('/sys/phoneLogin', { method: 'POST', body: input, schema: loginResult, silent: true });
}

/** POST /account/sms: sends a code (smsmode 0 login, 1 register, 2 retrieve password). */
export function sendSmsCode(input: SmsInput): Promise<Envelope<null>> {
  return requestEnvelope('/account/sms', { method: 'POST', body: input, schema: z.null(), silent: true });
}

/** POST /auth/register: a new seller account; answers the account name. */
export function register(input: RegisterInput): Promise<{ username: string }> {
  return request('/auth/register', {
    method: 'POST',
    body: input,
    schema: z.object({ username: z.string() }),
    silent: true,
  });
}

/** POST /auth/forge-password: a new password for the account of this mobile number. */
export function forgePassword(input: ForgePasswordInput): Promise<Envelope<null>> {
  return requestEnvelope('/auth/forge-password', {
    method: 'POST',
    body: input,
    schema: z.null(),
    silent: true,
  });
}

export const useLogin = () => useMutation({ mutationFn: login });
export const usePhoneLogin = () => useMutation({ mutationFn: phoneLogin });
export const useSendSmsCode = () => useMutation({ mutationFn: sendSmsCode });
export const useRegister = () => useMutation({ mutationFn: register });
export const useForgePassword = () => useMutation({ mutationFn: forgePassword });

// Logout

/**
 * POST /sys/logout, then the client state is cleared whatever the outcome. A
 * failure is reported through the error catalogue after the token is gone, so it shows a
 * message instead of starting a second logout. Never throws; answers the failure, if any.
 */
export async function logout(): Promise<ApiError | null> {
  let failure: ApiError | null = null;
  try {
    await request('/sys/logout', { method: 'POST', body: {}, silent: true });
  } catch (error) {
    failure = error instanceof ApiError ? error : new ApiError(0, 'network.offline', String(error));
  } finally {
    sessionStore.clear();
  }
  if (failure) clientHooks.onError(failure);
  return failure;
}

/** Logs out, drops every cached query and goes to the landing path of the chosen agent. */
export function useLogout(landingPath: string = LANDING_PATH) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      navigate(withChosenAgent(landingPath), { replace: true });
      queryClient.clear();
    },
  });
}

// Permissions

export type PermissionResult = z.infer<typeof permissionResult>;

function storedLanguage(): string {
  return localStorage.getItem(STORAGE_KEYS.language) ?? clientHooks.language();
}

/**
 * GET /sys/permission/getUserPermissionByToken: the menu tree and both authorisation lists,
 * which are kept in session storage. An empty or non-array menu is rejected.
 */
export async function fetchPermissions(lang: string = storedLanguage()): Promise<PermissionResult> {
  const result = await request<unknown>('/sys/permission/getUserPermissionByToken', { query: { lang } });
  const menu: unknown =
    typeof result === 'object' && result !== null ? Reflect.get(result, 'menu') : undefined;
  if (!Array.isArray(menu) || menu.length === 0) throw new Error(PERMISSIONS_NOT_ARRAY);
  const permissions = permissionResult.parse(result);
  sessionStore.saveAuth(permissions.auth, permissions.allAuth);
  return permissions;
}

export function usePermissions(lang: string = storedLanguage(), enabled = true) {
  return useQuery({
    queryKey: queryKeys.permissions.byToken(lang),
    queryFn: () => fetchPermissions(lang),
    staleTime: Infinity,
    retry: false,
    enabled,
  });
}

// Departments

export type DepartsResult = z.infer<typeof departsResult>;

/** GET /sys/user/getCurrentUserDeparts: the user's departments and the current one. */
export function fetchCurrentUserDeparts(): Promise<DepartsResult> {
  return request('/sys/user/getCurrentUserDeparts', { schema: departsResult });
}

/** POST /sys/selectDepart: the answered user info is stored for 7 days as the session's. */
export async function selectDepart(input: { orgCode: string; username?: string }): Promise<UserInfo> {
  const result = await request('/sys/selectDepart', {
    method: 'POST',
    body: input,
    schema: z.object({ userInfo }),
  });
  sessionStore.saveUserInfo(result.userInfo);
  return result.userInfo;
}

export function useCurrentUserDeparts(enabled = true) {
  return useQuery({ queryKey: queryKeys.departs.current(), queryFn: fetchCurrentUserDeparts, enabled });
}

/** Switches department; the user info, departments and menus of the session are refreshed. */
export function useSelectDepart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectDepart,
    onSuccess: async (info) => {
      queryClient.setQueryData(queryKeys.session.userInfo(), info);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.departs.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.permissions.all }),
      ]);
    },
  });
}

export type { Depart };

// Password

export interface UpdatePasswordInput {
  username: string;
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

/**
 * POST /sys/user/updatePassword. Silent: the dialog shows a refusal as a warning and the
 * success message itself, so the answer carries the server's `message`.
 */
export function updatePassword(input: UpdatePasswordInput): Promise<Envelope<null>> {
  return requestEnvelope('/sys/user/updatePassword', {
    method: 'POST',
    body: input,
    schema: z.null(),
    silent: true,
  });
}

export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });

// Dictionaries

/** An item of GET /sys/dict/getDictItems/{code}, labelled in the caller's language. */
export const dictItem = z.object({
  value: z.string(),
  text: z.string(),
  title: z.string(),
  label: z.string(),
});
export type DictItem = z.infer<typeof dictItem>;

/** GET /sys/dict/getDictItems/{code}: goes without the `_t` cache-buster. */
export function fetchDictItems(code: string): Promise<DictItem[]> {
  return request(`/sys/dict/getDictItems/${encodeURIComponent(code)}`, {
    schema: z.array(dictItem),
    noCacheBuster: true,
  });
}

export function useDictItems(code: string, lang: string = clientHooks.language()) {
  return useQuery({
    queryKey: queryKeys.dict.items(code, lang),
    queryFn: () => fetchDictItems(code),
    staleTime: 10 * 60 * 1000,
  });
}

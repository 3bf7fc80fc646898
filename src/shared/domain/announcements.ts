/**
 * Announcements (spec 01 §2 dialog 4, §3, §7): the codes the spec's calls carry, the release
 * lifecycle as a table, and who an announcement is for. Used by the server and the admin alike.
 */
import type { UserRole } from './roles.js';

/** send_status: '0' draft, '1' released, '2' revoked. */
export const SEND_STATUS = { draft: '0', released: '1', revoked: '2' } as const;
export type SendStatus = (typeof SEND_STATUS)[keyof typeof SEND_STATUS];
export const SEND_STATUSES = ['0', '1', '2'] as const satisfies readonly SendStatus[];

/** priority: low, medium, high. */
export const PRIORITIES = ['L', 'M', 'H'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** msg_category: '1' notice, '2' system message. */
export const MSG_CATEGORY = { notice: '1', system: '2' } as const;
export const MSG_CATEGORIES = ['1', '2'] as const;
export type MsgCategory = (typeof MSG_CATEGORIES)[number];

/** msg_type: everyone in the tenant, users of some roles, or listed users. */
export const MSG_TYPES = ['ALL', 'ROLE', 'USER'] as const;
export type MsgType = (typeof MSG_TYPES)[number];

/** readFlag of the 'My announcements' list: '0' unread, '1' read. */
export const READ_FLAGS = ['0', '1'] as const;
export type ReadFlag = (typeof READ_FLAGS)[number];

/** The release lifecycle: a draft is released, a released announcement is revoked. */
export const SEND_STATUS_TRANSITIONS: Readonly<Record<SendStatus, readonly SendStatus[]>> = {
  '0': ['1'],
  '1': ['2'],
  '2': [],
};

export function canTransition(from: SendStatus, to: SendStatus): boolean {
  return SEND_STATUS_TRANSITIONS[from].includes(to);
}

/** Only drafts may be edited; drafts and revoked announcements may be deleted. */
export const EDITABLE_STATUSES: readonly SendStatus[] = ['0'];
export const DELETABLE_STATUSES: readonly SendStatus[] = ['0', '2'];

/** How many unread announcements of each category the header's bell lists. */
export const BELL_LIST_SIZE = 10;

/** The limits of an announcement's fields. */
export const ANNOUNCEMENT_LIMITS = {
  titile: 100,
  msgAbstract: 500,
  msgContent: 50_000,
  recipients: 500,
} as const;

export interface Audience {
  msgType: MsgType;
  roleCodes: readonly string[];
  userIds: readonly string[];
}

/** Whether a user is among an announcement's recipients (ALL, by role or by id). */
export function isInAudience(audience: Audience, user: { userId: string; userRole: UserRole }): boolean {
  switch (audience.msgType) {
    case 'ALL':
      return true;
    case 'ROLE':
      return audience.roleCodes.includes(user.userRole);
    case 'USER':
      return audience.userIds.includes(user.userId);
  }
}

/**
 * User role labels from the user_role dictionary (GET /sys/dict/getDictItems/user_role, in
 * the viewer's language); the bundled dictionary labels stand in until it answers.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictItems } from '@api/modules/session.js';
import { USER_ROLES, type UserRole } from '@shared/domain/roles.js';

export interface RoleLabels {
  label: (role: string) => string;
  options: { value: UserRole; label: string }[];
}

export function useRoleLabels(): RoleLabels {
  const { t, i18n } = useTranslation();
  const dict = useDictItems('user_role', i18n.language);
  return useMemo(() => {
    const byValue = new Map((dict.data ?? []).map((item) => [item.value, item.label]));
    const label = (role: string) => byValue.get(role) ?? t(`dict:user_role.${role}`, { defaultValue: role });
    return { label, options: USER_ROLES.map((role) => ({ value: role, label: label(role) })) };
  }, [dict.data, t]);
}

/** Tag colours by role, so a list reads at a glance. */
export const ROLE_COLORS: Record<UserRole, string> = {
  admin: 'red',
  agent_manager: 'volcano',
  ware_manager: 'blue',
  ware_staff: 'geekblue',
  customer_service: 'cyan',
  system_service: 'purple',
  seller: 'green',
  seller_staff: 'lime',
  distributor: 'gold',
  supplier: 'orange',
  employee: 'default',
};

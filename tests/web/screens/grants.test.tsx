import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { hasAuth } from '@admin/screens/auth.js';
import { SellerRoleList } from '@admin/screens/seller/RoleList.js';
import { StaffList } from '@admin/screens/seller/StaffList.js';
import { STORAGE_KEYS } from '@api/storage.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { renderWithProviders } from '../render.js';
import { api, http, ok, useApiServer } from '../shell/api-server.js';
import { pageOf, signIn, userRecord } from './fixtures.js';

vi.setConfig({ testTimeout: 30_000 });

const ROLE_ID = '20000000-0000-4000-8000-000000000001';
const saved: unknown[] = [];
useApiServer(
  http.get(api('/agent/user/store/list'), () =>
    ok(pageOf([userRecord({ username: 'steve', userRole: 'seller_staff' })], 1)),
  ),
  http.get(api('/sys/seller/role/queryall'), () =>
    ok([
      {
        id: ROLE_ID,
        roleCode: 'packers',
        roleName: 'Packers',
        description: null,
        sellerId: 's1',
        createdAt: '2024-05-01T08:00:00.000Z',
      },
    ]),
  ),
  http.get(api('/sys/seller/role/queryTreeList'), () =>
    ok({
      treeList: [
        {
          key: 'stock',
          value: 'stock',
          title: 'Stock',
          children: [
            { key: 'stock-list', value: 'stock-list', title: 'View stock' },
            { key: 'stock-move', value: 'stock-move', title: 'Move stock' },
          ],
        },
        { key: 'products', value: 'products', title: 'Products' },
      ],
      ids: ['stock', 'stock-list', 'stock-move', 'products'],
    }),
  ),
  http.get(api('/sys/seller/permission/queryRolePermission'), () => ok(['products'])),
  http.post(api('/sys/seller/permission/saveRolePermission'), async ({ request }) => {
    saved.push(await request.json());
    return ok(null, 'Saved');
  }),
);

describe('button permissions', () => {
  it('reads the granted codes the permission call kept in session storage', () => {
    expect(hasAuth(PERMISSIONS.userAdd)).toBe(false);
    sessionStorage.setItem(STORAGE_KEYS.auth, JSON.stringify([{ action: 'system:user:add', type: '1' }]));
    expect(hasAuth(PERMISSIONS.userAdd)).toBe(true);
    expect(hasAuth(PERMISSIONS.userEdit)).toBe(false);
    sessionStorage.setItem(STORAGE_KEYS.auth, 'not json');
    expect(hasAuth(PERMISSIONS.userAdd)).toBe(false);
  });

  it('shows a seller the staff buttons they hold and none other', async () => {
    signIn('seller', [PERMISSIONS.sellerStaffList, PERMISSIONS.sellerStaffAdd]);
    renderWithProviders(<StaffList />);
    await screen.findByText('steve');
    expect(screen.getByRole('button', { name: /Add staff/ })).toBeTruthy();
    expect(screen.queryByText('Set password')).toBeNull();
    expect(screen.queryByText('Edit')).toBeNull();
  });
});

describe('seller roles (/seller/roles)', () => {
  it('grants from the seller’s tree: ticking a permission ticks the menu above it', async () => {
    saved.length = 0;
    signIn('seller', [PERMISSIONS.sellerRoleList, PERMISSIONS.sellerRolePermission]);
    renderWithProviders(<SellerRoleList />);
    expect(screen.queryByRole('button', { name: /Add role/ })).toBeNull();
    fireEvent.click(await screen.findByText('Permissions'));

    const drawer = await screen.findByRole('dialog');
    const moveStock = await within(drawer).findByText('Move stock');
    fireEvent.click(moveStock);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    const body = saved[0] as { roleId: string; permissionIds: string[] };
    expect(body.roleId).toBe(ROLE_ID);
    expect([...body.permissionIds].sort()).toEqual(['products', 'stock', 'stock-move']);
  });
});

describe("'Clear all' in the permission drawer", () => {
  it(
    'asks first: Cancel keeps what the role holds, agreeing unticks everything',
    { timeout: 60_000 },
    async () => {
      saved.length = 0;
      signIn('seller', [PERMISSIONS.sellerRoleList, PERMISSIONS.sellerRolePermission]);
      renderWithProviders(<SellerRoleList />);
      fireEvent.click(await screen.findByText('Permissions'));
      const drawer = await screen.findByRole('dialog');
      await within(drawer).findByText('Move stock');
      const clearAll = await waitFor(() => {
        const button = within(drawer).getByRole('button', { name: 'Clear all' });
        expect((button as HTMLButtonElement).disabled).toBe(false);
        return button;
      });

      fireEvent.click(clearAll);
      const confirm = (await screen.findAllByText('Clear all permissions?'))
        .at(-1)
        ?.closest('.ant-modal-confirm');
      if (!(confirm instanceof HTMLElement)) throw new Error('no confirmation');
      expect(within(confirm).getByText(/Untick every permission of the role Packers/)).toBeTruthy();
      fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      expect(saved).toEqual([]);

      // The first question may still be leaving (its closing animation): the newest is the one asked.
      const asked = screen.queryAllByText('Clear all permissions?').length;
      fireEvent.click(clearAll);
      await waitFor(() =>
        expect(screen.getAllByText('Clear all permissions?').length).toBeGreaterThan(asked),
      );
      const again = screen.getAllByText('Clear all permissions?').at(-1)?.closest('.ant-modal-confirm');
      if (!(again instanceof HTMLElement)) throw new Error('no confirmation');
      fireEvent.click(within(again).getByRole('button', { name: 'Clear all' }));
      await waitFor(() =>
        expect(within(drawer).getByRole('button', { name: 'Clear all' })).toHaveProperty('disabled', true),
      );
      fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect((saved[0] as { permissionIds: string[] }).permissionIds).toEqual([]);
    },
  );
});

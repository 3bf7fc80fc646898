import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DepartSwitchDialog } from '@admin/dialogs/DepartSwitchDialog.js';
import { printPdf } from '@admin/dialogs/print-helper.js';
import { sessionStore } from '@api/storage.js';
import { renderWithProviders } from '../render.js';
import { api, failure, http, ok, useApiServer } from './api-server.js';
import { userWithRole } from './fixtures.js';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const user = userWithRole('ware_manager');
const selected: unknown[] = [];
useApiServer(
  http.get(api('/sys/user/getCurrentUserDeparts'), () =>
    ok({
      list: [
        { id: 'd1', orgCode: 'A01', departName: 'Bangkok warehouse' },
        { id: 'd2', orgCode: 'A02', departName: 'Taipei warehouse' },
      ],
      orgCode: null,
    }),
  ),
  http.post(api('/sys/selectDepart'), async ({ request }) => {
    selected.push(await request.json());
    return ok({ userInfo: { ...user, orgCode: 'A02' } }, 'Department selected');
  }),
  http.get(api('/files/missing.pdf'), () => failure(404, 'common.not_found', 'Resource not found')),
);

describe('the department switch dialog', () => {
  it('puts the select in its error state when confirmed without a choice, then switches', async () => {
    sessionStore.save('token-1', user);
    const onClose = vi.fn();
    renderWithProviders(<DepartSwitchDialog open onClose={onClose} />);
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Please choose a department')).toBeTruthy();
    expect(document.querySelector('.ant-select-status-error')).not.toBeNull();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Department' }));
    fireEvent.click(await screen.findByText('Taipei warehouse'));
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(selected).toEqual([{ orgCode: 'A02', username: user.username }]);
    expect(sessionStore.userInfo()?.orgCode).toBe('A02');
  });
});

describe('the print helper', () => {
  it('refuses to print while the page is still loading', async () => {
    const loading = { readyState: 'loading' } as Document;
    expect(await printPdf('/api/files/label.pdf', loading)).toBe('not_loaded');
  });

  it('reports printing as impossible when the PDF cannot be fetched', async () => {
    expect(await printPdf('/api/files/missing.pdf')).toBe('unavailable');
    expect(document.querySelector('iframe')).toBeNull();
  });
});

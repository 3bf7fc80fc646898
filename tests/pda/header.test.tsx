// @vitest-environment jsdom
/**
 * The title bar's Sync now while a sync runs: it stays a readable, enabled button (a tap joins
 * the run under way instead of starting a second one) and tells assistive technology it is busy.
 * antd-mobile's own loading state dimmed it to 2.2:1 and faded it back over 0.15 s, and its
 * DotLoading animated SVG on the main thread.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { PdaHeader } from '@pda/kit/header.js';
import { PdaServicesProvider } from '@pda/shell/sync-context.js';
import { SyncEngine } from '@pda/sync/engine.js';
import type { SyncTransport } from '@pda/sync/transport.js';
import { offlineTransport, seededDatabase, setUpScreenTests } from './support/screen.js';

setUpScreenTests();

describe('the title bar', () => {
  it('keeps Sync now enabled and readable while a sync runs, and a tap joins that run', async () => {
    let release: (error: Error) => void = () => undefined;
    const register = vi.fn(
      () =>
        new Promise<never>((_, reject) => {
          release = reject;
        }),
    );
    const transport: SyncTransport = { ...offlineTransport, register };
    const db = await seededDatabase('header', []);
    const engine = new SyncEngine({ db, transport, isOnline: () => true });
    render(
      <PdaServicesProvider services={{ db, engine }}>
        <MemoryRouter initialEntries={['/receive']}>
          <PdaHeader title="Receive" />
        </MemoryRouter>
      </PdaServicesProvider>,
    );
    const button = screen.getByRole('button', { name: 'Sync now' });
    expect(button.getAttribute('aria-busy')).toBe('false');

    const run = engine.syncNow();
    await waitFor(() => expect(register).toHaveBeenCalledTimes(1));
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button).toHaveProperty('disabled', false);
    expect(button.className).not.toContain('adm-button-disabled');
    // The run is told in words that do not move: no animation asks the main thread for frames
    // while the sync runs. The label not shown keeps its place (the button's width), out of its name.
    expect(screen.getByRole('button', { name: 'Syncing…' })).toBe(button);
    expect(button.querySelector('[aria-hidden="true"]')?.textContent).toBe('Sync now');
    expect(button.querySelector('.pda-sync-off')?.textContent).toBe('Sync now');
    expect(button.querySelector('animate, svg, [class*="dots"]')).toBeNull();
    fireEvent.click(button);
    release(new Error('no network in this test'));
    await run;
    expect(register).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('false'));
    expect(screen.getByRole('button', { name: 'Sync now' })).toBe(button);
    expect(button.querySelector('.pda-sync-off')?.textContent).toBe('Syncing…');
  });
});

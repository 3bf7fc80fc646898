// @vitest-environment jsdom
/**
 * This device's scanner settings: set on the settings screen, kept in the browser, and used by
 * every screen's scanner listener: the prefix and suffix are stripped, the GS stand-in read as
 * the GS1 separator, and the idle gap ends a scan sent without Enter.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { readScannerSettings, SCANNER_DEFAULTS, stripAffixes } from '@pda/scan/scanner-settings.js';
import { SettingsScreen } from '@pda/settings/settings-screen.js';
import { renderOffline, scan, seededDatabase, setUpScreenTests } from './support/screen.js';

setUpScreenTests();
beforeEach(() => localStorage.clear());

async function renderSettings() {
  const db = await seededDatabase('settings', []);
  renderOffline(db, '/settings', <SettingsScreen />);
  await screen.findByTestId('settings-screen');
}

describe('scanner settings', () => {
  it('keeps only well-formed settings, and strips a prefix and a suffix only where they are', () => {
    localStorage.setItem(
      'pda-scanner-settings',
      JSON.stringify({ prefix: 'A', idleMs: 5, gsPlaceholder: '~~' }),
    );
    expect(readScannerSettings()).toEqual({ ...SCANNER_DEFAULTS, prefix: 'A' });
    localStorage.setItem('pda-scanner-settings', 'not json');
    expect(readScannerSettings()).toEqual(SCANNER_DEFAULTS);
    expect(stripAffixes('#BOX-001$', { prefix: '#', suffix: '$' })).toBe('BOX-001');
    expect(stripAffixes('BOX-001', { prefix: '#', suffix: '$' })).toBe('BOX-001');
  });

  it('saves a prefix, suffix and GS stand-in that the scanner listener then uses', async () => {
    await renderSettings();
    expect(screen.getByTestId('scan-test').textContent).toBe('Scan any barcode to see how it is read');
    fireEvent.change(screen.getByRole('textbox', { name: 'Prefix characters to strip' }), {
      target: { value: '#' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Suffix characters to strip' }), {
      target: { value: '$' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Stand-in character for the GS separator' }), {
      target: { value: '~' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('settings-saved')).toBeTruthy();
    expect(readScannerSettings()).toMatchObject({ prefix: '#', suffix: '$', gsPlaceholder: '~' });

    scan('#BX000123$');
    await waitFor(() => expect(screen.getByTestId('scan-test').textContent).toBe('Read as BX000123 (sku)'));
    // A GS1-128 label whose GS the scanner sends as '~': the GTIN and the lot are read apart.
    scan('#0106900000000014' + '10LOT7~' + '17271231$');
    await waitFor(() => expect(screen.getByTestId('scan-test').textContent).toContain('(gtin)'));
    expect(screen.getByTestId('scan-test').textContent).toBe('Read as 010690000000001410LOT717271231 (gtin)');
  });

  it('saves no idle gap while the one typed is out of range, and saves it once corrected', async () => {
    await renderSettings();
    const field = screen.getByRole<HTMLInputElement>('spinbutton', {
      name: 'Pause that ends a scan without a suffix (ms)',
    });
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    fireEvent.change(field, { target: { value: '5' } });
    expect(field.value).toBe('5');
    expect(screen.getByText('Enter a number from 30 to 1000').getAttribute('role')).toBe('alert');
    expect(save.disabled).toBe(true);
    fireEvent.click(save);
    expect(screen.queryByTestId('settings-saved')).toBeNull();
    expect(localStorage.getItem('pda-scanner-settings')).toBeNull();

    fireEvent.change(field, { target: { value: '300' } });
    fireEvent.click(save);
    expect(await screen.findByTestId('settings-saved')).toBeTruthy();
    expect(readScannerSettings().idleMs).toBe(300);
  });

  it('ends a scan without Enter after the idle gap the device set', async () => {
    localStorage.setItem('pda-scanner-settings', JSON.stringify({ idleMs: 400 }));
    await renderSettings();
    act(() => {
      for (const key of 'BX000777') fireEvent.keyDown(document.activeElement ?? document.body, { key });
    });
    // Past the default gap (80 ms) the scan is still open: the device said 400.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.getByTestId('scan-test').textContent).toBe('Scan any barcode to see how it is read');
    await waitFor(() => expect(screen.getByTestId('scan-test').textContent).toBe('Read as BX000777 (sku)'), {
      timeout: 2000,
    });
  });
});

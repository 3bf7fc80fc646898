// @vitest-environment jsdom
/**
 * When the camera's lazy chunk cannot load (an old precache after an update, a cut connection
 * before it was cached), the screen says so and keeps working: no crash, scans still come in.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { ScanInput } from '@pda/kit/scan-input.js';
import { initPdaI18n } from '@pda/i18n.js';

vi.mock('@pda/kit/camera-overlay.js', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

beforeAll(async () => {
  await initPdaI18n('en-US');
});
afterEach(cleanup);

it('tells the worker the camera could not start and keeps the screen usable', async () => {
  const onScan = vi.fn();
  render(<ScanInput onScan={onScan} />);
  fireEvent.click(screen.getByRole('button', { name: 'Scan with the camera' }));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('The camera could not start: try again, or type the code');
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());

  fireEvent.change(screen.getByPlaceholderText('Type a code'), { target: { value: 'A-01-03' } });
  fireEvent.click(screen.getByRole('button', { name: 'Enter' }));
  expect(onScan).toHaveBeenCalledWith(expect.objectContaining({ code: 'A-01-03' }));
});

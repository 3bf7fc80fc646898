/**
 * /privacyPolicy: public (no session), in the reader's language with the login page's language
 * switch, naming what the app reads, who sees it, and Shopify's redact requests.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PrivacyPolicyPage } from '@admin/standalone/PrivacyPolicyPage.js';
import { BRANDING, brandingHandler } from '../auth/fixtures.js';
import { renderWithProviders } from '../render.js';
import { useApiServer } from '../shell/api-server.js';

vi.setConfig({ testTimeout: 30_000 });

useApiServer(brandingHandler());

describe('/privacyPolicy', () => {
  it('is readable without a session, names the data read, who sees it and the Shopify redact requests', async () => {
    renderWithProviders(<PrivacyPolicyPage />, { route: '/privacyPolicy' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeTruthy();
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    expect(within(contents).getAllByRole('link')).toHaveLength(10);
    expect(screen.getByText("Shipping addresses and the recipients' phone numbers.")).toBeTruthy();
    expect(screen.getByText(/the staff of the seller's fulfilment warehouse/)).toBeTruthy();
    expect(screen.getByText(/^customers\/redact:/)).toBeTruthy();
    expect(screen.getByText(/^shop\/redact \(sent 48 hours after the app is uninstalled\)/)).toBeTruthy();
    expect(screen.getByText(/Access tokens and API keys are encrypted at rest/)).toBeTruthy();
    expect(await screen.findByText(`Questions and deletion requests: ${BRANDING.title}.`)).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeTruthy();
  });
});

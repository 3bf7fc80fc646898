/**
 * /privacyPolicy (spec 01 §2): the public privacy policy — the one a Shopify app listing links to —
 * in the reader's language, with the login page's language switch. It names what the app reads
 * from a connected shop, why, where it is kept and for how long, who sees it, how it is deleted
 * (on request, and on Shopify's customers/redact and shop/redact), how it is protected, and whom
 * to ask. The operator is the agent whose site this is (its branding), when it has one.
 */
import { theme } from 'antd';
import { useEffect, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { chosenAgentCode, useBranding } from '@api/modules/session.js';
import { BCP47, resolveLanguage } from '@shared/i18n/languages.js';
import '../auth/auth.css';
import { AuthFooter } from '../auth/layout/AuthFooter.js';
import { LanguageSwitch } from '../auth/layout/LanguageSwitch.js';
import './privacy.css';

/** The date this text took effect; change it with the text. */
export const POLICY_DATE = '2026-11-25';

type SectionKey =
  | 'who'
  | 'data'
  | 'purpose'
  | 'storage'
  | 'access'
  | 'deletion'
  | 'security'
  | 'rights'
  | 'changes'
  | 'contact';

const SECTIONS: readonly SectionKey[] = [
  'who',
  'data',
  'purpose',
  'storage',
  'access',
  'deletion',
  'security',
  'rights',
  'changes',
  'contact',
];

/** The list items of each section that has them, in order. */
const ITEMS: Partial<Record<SectionKey, readonly string[]>> = {
  data: ['orders', 'lines', 'buyers', 'addresses', 'products', 'stock', 'shop'],
  access: ['seller', 'warehouse', 'agent', 'carriers'],
  deletion: ['data_request', 'customers_redact', 'shop_redact'],
  security: ['tokens', 'transport', 'separation', 'passwords'],
};

/** The paragraphs of each section: before its list, then after it. */
const PARAGRAPHS: Record<SectionKey, { before: readonly string[]; after: readonly string[] }> = {
  who: { before: ['body'], after: [] },
  data: { before: ['intro'], after: ['not'] },
  purpose: { before: ['body', 'not'], after: [] },
  storage: { before: ['where', 'orders', 'files', 'tokens'], after: [] },
  access: { before: ['intro'], after: ['never'] },
  deletion: { before: ['request', 'shopify_intro'], after: ['other'] },
  security: { before: [], after: [] },
  rights: { before: ['body'], after: [] },
  changes: { before: ['body'], after: [] },
  contact: { before: ['body'], after: [] },
};

export function PrivacyPolicyPage() {
  const { t, i18n } = useTranslation('privacy');
  const { data: branding } = useBranding(chosenAgentCode());
  // The theme's link colours (shades that reach 4.5:1), as the login layout sets them.
  const { token } = theme.useToken();
  const themeVars = {
    '--auth-primary': token.colorPrimary,
    '--auth-link-hover': token.colorLinkHover,
    fontFamily: token.fontFamily,
  } as CSSProperties;
  const operator = branding?.webSite?.corporateName || branding?.title || t('operator_default');
  const phone = branding?.webSite?.contactNumber ?? '';
  const title = t('title');
  const date = new Intl.DateTimeFormat(BCP47[resolveLanguage(i18n.language)], { dateStyle: 'long' }).format(
    new Date(`${POLICY_DATE}T00:00:00Z`),
  );

  useEffect(() => {
    document.title = branding?.title ? `${title} · ${branding.title}` : title;
  }, [title, branding?.title]);

  const paragraph = (section: SectionKey, key: string) => (
    <p key={key}>{t(`sections.${section}.${key}`, { operator })}</p>
  );

  return (
    <div className="auth-page" style={themeVars}>
      <header className="auth-topbar">
        <span className="auth-brand">
          <span className="auth-brand-title">{branding?.title ?? ''}</span>
        </span>
        <LanguageSwitch />
      </header>
      <main className="privacy-main">
        <article className="privacy-document" aria-labelledby="privacy-title">
          <h1 id="privacy-title">{title}</h1>
          <p className="privacy-updated">{t('updated', { date })}</p>
          <p>{t('intro', { operator })}</p>
          <nav className="privacy-contents" aria-labelledby="privacy-contents">
            <h2 id="privacy-contents">{t('contents')}</h2>
            <ol>
              {SECTIONS.map((section) => (
                <li key={section}>
                  <a href={`#privacy-${section}`}>{t(`sections.${section}.title`)}</a>
                </li>
              ))}
            </ol>
          </nav>
          {SECTIONS.map((section) => (
            <section key={section} aria-labelledby={`privacy-${section}`}>
              <h2 id={`privacy-${section}`}>{t(`sections.${section}.title`)}</h2>
              {PARAGRAPHS[section].before.map((key) => paragraph(section, key))}
              {ITEMS[section] && (
                <ul>
                  {ITEMS[section].map((item) => (
                    <li key={item}>{t(`sections.${section}.items.${item}`)}</li>
                  ))}
                </ul>
              )}
              {PARAGRAPHS[section].after.map((key) => paragraph(section, key))}
              {section === 'contact' && (
                <>
                  {phone && <p>{t('sections.contact.phone', { phone })}</p>}
                  <p>{t('sections.contact.fallback')}</p>
                </>
              )}
            </section>
          ))}
        </article>
      </main>
      <AuthFooter branding={branding} title={branding?.title ?? operator} />
    </div>
  );
}

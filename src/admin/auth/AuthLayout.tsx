import { Spin, theme } from 'antd';
import { Suspense, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { chosenAgentCode, useBranding } from '@api/modules/session.js';
import './auth.css';
import { AuthFooter } from './layout/AuthFooter.js';
import { BrandPanel } from './layout/BrandPanel.js';
import { LanguageSwitch } from './layout/LanguageSwitch.js';
import { useBrandingEffects } from './layout/useBrandingEffects.js';

function BrandMark({ logo, title, homeUrl }: { logo: string | null; title: string; homeUrl: string | null }) {
  const mark = logo ? (
    <img className="auth-logo" src={logo} alt={title} />
  ) : (
    <span className="auth-brand-title">{title}</span>
  );
  return homeUrl ? (
    <a className="auth-brand" href={homeUrl} target="_blank" rel="noopener noreferrer">
      {mark}
    </a>
  ) : (
    <span className="auth-brand">{mark}</span>
  );
}

/**
 * The login layout: the agent's branding (title, favicon, logo, chat script),
 * a language switch, the picture on the left, the routed form on the right and the footer.
 * A failed branding call leaves the product's own look.
 */
export function AuthLayout() {
  const { t } = useTranslation('auth');
  const { data: branding, isPending } = useBranding(chosenAgentCode(useLocation().search));
  useBrandingEffects(branding);
  const title = branding?.title || t('layout.default_title');
  const { token } = theme.useToken();
  const themeVars = {
    '--auth-primary': token.colorPrimary,
    '--auth-link-hover': token.colorLinkHover,
    fontFamily: token.fontFamily,
  } as CSSProperties;

  // No antd App of its own: messages and notifications opened here (the failed sign-in notice
  // above all) belong to the app's, so they stay when a sign-in moves on to the signed-in shell.
  return (
    <div className="auth-page" style={themeVars}>
      <header className="auth-topbar">
        <BrandMark logo={branding?.logo ?? null} title={title} homeUrl={branding?.homeUrl ?? null} />
        <LanguageSwitch />
      </header>
      <main className="auth-main">
        <div className="auth-card">
          <aside className="auth-visual">
            <BrandPanel branding={branding} title={title} isLoading={isPending} />
          </aside>
          <section className="auth-form-pane">
            <Suspense fallback={<Spin className="auth-form-loading" />}>
              <Outlet />
            </Suspense>
          </section>
        </div>
      </main>
      <AuthFooter branding={branding} title={title} />
    </div>
  );
}

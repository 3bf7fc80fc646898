import { useTranslation } from 'react-i18next';
import type { Branding } from '@shared/contract/tenants.js';

/** Where the help link goes when the agent has not set one: the product's help documentation. */
export const DEFAULT_HELP_LINK = '/help';
/** Chinese filing (ICP record) numbers link to the registry that issued them. */
const FILING_REGISTRY = 'https://beian.miit.gov.cn/';

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** The login layout's footer: copyright year and title, friend link, help link, filing number. */
export function AuthFooter({ branding, title }: { branding: Branding | undefined; title: string }) {
  const { t } = useTranslation('auth');
  const friendName = branding?.friendName || t('footer.friend_default');
  const friendLink = branding?.friendLink;
  return (
    <footer className="auth-footer">
      <nav className="auth-footer-links" aria-label={t('footer.links')}>
        {friendLink ? <ExternalLink href={friendLink}>{friendName}</ExternalLink> : <span>{friendName}</span>}
        <ExternalLink href={branding?.helpLink || DEFAULT_HELP_LINK}>{t('footer.help')}</ExternalLink>
      </nav>
      <div className="auth-footer-legal">
        <span>{t('footer.copyright', { year: new Date().getFullYear(), title })}</span>
        {branding?.beianhao ? <ExternalLink href={FILING_REGISTRY}>{branding.beianhao}</ExternalLink> : null}
      </div>
    </footer>
  );
}

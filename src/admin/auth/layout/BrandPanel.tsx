import { CarOutlined, ContainerOutlined, ShopOutlined } from '@ant-design/icons';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Branding } from '@shared/contract/tenants.js';

// The carousel (react-slick) loads only for agents that have banners and no home image.
const Carousel = lazy(() => import('antd/es/carousel/index.js'));

function LinkTo({ href, label, children }: { href: string | null; label: string; children: ReactNode }) {
  if (!href) return <>{children}</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label} className="auth-visual-link">
      {children}
    </a>
  );
}

/** The product's own picture when the agent has neither a home image nor banners. */
function DefaultVisual() {
  const { t } = useTranslation('auth');
  const features = [
    { icon: <ShopOutlined />, text: t('layout.feature_orders') },
    { icon: <ContainerOutlined />, text: t('layout.feature_warehouse') },
    { icon: <CarOutlined />, text: t('layout.feature_shipping') },
  ];
  return (
    <div className="auth-visual-default">
      <h2>{t('layout.slogan')}</h2>
      <p>{t('layout.slogan_detail')}</p>
      <ul>
        {features.map((feature) => (
          <li key={feature.text}>
            <span className="auth-visual-icon">{feature.icon}</span>
            {feature.text}
          </li>
        ))}
      </ul>
    </div>
  );
}

interface BrandPanelProps {
  branding: Branding | undefined;
  title: string;
  isLoading: boolean;
}

/**
 * The left side of the login layout: the agent's home image, else a carousel of
 * its website banners, linking to the home URL (a banner to its own address when it has one).
 */
export function BrandPanel({ branding, title, isLoading }: BrandPanelProps) {
  if (isLoading) return <div className="auth-visual-placeholder" />;
  const homeUrl = branding?.homeUrl ?? null;
  const banners = branding?.webSite?.banners ?? [];
  if (branding?.homeImg) {
    return (
      <LinkTo href={homeUrl} label={title}>
        <img className="auth-visual-image" src={branding.homeImg} alt={title} />
      </LinkTo>
    );
  }
  if (banners.length > 0) {
    return (
      <Suspense fallback={<DefaultVisual />}>
        <Carousel autoplay className="auth-carousel" dots={{ className: 'auth-carousel-dots' }}>
          {banners.map((banner, index) => (
            <div key={`${banner.imgUrl}-${index}`} className="auth-carousel-slide">
              <LinkTo href={banner.webUrl || homeUrl} label={`${title} ${index + 1}`}>
                <img className="auth-visual-image" src={banner.imgUrl} alt={`${title} ${index + 1}`} />
              </LinkTo>
            </div>
          ))}
        </Carousel>
      </Suspense>
    );
  }
  return (
    <LinkTo href={homeUrl} label={title}>
      <DefaultVisual />
    </LinkTo>
  );
}

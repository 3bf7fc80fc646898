/**
 * The breadcrumb: a home entry pointing to /dashboard/, then one entry per matched
 * route level with its title; every entry but the current one is a link. It follows the route.
 */
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { BREADCRUMB_HOME_PATH, pageAt, type Crumb, type PageRoute } from './menu-routes.js';

/** The entries of the breadcrumb for a location; the last one is the current page. */
export function breadcrumbTrail(pages: PageRoute[], pathname: string, homeTitle: string): Crumb[] {
  const page = pageAt(pages, pathname);
  return [{ path: BREADCRUMB_HOME_PATH, title: homeTitle }, ...(page ? page.trail : [])];
}

export function ShellBreadcrumb({ pages }: { pages: PageRoute[] }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const trail = breadcrumbTrail(pages, pathname, t('breadcrumb.home'));
  return (
    <Breadcrumb
      style={{ marginBottom: 12 }}
      items={trail.map((crumb, index) => ({
        key: `${index}:${crumb.path}`,
        title: index < trail.length - 1 ? <Link to={crumb.path}>{crumb.title}</Link> : crumb.title,
      }))}
    />
  );
}

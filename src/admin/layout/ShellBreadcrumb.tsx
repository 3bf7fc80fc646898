/**
 * The breadcrumb: a home entry pointing to /dashboard/, then one entry per matched
 * route level with its title; every entry but the current one is a link. It follows the route.
 * The level the home entry already stands for (the /dashboard group) is not repeated. The last
 * entry, the current page's title, is the page's one h1 (WCAG 1.3.1, 2.4.6), drawn as the crumb.
 */
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { BREADCRUMB_HOME_PATH, pageAt, type Crumb, type PageRoute } from './menu-routes.js';

const withoutTrailingSlash = (path: string) => path.replace(/\/+$/, '');

/** A route level at the home entry's own path, which the home entry already shows. */
function isHomeLevel(path: string): boolean {
  return withoutTrailingSlash(path) === withoutTrailingSlash(BREADCRUMB_HOME_PATH);
}

/** The entries of the breadcrumb for a location; the last one is the current page. */
export function breadcrumbTrail(pages: PageRoute[], pathname: string, homeTitle: string): Crumb[] {
  const page = pageAt(pages, pathname);
  const levels = (page ? page.trail : []).filter((crumb) => !isHomeLevel(crumb.path));
  return [{ path: BREADCRUMB_HOME_PATH, title: homeTitle }, ...levels];
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
        title:
          index < trail.length - 1 ? (
            <Link to={crumb.path}>{crumb.title}</Link>
          ) : (
            <h1 className="shell-page-title">{crumb.title}</h1>
          ),
      }))}
    />
  );
}

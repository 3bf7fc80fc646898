/**
 * Every edit answers the spec's success message for updates, 'update succeeded' (spec 02 §8),
 * through the one key `messages:updated`, in all six languages.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shared/i18n/languages.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const MODULES = join(ROOT, 'src', 'server', 'modules');

function routeFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return entry.name.endsWith('.routes.ts') ? [path] : [];
  });
}

/** Each edit route's path and the message key its handler answers with. */
function editRoutes(): { route: string; key: string | null }[] {
  return routeFiles(MODULES).flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    const paths = [...source.matchAll(/'(\/[A-Za-z0-9/_-]+)'/g)];
    return paths.flatMap((path, index) => {
      if (!/\/edit$/.test(path[1] ?? '')) return [];
      const body = source.slice(path.index, paths[index + 1]?.index ?? source.length);
      // A handler says it (said, messages:…); a declaration names it (message: '…', route-kit.ts).
      const key = /said\(request, '([a-z_]+)'\)|'messages:([a-z_.]+)'|message: '([a-z_.]+)'/.exec(body);
      return [
        {
          route: `${relative(ROOT, file)} ${path[1]}`,
          key: key ? (key[1] ?? key[2] ?? key[3] ?? null) : null,
        },
      ];
    });
  });
}

describe("the success message of an update ('update succeeded')", () => {
  it('is what every edit route answers', () => {
    const routes = editRoutes();
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter((route) => route.key !== 'updated')).toEqual([]);
  });

  it('reads as the spec words it in every language', () => {
    const wording = Object.fromEntries(
      LANGUAGES.map((language) => {
        const messages = JSON.parse(
          readFileSync(join(ROOT, 'locales', language, 'messages.json'), 'utf8'),
        ) as {
          updated: string;
        };
        return [language, messages.updated];
      }),
    );
    expect(wording).toEqual({
      'zh-CN': '更新成功',
      'en-US': 'Update succeeded',
      'th-TH': 'อัปเดตสำเร็จ',
      'vn-VN': 'Cập nhật thành công',
      'zh-TC': '更新成功',
      'ru-RU': 'Обновление выполнено',
    });
  });
});

import type { Plugin } from 'vite';

/**
 * A build's errors namespace without the groups its app never meets (locales/<lang>/errors.json
 * is part of each app's first load): each group named ('pda'), or single code ('bag.empty'), is
 * left out of every language's file.
 */
export function pruneErrors(groups: readonly string[]): Plugin {
  return {
    name: 'prune-errors',
    enforce: 'pre',
    transform(code, id) {
      if (!/locales\/[^/]+\/errors\.json$/.test(id)) return null;
      const errors = JSON.parse(code) as Record<string, unknown>;
      for (const name of groups) {
        const [group = '', code] = name.split('.');
        const entries = errors[group];
        if (code === undefined) delete errors[group];
        else if (typeof entries === 'object' && entries !== null)
          delete (entries as Record<string, unknown>)[code];
      }
      return { code: JSON.stringify(errors), map: null };
    },
  };
}

/**
 * Build warnings that say nothing to act on. zod places `@__PURE__` comments where Rollup cannot
 * use them; Rollup drops the comments and, without this, reports each one on every build.
 * Every other warning is shown.
 */
import type { Rollup } from 'vite';

export function onRollupWarning(warning: Rollup.RollupLog, warn: Rollup.LoggingFunction) {
  if (warning.code === 'INVALID_ANNOTATION' && /[\\/]node_modules[\\/]zod[\\/]/.test(warning.id ?? ''))
    return;
  warn(warning);
}

/** Types of typed-rules.js for its test. */
import type { Linter } from 'eslint';

export const typedRules: Record<string, Linter.RuleEntry>;
export const typedLanguageOptions: Linter.LanguageOptions;

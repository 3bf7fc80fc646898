import type { Rule } from 'eslint';

export const noLiteralUiString: Rule.RuleModule;

import type { Rule } from 'eslint';

export function tableOwners(root: string): { byIdentifier: Map<string, string>; byName: Map<string, string> };
export function moduleOf(root: string, filename: string): string | null;
export const ownTables: Rule.RuleModule;
export const localPlugin: { rules: Record<string, Rule.RuleModule> };

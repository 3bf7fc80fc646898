/**
 * The type-checked rules, for what the type checker alone lets through: a promise nobody awaits
 * or catches, and a value of type any (an untyped library's reply, JSON.parse) flowing into
 * typed code without being checked first. eslint.config.js applies them to src;
 * typed-rules.test.ts proves each on lint/fixtures.
 */
export const typedRules = {
  '@typescript-eslint/no-floating-promises': 'error',
  '@typescript-eslint/no-unsafe-assignment': 'error',
  '@typescript-eslint/no-unsafe-argument': 'error',
  '@typescript-eslint/no-unsafe-return': 'error',
  '@typescript-eslint/no-unsafe-call': 'error',
  '@typescript-eslint/no-unsafe-member-access': 'error',
};

/** The parser options the rules need: the project's own tsconfig, found per file. */
export const typedLanguageOptions = {
  parserOptions: { projectService: true, tsconfigRootDir: new URL('..', import.meta.url).pathname },
};

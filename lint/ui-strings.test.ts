/**
 * The literal-UI-string rule on fixtures: text and visible attributes with words are refused
 * once each; translated text, text without letters, attributes no one reads and a placeholder
 * showing a code's format are let through.
 */
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { noLiteralUiString } from './ui-strings.js';

// RuleTester runs its cases through the test framework it is given.
Object.assign(RuleTester, { afterAll, describe, it });

const tester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    ecmaVersion: 2022,
    sourceType: 'module',
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
});

tester.run('no-literal-ui-string', noLiteralUiString, {
  valid: [
    { code: `const a = <Button>{t('save')}</Button>;` },
    { code: `const a = <span> / {count} · 100%</span>;` },
    { code: `const a = <Input placeholder={t('field.name')} data-testid="name-input" className="wide" />;` },
    { code: `const a = <Input placeholder="A01" />;` },
    { code: `const a = <Input placeholder="Asia/Bangkok" />;` },
    { code: `const a = <Input placeholder="TH" />;` },
    { code: `const a = <Route path="/orders/list" key="list" />;` },
    { code: `const label = 'not in the markup';` },
  ],
  invalid: [
    { code: `const a = <Button>Save</Button>;`, errors: [{ messageId: 'text' }] },
    { code: `const a = <p>保存</p>;`, errors: [{ messageId: 'text' }] },
    { code: `const a = <Input placeholder="Enter a name" />;`, errors: [{ messageId: 'attribute' }] },
    { code: `const a = <Input placeholder="Search" />;`, errors: [{ messageId: 'attribute' }] },
    { code: `const a = <Button aria-label={'Close'} />;`, errors: [{ messageId: 'attribute' }] },
    { code: 'const a = <Modal okText={`Confirm`} />;', errors: [{ messageId: 'attribute' }] },
    { code: `const a = <Tooltip title="Details" />;`, errors: [{ messageId: 'attribute' }] },
  ],
});

/**
 * ESLint rule `ui/no-literal-ui-string`: what a screen shows comes from the locale files
 * (locales/<lang>/*.json, six languages), never from a literal in the markup. It refuses JSX text
 * with a letter in it, and a string literal with a letter given to an attribute a person reads
 * or hears (title, placeholder, label, aria-label, alt, the dialogs' button texts, …). Text with
 * no letter (a separator, a number, a symbol) is not language and is let through, as are
 * attributes no one reads (keys, class names, test ids, routes), and a placeholder that shows
 * the format of a code rather than words: no space, and a digit, a sign of a code or URL
 * (`:` `/` `.` `_` `-`) or capitals only ('A01', 'Asia/Bangkok', 'my-shop.myshopify.com', 'TH').
 * Anything else that is truly not language (an icon's letter) says so in a disable comment.
 */

/** Attributes whose value is shown or spoken to the user. */
const VISIBLE_ATTRIBUTES = new Set([
  'title',
  'placeholder',
  'label',
  'aria-label',
  'aria-description',
  'alt',
  'okText',
  'cancelText',
  'description',
  'tooltip',
  'extra',
  'help',
  'message',
  'emptyText',
  'addonBefore',
  'addonAfter',
  'checkedChildren',
  'unCheckedChildren',
]);

const LETTER = /\p{L}/u;

/** A placeholder that is a sample of a code's format, the same in every language. */
function isFormatSample(value) {
  return !/\s/.test(value) && (/[\d:/._-]/.test(value) || value === value.toUpperCase());
}

/** The text an attribute is given as a literal: "…", {'…'} or {`…`} without placeholders; else null. */
function literalOf(value) {
  const expression = value.type === 'JSXExpressionContainer' ? value.expression : value;
  if (expression.type === 'Literal') return expression.value;
  if (expression.type === 'TemplateLiteral' && expression.expressions.length === 0)
    return expression.quasis[0]?.value.cooked ?? null;
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noLiteralUiString = {
  meta: {
    type: 'problem',
    docs: { description: 'UI text comes from the locale files, never a literal in the markup' },
    messages: {
      text: 'Literal text "{{text}}" in the markup: put it in the locale files and show it with t().',
      attribute: 'Literal "{{text}}" given to {{name}}: put it in the locale files and pass it with t().',
    },
    schema: [],
  },
  create(context) {
    const shown = (text) => text.trim().slice(0, 40);
    return {
      JSXText(node) {
        if (LETTER.test(node.value))
          context.report({ node, messageId: 'text', data: { text: shown(node.value) } });
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : '';
        if (!VISIBLE_ATTRIBUTES.has(name) || !node.value) return;
        const value = literalOf(node.value);
        if (typeof value !== 'string' || !LETTER.test(value)) return;
        if (name === 'placeholder' && isFormatSample(value)) return;
        context.report({ node, messageId: 'attribute', data: { text: shown(value), name } });
      },
    };
  },
};

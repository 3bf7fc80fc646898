/**
 * Per-language labels (permission titles, dictionary item texts): one optional input per
 * interface language, kept as `{ [language]: text }`; empty ones are left out when sent. Each
 * input is named by the label and its language.
 */
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@shared/i18n/languages.js';

export type LanguageTextValues = Partial<Record<Language, string>>;

export function LanguageTexts({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation('system');
  return (
    <Form.Item label={label} tooltip={t('common.per_language_hint')} style={{ marginBottom: 0 }}>
      {LANGUAGES.map((language) => (
        <Form.Item
          key={language}
          name={[name, language]}
          rules={[{ max: 128, message: t('validation.max', { max: 128 }) }]}
          style={{ marginBottom: 8 }}
        >
          <Input
            addonBefore={<span style={{ display: 'inline-block', width: 48 }}>{language}</span>}
            aria-label={`${label} · ${language}`}
          />
        </Form.Item>
      ))}
    </Form.Item>
  );
}

/** The non-empty, trimmed texts. */
export function cleanTexts(values: LanguageTextValues | undefined): LanguageTextValues {
  const result: LanguageTextValues = {};
  for (const language of LANGUAGES) {
    const text = values?.[language]?.trim();
    if (text) result[language] = text;
  }
  return result;
}

import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, resolveLanguage, type Language } from '@shared/i18n/languages.js';
import { switchLanguage } from '../../i18n.js';

/** Each language named in itself, so a reader finds their own whatever is shown now. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'zh-CN': '简体中文',
  'en-US': 'English',
  'th-TH': 'ไทย',
  'vn-VN': 'Tiếng Việt',
  'zh-TC': '繁體中文',
  'ru-RU': 'Русский',
};

/**
 * The language switch of the login layout; choosing another reloads the page.
 * A Select rather than a dropdown menu: the login page already carries Select, not Menu.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('auth');
  const current = resolveLanguage(i18n.language);
  return (
    <Select<Language>
      className="auth-language"
      variant="borderless"
      value={current}
      aria-label={t('layout.language')}
      suffixIcon={<GlobalOutlined />}
      popupMatchSelectWidth={false}
      options={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
      onChange={(chosen) => {
        if (chosen !== current) switchLanguage(chosen);
      }}
    />
  );
}

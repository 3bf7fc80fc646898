import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BCP47, LANGUAGES, resolveLanguage, type Language } from '@shared/i18n/languages.js';
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
 * The language switch of the login layout; choosing another reloads the page. The browser's
 * own select: keyboard, screen readers and phones handle it natively, and it adds nothing to
 * the login page's first load (an antd Select or dropdown menu would add 16 to 30 KB gzipped).
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('auth');
  const current = resolveLanguage(i18n.language);
  return (
    <label className="auth-language">
      <GlobalOutlined aria-hidden />
      <select
        aria-label={t('layout.language')}
        value={current}
        onChange={(event) => {
          const chosen = LANGUAGES.find((language) => language === event.target.value);
          if (chosen && chosen !== current) switchLanguage(chosen);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={BCP47[language]}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </label>
  );
}

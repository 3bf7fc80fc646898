import { DownOutlined, GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, resolveLanguage, type Language } from '../../../shared/i18n/languages.js';
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

/** The language switch of the login layout (spec 01 §9); choosing another reloads the page. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('auth');
  const current = resolveLanguage(i18n.language);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((language) => ({ key: language, label: LANGUAGE_NAMES[language] })),
        onClick: ({ key }) => {
          const chosen = LANGUAGES.find((language) => language === key);
          if (chosen && chosen !== current) switchLanguage(chosen);
        },
      }}
    >
      <Button type="text" className="auth-language" aria-label={t('layout.language')}>
        <GlobalOutlined />
        <span>{LANGUAGE_NAMES[current]}</span>
        <DownOutlined className="auth-language-caret" />
      </Button>
    </Dropdown>
  );
}

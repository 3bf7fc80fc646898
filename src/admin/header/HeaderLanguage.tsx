/** The header's language switch: six languages, the choice kept locally and the page reloaded. */
import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, resolveLanguage } from '@shared/i18n/languages.js';
import { LANGUAGE_NAMES } from '../auth/layout/LanguageSwitch.js';
import { switchLanguage } from '../i18n.js';

export function HeaderLanguage() {
  const { t, i18n } = useTranslation('shell');
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
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('header.language')} />
    </Dropdown>
  );
}

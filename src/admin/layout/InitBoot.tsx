/** The 'Initialize boot' button of the tab bar and the checklist drawer it opens. */
import { RocketOutlined } from '@ant-design/icons';
import { Button, Drawer, Grid, Space, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { UserInfo } from '@shared/contract/identity.js';
import { initBootSteps, isInitBootDone, markInitBootDone, shouldShowInitBoot } from './init-boot.js';

export function InitBoot({ user }: { user: UserInfo }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const [isDone, setIsDone] = useState(() => isInitBootDone(user.id));
  const [isOpen, setIsOpen] = useState(false);
  const screens = Grid.useBreakpoint();

  if (!shouldShowInitBoot(user.userRole, pathname, isDone)) return null;

  const handleDone = () => {
    markInitBootDone(user.id);
    setIsOpen(false);
    setIsDone(true);
  };

  return (
    <>
      <Button
        type="primary"
        size="small"
        icon={<RocketOutlined />}
        aria-label={t('init_boot.button')}
        onClick={() => setIsOpen(true)}
      >
        {screens.sm === false ? null : t('init_boot.button')}
      </Button>
      <Drawer
        title={t('init_boot.title')}
        open={isOpen}
        width={screens.sm === false ? '100%' : 420}
        onClose={() => setIsOpen(false)}
        footer={
          <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button onClick={() => setIsOpen(false)}>{t('init_boot.later')}</Button>
            <Button type="primary" onClick={handleDone}>
              {t('init_boot.done')}
            </Button>
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">{t('init_boot.intro')}</Typography.Paragraph>
        <Steps
          direction="vertical"
          current={-1}
          items={initBootSteps(user.userRole).map((step) => ({
            title: t(`init_boot.steps.${step}.title`),
            description: t(`init_boot.steps.${step}.description`),
            status: 'wait' as const,
          }))}
        />
      </Drawer>
    </>
  );
}

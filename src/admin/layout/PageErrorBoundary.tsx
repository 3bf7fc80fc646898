/** Keeps the shell usable when a page fails to load or render: the page area shows the failure instead. */
import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function PageFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Result
      status="error"
      title={t('page.failed')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('page.retry')}
        </Button>
      }
    />
  );
}

export class PageErrorBoundary extends Component<{ children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    if (this.state.hasFailed) return <PageFailed onRetry={() => window.location.reload()} />;
    return this.props.children;
  }
}

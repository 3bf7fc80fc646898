/**
 * 'Needs attention': ops the server refused for a business reason, each with its
 * code translated, what it was, and what to do. Nothing is dropped silently; the worker marks
 * an item as dealt with once they have done what it says.
 */
import { Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { AttentionItem } from '../data/db.js';
import { PdaHeader } from '../kit/header.js';
import { usePdaServices, useSyncStatus } from '../shell/sync-context.js';

function quantityOf(item: AttentionItem): number | null {
  const quantity = item.payload.quantity;
  return typeof quantity === 'number' ? quantity : null;
}

export function AttentionScreen() {
  const { t, i18n } = useTranslation();
  const { db } = usePdaServices();
  const status = useSyncStatus();
  const todoKey = (code: string) => `attention.todo.${code.replace(/\./g, '_')}`;
  return (
    <div className="pda-screen">
      <PdaHeader title={t('attention.title')} />
      {status.attention.length === 0 ? (
        <p className="pda-empty">{t('attention.empty')}</p>
      ) : (
        <List>
          {status.attention.map((item) => {
            const quantity = quantityOf(item);
            return (
              <List.Item
                key={item.seq}
                description={
                  <>
                    <div>
                      {t(`op.${item.type}`)}
                      {quantity !== null ? ` × ${quantity}` : ''}
                    </div>
                    <div className="pda-todo">
                      {t(i18n.exists(todoKey(item.code)) ? todoKey(item.code) : 'attention.todo.default')}
                    </div>
                  </>
                }
                extra={
                  <Button size="small" onClick={() => void db.attention.delete(item.seq)}>
                    {t('attention.dealtWith')}
                  </Button>
                }
              >
                <span className="pda-error-text">
                  {t(`errors:${item.code}`, { ...item.params, defaultValue: item.code })}
                </span>
              </List.Item>
            );
          })}
        </List>
      )}
    </div>
  );
}

/** The warehouse to work in, chosen once after login and kept on the device. */
import { Button, List } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WarehouseOption } from '@shared/contract/warehouse.js';
import { warehouseChoices } from '../shell/session.js';
import { usePdaServices } from '../shell/sync-context.js';

export function WarehouseScreen({ onChosen }: { onChosen: (warehouse: WarehouseOption) => void }) {
  const { t } = useTranslation();
  const { db } = usePdaServices();
  const [choices, setChoices] = useState<WarehouseOption[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    setFailed(false);
    warehouseChoices(db)
      .then((found) => isCurrent && setChoices(found))
      .catch(() => isCurrent && setFailed(true));
    return () => {
      isCurrent = false;
    };
  }, [db, attempt]);

  return (
    <div className="pda-screen">
      <h1 className="pda-title">{t('warehouse.title')}</h1>
      {failed && (
        <div className="pda-feedback pda-feedback-error" role="alert">
          {t('warehouse.failed')}
          <Button size="small" onClick={() => setAttempt((value) => value + 1)}>
            {t('common.retry')}
          </Button>
        </div>
      )}
      {choices && choices.length === 0 && <p className="pda-empty">{t('warehouse.none')}</p>}
      <List>
        {(choices ?? []).map((warehouse) => (
          <List.Item
            key={warehouse.id}
            clickable
            onClick={() => onChosen(warehouse)}
            className="pda-big-item"
          >
            {warehouse.code} {warehouse.name}
          </List.Item>
        ))}
      </List>
    </div>
  );
}

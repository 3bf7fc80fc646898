/**
 * The task list: receiving, shelving, counting, picking, packing, bagging, hand-over, receiving
 * transfers, returns, needs attention, this device's scanner settings, and the safe point where
 * updates are applied.
 */
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { WarehouseOption } from '@shared/contract/warehouse.js';
import { PdaHeader } from '../kit/header.js';
import { useSyncStatus } from '../shell/sync-context.js';
import { UpdateOffer } from '../shell/update.js';

export interface HomeScreenProps {
  warehouse: WarehouseOption;
  userName: string;
  onChangeWarehouse: () => void;
  onLogout: () => void;
}

/** The warehouse's work in the order goods go through it: in, out, back, and between. */
const TASKS = [
  { path: '/receive', label: 'home.receive' },
  { path: '/shelve', label: 'home.shelve' },
  { path: '/pick', label: 'home.pick' },
  { path: '/pack', label: 'home.pack' },
  { path: '/bag', label: 'home.bag' },
  { path: '/handover', label: 'home.handover' },
  { path: '/returns', label: 'home.returns' },
  { path: '/transfer', label: 'home.transfer' },
  { path: '/count', label: 'home.count' },
] as const;

export function HomeScreen({ warehouse, userName, onChangeWarehouse, onLogout }: HomeScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useSyncStatus();
  const canLogOut = status.queuedCount === 0;
  return (
    <div className="pda-screen">
      <PdaHeader title={`${warehouse.code} · ${userName}`} />
      <UpdateOffer queuedCount={status.queuedCount} />
      <div className="pda-tasks">
        <div className="pda-task-grid">
          {TASKS.map((task) => (
            <Button
              key={task.path}
              block
              color="primary"
              className="pda-task"
              onClick={() => navigate(task.path)}
            >
              {t(task.label)}
            </Button>
          ))}
        </div>
        <Button block className="pda-task" onClick={() => navigate('/attention')}>
          {t('home.attention', { count: status.attention.length })}
        </Button>
        <Button block fill="outline" onClick={() => navigate('/settings')}>
          {t('home.settings')}
        </Button>
        <Button block fill="outline" onClick={onChangeWarehouse}>
          {t('home.changeWarehouse')}
        </Button>
        <Button block fill="outline" color="danger" disabled={!canLogOut} onClick={onLogout}>
          {t('home.logout')}
        </Button>
        {!canLogOut && <p className="pda-hint">{t('home.logoutBlocked', { count: status.queuedCount })}</p>}
      </div>
    </div>
  );
}

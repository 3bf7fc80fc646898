/**
 * The task list: receiving, shelving, counting, picking, packing, bagging, hand-over, receiving
 * transfers, returns, needs attention, this device's scanner settings, and the safe point where
 * updates are applied.
 */
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { WarehouseOption } from '@shared/contract/warehouse.js';
import { PdaHeader } from '../app/header.js';
import { useSyncStatus } from '../app/sync-context.js';
import { UpdateOffer } from '../app/update.js';

export interface HomeScreenProps {
  warehouse: WarehouseOption;
  userName: string;
  onChangeWarehouse: () => void;
  onLogout: () => void;
}

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
        <Button block color="primary" className="pda-task" onClick={() => navigate('/receive')}>
          {t('home.receive')}
        </Button>
        <Button block color="primary" className="pda-task" onClick={() => navigate('/shelve')}>
          {t('home.shelve')}
        </Button>
        <Button block color="primary" className="pda-task" onClick={() => navigate('/count')}>
          {t('home.count')}
        </Button>
        <Button block color="primary" className="pda-task" onClick={() => navigate('/transfer')}>
          {t('home.transfer')}
        </Button>
        <Button block color="primary" className="pda-task" onClick={() => navigate('/returns')}>
          {t('home.returns')}
        </Button>
        <Button block color="primary" className="pda-task" onClick={() => navigate('/pick')}>
          {t('home.pick')}
        </Button>
        <Button block color="primary" className="pda-task" onClick={() => navigate('/pack')}>
          {t('home.pack')}
        </Button>
        <Button block color="primary" className="pda-task" onClick={() => navigate('/bag')}>
          {t('home.bag')}
        </Button>
        <Button block color="primary" className="pda-task" onClick={() => navigate('/handover')}>
          {t('home.handover')}
        </Button>
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

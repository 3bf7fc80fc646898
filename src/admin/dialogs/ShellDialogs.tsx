/**
 * The shell's dialogs and panels in one place: header entries
 * open them through `useShellDialogs()`; only one is open at a time.
 */
import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { sessionStore } from '@api/storage.js';
import type { UserInfo } from '@shared/contract/identity.js';
import { SettingsDrawer } from '../settings/SettingsDrawer.js';
import { AnnouncementCenter, type AnnouncementCenterHandle } from './AnnouncementCenter.js';
import { ChangePasswordDialog } from './ChangePasswordDialog.js';
import { DepartSwitchDialog } from './DepartSwitchDialog.js';
import { LogisticsLinksModal } from './LogisticsLinksModal.js';
import { PrinterSettingsModal } from './PrinterSettingsModal.js';
import { VideoTutorialPanel } from './VideoTutorialPanel.js';

export type ShellDialogId = 'settings' | 'logistics' | 'printers' | 'password' | 'depart' | 'videos';

interface ShellDialogsValue {
  open: (dialog: ShellDialogId) => void;
  showAnnouncement: (id: string) => void;
}

const ShellDialogsContext = createContext<ShellDialogsValue>({
  open: () => undefined,
  showAnnouncement: () => undefined,
});

export function useShellDialogs(): ShellDialogsValue {
  return useContext(ShellDialogsContext);
}

export function ShellDialogsProvider({ user, children }: { user: UserInfo; children: ReactNode }) {
  const [openDialog, setOpenDialog] = useState<ShellDialogId | null>(null);
  const announcements = useRef<AnnouncementCenterHandle>(null);
  const close = () => setOpenDialog(null);
  const value = useMemo<ShellDialogsValue>(
    () => ({ open: setOpenDialog, showAnnouncement: (id) => announcements.current?.show(id) }),
    [],
  );

  return (
    <ShellDialogsContext.Provider value={value}>
      {children}
      <SettingsDrawer open={openDialog === 'settings'} onClose={close} />
      <LogisticsLinksModal open={openDialog === 'logistics'} onClose={close} />
      <PrinterSettingsModal open={openDialog === 'printers'} onClose={close} />
      <ChangePasswordDialog open={openDialog === 'password'} onClose={close} />
      <DepartSwitchDialog open={openDialog === 'depart'} onClose={close} />
      <VideoTutorialPanel open={openDialog === 'videos'} onClose={close} role={user.userRole} />
      <AnnouncementCenter ref={announcements} userId={user.id} token={sessionStore.token()} />
    </ShellDialogsContext.Provider>
  );
}

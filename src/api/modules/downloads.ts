/**
 * The download list's calls: ask for an export, read one's tasks (again every two seconds while
 * one is still being made, and whenever the live channel says one changed), fetch a finished
 * file, delete a task.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { pageResult } from '@shared/contract/common.js';
import { downloadTaskView, type DownloadTaskView, type ExportRequest } from '@shared/contract/downloads.js';
import { isDownloadPending } from '@shared/domain/downloads.js';
import { changeRequest, downloadBlob, getParsed, type PageParams } from '../client.js';

export const DOWNLOAD_KEYS = {
  all: ['downloads'] as const,
  list: (params: PageParams) => ['downloads', 'list', params] as const,
};

/** How often the list is read again while a task is queued or running. */
const PENDING_REFRESH_MS = 2000;

export function useDownloadTasks(params: PageParams) {
  return useQuery({
    queryKey: DOWNLOAD_KEYS.list(params),
    queryFn: () => getParsed('/sys/downloadTask/list', pageResult(downloadTaskView), { ...params }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.records.some((task) => isDownloadPending(task.status)) ? PENDING_REFRESH_MS : false,
  });
}

/**
 * POST /sys/downloadTask/add: the export starts on the server; the reply carries its message.
 * The browser's time zone goes with it, so the file's times show the asker's clock.
 */
export function useRequestExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ExportRequest) =>
      changeRequest('POST', '/sys/downloadTask/add', downloadTaskView, {
        ...body,
        timeZone: body.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: DOWNLOAD_KEYS.all }),
  });
}

export function useDeleteDownloadTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      changeRequest(
        'DELETE',
        `/sys/downloadTask/delete/${encodeURIComponent(id)}`,
        z.object({ id: z.string() }),
        {},
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: DOWNLOAD_KEYS.all }),
  });
}

/** Saves a finished task's file under its name. */
export const saveDownloadFile = (task: Pick<DownloadTaskView, 'id' | 'fileName'>) =>
  downloadBlob(`/sys/downloadTask/file/${encodeURIComponent(task.id)}`, {}, task.fileName ?? 'export.xlsx');

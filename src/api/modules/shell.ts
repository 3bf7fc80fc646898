/**
 * The calls behind the signed-in shell: announcements for the bell, the modal and
 * the live channel, pending order questions of the notification popover, the video tutorials
 * of the help panel. Each call parses its reply with the shared
 * contract; the hooks keep the answers in the react-query cache under SHELL_KEYS.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  announcementsByUser,
  announcementView,
  type AnnouncementView,
} from '@shared/contract/announcements.js';
import { pageResult, type Page } from '@shared/contract/common.js';
import { questionRecord, type QuestionRecord } from '@shared/contract/questions.js';
import { videoRecord } from '@shared/contract/videos.js';
import { QUESTION_PAGE_SIZE, type QuestionFlag } from '@shared/domain/questions.js';
import type { VideoAudience } from '@shared/domain/videos.js';
import { getParsed, request } from '../client.js';

export const SHELL_KEYS = {
  announcementsByUser: ['shell', 'announcements', 'byUser'] as const,
  lastUnread: ['shell', 'announcements', 'lastUnread'] as const,
  announcement: (id: string) => ['shell', 'announcements', 'one', id] as const,
  pendingQuestions: (questionFlag: QuestionFlag) => ['shell', 'questions', 'pending', questionFlag] as const,
  videos: (audience: VideoAudience) => ['shell', 'videos', audience] as const,
};

/** GET /sys/annountCement/listByUser: the unread notices and system messages of the bell. */
export function fetchAnnouncementsByUser() {
  return getParsed('/sys/annountCement/listByUser', announcementsByUser);
}

/** GET /sys/annountCement/queryLastUnRead: the newest unread announcement, shown on load. */
export function fetchLastUnreadAnnouncement(): Promise<AnnouncementView | null> {
  return getParsed('/sys/annountCement/queryLastUnRead', announcementView.nullable());
}

/** GET /sys/annountCement/queryById. */
export function fetchAnnouncement(id: string): Promise<AnnouncementView> {
  return getParsed('/sys/annountCement/queryById', announcementView, { id });
}

/** PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId: marks an announcement read for this user. */
export async function markAnnouncementRead(anntId: string): Promise<void> {
  await request('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { method: 'PUT', body: { anntId } });
}

const questionPage = pageResult(questionRecord);

/** GET /orderNoteRec/queryPendingQuestions, 10 a page. */
export function fetchPendingQuestions(
  questionFlag: QuestionFlag,
  pageNo: number,
): Promise<Page<QuestionRecord>> {
  return getParsed('/orderNoteRec/queryPendingQuestions', questionPage, {
    pageNo,
    pageSize: QUESTION_PAGE_SIZE,
    questionFlag,
  });
}

/** GET /sys/video/list?audience=seller|warehouse. */
export function fetchVideos(audience: VideoAudience) {
  return getParsed('/sys/video/list', z.array(videoRecord), { audience });
}

export function useAnnouncementsByUser(enabled = true) {
  return useQuery({ queryKey: SHELL_KEYS.announcementsByUser, queryFn: fetchAnnouncementsByUser, enabled });
}

export function useLastUnreadAnnouncement(enabled = true) {
  return useQuery({
    queryKey: SHELL_KEYS.lastUnread,
    queryFn: fetchLastUnreadAnnouncement,
    enabled,
    staleTime: Infinity,
  });
}

export function useAnnouncement(id: string | null) {
  return useQuery({
    queryKey: SHELL_KEYS.announcement(id ?? ''),
    queryFn: () => fetchAnnouncement(id ?? ''),
    enabled: Boolean(id),
  });
}

/** Marks read and refreshes the bell's count. */
export function useMarkAnnouncementRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAnnouncementRead,
    onSettled: () => client.invalidateQueries({ queryKey: SHELL_KEYS.announcementsByUser }),
  });
}

/** Pending questions page by page ('load more'), the total from the first page. */
export function usePendingQuestions(questionFlag: QuestionFlag, enabled = true) {
  return useInfiniteQuery({
    queryKey: SHELL_KEYS.pendingQuestions(questionFlag),
    queryFn: ({ pageParam }) => fetchPendingQuestions(questionFlag, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: Page<QuestionRecord>, pages: Page<QuestionRecord>[]) => {
      const loaded = pages.reduce((sum, page) => sum + page.records.length, 0);
      return loaded < last.total && last.records.length > 0 ? last.current + 1 : undefined;
    },
    enabled,
  });
}

export function useVideos(audience: VideoAudience, enabled = true) {
  return useQuery({ queryKey: SHELL_KEYS.videos(audience), queryFn: () => fetchVideos(audience), enabled });
}

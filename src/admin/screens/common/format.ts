/** Instants from the server (ISO 8601) shown in the viewer's time zone. */
import dayjs from 'dayjs';

export function formatDateTime(value: string | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '-';
}

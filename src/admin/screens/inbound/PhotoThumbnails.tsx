/**
 * Discrepancy photos as small thumbnails that open large (antd Image preview, browsing through
 * the group). Stored photos need the session token, so each is fetched as a blob like the
 * product photos are (StoredImage) rather than linked by address.
 */
import { Image, Space } from 'antd';
import { StoredImage } from '../catalog/PhotoUpload.js';

export function PhotoThumbnails({ photos, size = 40 }: { photos: readonly string[]; size?: number }) {
  if (photos.length === 0) return <>-</>;
  return (
    <Image.PreviewGroup>
      <Space size={4} wrap>
        {photos.map((key) => (
          <StoredImage key={key} photoKey={key} size={size} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

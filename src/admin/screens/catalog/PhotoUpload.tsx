/**
 * Product photos: images only, at most 5 MB each and five in all, uploaded through
 * the files module; the form keeps their keys. Stored photos are read with the session token,
 * so they are fetched and shown from memory.
 */
import { PictureOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Image, Upload, type UploadFile } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { upload } from '@api/client.js';
import { fetchPhoto } from '@api/modules/catalog.js';
import { queryKeys } from '@api/query-keys.js';
import { FILE_LIMITS, IMAGE_TYPES, storedFile } from '@shared/contract/files.js';
import { z } from 'zod';
import { refusalText } from '../common/feedback.js';

/** A stored photo, fetched with the session's token. */
export function StoredImage({ photoKey, size = 48 }: { photoKey: string; size?: number }) {
  const blob = useQuery({
    queryKey: queryKeys.inventory.query('photo', photoKey),
    queryFn: () => fetchPhoto(photoKey),
    retry: false,
    staleTime: Infinity,
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob.data) return undefined;
    const next = URL.createObjectURL(blob.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob.data]);
  if (blob.isError) {
    return (
      <PictureOutlined
        style={{
          fontSize: size / 2,
          width: size,
          height: size,
          color: '#bfbfbf',
          display: 'grid',
          placeItems: 'center',
        }}
      />
    );
  }
  return <Image src={url} width={size} height={size} style={{ objectFit: 'cover' }} alt="" />;
}

const isImage = (file: File) => (IMAGE_TYPES as readonly string[]).includes(file.type);

export function PhotoUpload({
  value = [],
  onChange,
}: {
  value?: string[];
  onChange?: (keys: string[]) => void;
}) {
  const { t } = useTranslation('inventory');
  const { message } = App.useApp();
  const [isUploading, setIsUploading] = useState(false);
  const files: UploadFile[] = value.map((key) => ({ uid: key, name: key, status: 'done' }));

  const send = async (chosen: File[]) => {
    setIsUploading(true);
    try {
      const stored = await upload('/sys/common/upload', chosen, {}, z.array(storedFile));
      onChange?.([...value, ...stored.map((item) => item.key)].slice(0, FILE_LIMITS.filesPerUpload));
      void message.success(t('product.upload_done'));
    } catch (error) {
      void message.error(refusalText(error) ?? t('product.upload_failed'));
    } finally {
      setIsUploading(false);
    }
  };

  return (
    <Upload
      accept={IMAGE_TYPES.join(',')}
      listType="picture-card"
      fileList={files}
      multiple
      itemRender={(_node, file, _list, actions) => (
        <div style={{ position: 'relative' }}>
          <StoredImage photoKey={file.uid} size={96} />
          <a
            onClick={actions.remove}
            style={{ position: 'absolute', top: 0, right: 4 }}
            aria-label={t('product.photo_remove')}
          >
            ×
          </a>
        </div>
      )}
      onRemove={(file) => onChange?.(value.filter((key) => key !== file.uid))}
      beforeUpload={(file, list) => {
        // antd calls this once per file; the whole choice is checked and sent with the last one.
        if (file !== list.at(-1)) return Upload.LIST_IGNORE;
        if (value.length + list.length > FILE_LIMITS.filesPerUpload) {
          void message.error(t('product.photo_too_many', { max: FILE_LIMITS.filesPerUpload }));
        } else if (!list.every(isImage)) {
          void message.error(t('product.photo_not_image'));
        } else if (list.some((chosen) => chosen.size > FILE_LIMITS.bytesPerFile)) {
          void message.error(t('product.photo_too_large', { size: 5 }));
        } else {
          void send(list);
        }
        return Upload.LIST_IGNORE;
      }}
    >
      {value.length < FILE_LIMITS.filesPerUpload && (
        <div>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>{isUploading ? t('product.uploading') : t('product.upload')}</div>
        </div>
      )}
    </Upload>
  );
}

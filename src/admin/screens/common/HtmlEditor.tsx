/**
 * A rich-text-capable text area for announcement content: HTML typed or inserted with the
 * toolbar, and a preview sanitised with DOMPurify as the reader will see it (the server keeps
 * only the allowed markup as well).
 */
import {
  BoldOutlined,
  EyeOutlined,
  EditOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Empty, Input, Segmented, Space, Tooltip, theme } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeAnnouncementHtml } from '../../dialogs/AnnouncementModal.js';

interface Tool {
  key: string;
  icon: ReactNode;
  before: string;
  after: string;
}

const TOOLS: Tool[] = [
  { key: 'bold', icon: <BoldOutlined />, before: '<strong>', after: '</strong>' },
  { key: 'italic', icon: <ItalicOutlined />, before: '<em>', after: '</em>' },
  { key: 'underline', icon: <UnderlineOutlined />, before: '<u>', after: '</u>' },
  // The tags' own letters are these two tools' icons, the same in every language (as B and I would be).
  // eslint-disable-next-line ui/no-literal-ui-string
  { key: 'paragraph', icon: <span style={{ fontWeight: 600 }}>P</span>, before: '<p>', after: '</p>' },
  // eslint-disable-next-line ui/no-literal-ui-string
  { key: 'heading', icon: <span style={{ fontWeight: 600 }}>H</span>, before: '<h3>', after: '</h3>' },
  { key: 'bullets', icon: <UnorderedListOutlined />, before: '<ul>\n  <li>', after: '</li>\n</ul>' },
  { key: 'numbers', icon: <OrderedListOutlined />, before: '<ol>\n  <li>', after: '</li>\n</ol>' },
  { key: 'link', icon: <LinkOutlined />, before: '<a href="https://">', after: '</a>' },
];

export function HtmlEditor({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
}) {
  const { t } = useTranslation('system');
  const { token } = theme.useToken();
  const area = useRef<TextAreaRef>(null);
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const text = value ?? '';

  const insert = (tool: Tool) => {
    const element = area.current?.resizableTextArea?.textArea;
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    onChange?.(
      `${text.slice(0, start)}${tool.before}${text.slice(start, end)}${tool.after}${text.slice(end)}`,
    );
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + tool.before.length, end + tool.before.length);
    });
  };

  const preview = sanitizeAnnouncementHtml(text);
  return (
    <div>
      <Space style={{ marginBottom: 8, justifyContent: 'space-between', width: '100%' }} wrap>
        <Space size={2} wrap>
          {TOOLS.map((tool) => (
            <Tooltip key={tool.key} title={t(`editor.${tool.key}`)}>
              <Button
                size="small"
                type="text"
                icon={tool.icon}
                aria-label={t(`editor.${tool.key}`)}
                disabled={mode === 'preview'}
                onClick={() => insert(tool)}
              />
            </Tooltip>
          ))}
        </Space>
        <Segmented
          size="small"
          value={mode}
          onChange={(next) => setMode(next === 'preview' ? 'preview' : 'edit')}
          options={[
            { value: 'edit', label: t('editor.edit'), icon: <EditOutlined /> },
            { value: 'preview', label: t('editor.preview'), icon: <EyeOutlined /> },
          ]}
        />
      </Space>
      {mode === 'edit' ? (
        <Input.TextArea
          id={id}
          ref={area}
          value={text}
          onChange={(event) => onChange?.(event.target.value)}
          autoSize={{ minRows: 8, maxRows: 20 }}
          placeholder={t('editor.placeholder')}
          style={{ fontFamily: token.fontFamilyCode }}
        />
      ) : preview.trim() ? (
        <div
          className="announcement-content"
          data-testid="html-preview"
          style={{
            border: `1px solid ${token.colorBorder}`,
            borderRadius: token.borderRadius,
            padding: 12,
            minHeight: 180,
            maxHeight: 420,
            overflow: 'auto',
          }}
          dangerouslySetInnerHTML={{ __html: preview }}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('editor.nothing')} />
      )}
    </div>
  );
}

/** What shows while a page or the menu loads. */
import { Spin } from 'antd';

export function PageLoading() {
  return (
    <div
      style={{
        display: 'flex',
        justifyContent: 'center',
        alignItems: 'center',
        minHeight: 240,
        width: '100%',
      }}
    >
      <Spin size="large" />
    </div>
  );
}

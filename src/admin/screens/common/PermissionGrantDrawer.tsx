/**
 * Granting a role its menus and buttons: the tree the server offers (for a seller, only what
 * the seller may grant), ticked with what the role holds. Ticking a node ticks its branch and
 * the menus above it (a button is useless without its page); unticking clears its branch.
 * Saving sends the role's whole new set.
 */
import { App, Button, Empty, Space, Spin, Tree } from 'antd';
import { FormDrawer } from './FormDrawer.js';
import { useEffect, useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '@api/client.js';
import { useSystemChange, useSystemQuery, type SystemResource } from '@api/modules/system.js';
import type {
  PermissionTreeResult,
  RoleView,
  SaveRolePermissionInput,
  TreeOption,
} from '@shared/contract/system-admin.js';
import { useFeedback } from './feedback.js';

export interface GrantSource {
  tree: { resource: SystemResource; fetch: () => Promise<PermissionTreeResult> };
  granted: { resource: SystemResource; fetch: (roleId: string) => Promise<string[]> };
  save: (input: SaveRolePermissionInput) => Promise<Envelope<null>>;
}

interface TreeIndex {
  parents: Map<string, string>;
  children: Map<string, string[]>;
}

function indexTree(nodes: readonly TreeOption[]): TreeIndex {
  const parents = new Map<string, string>();
  const children = new Map<string, string[]>();
  const visit = (list: readonly TreeOption[], parent: string | null) => {
    for (const node of list) {
      if (parent) parents.set(node.key, parent);
      children.set(
        node.key,
        (node.children ?? []).map((child) => child.key),
      );
      visit(node.children ?? [], node.key);
    }
  };
  visit(nodes, null);
  return { parents, children };
}

function descendants(index: TreeIndex, key: string): string[] {
  const direct = index.children.get(key) ?? [];
  return direct.flatMap((child) => [child, ...descendants(index, child)]);
}

function ancestors(index: TreeIndex, key: string): string[] {
  const parent = index.parents.get(key);
  return parent ? [parent, ...ancestors(index, parent)] : [];
}

/** The new set after ticking (with the branch and the menus above) or unticking (with the branch). */
export function toggleGrant(index: TreeIndex, current: ReadonlySet<string>, key: string, isChecked: boolean) {
  const next = new Set(current);
  if (isChecked) for (const id of [key, ...descendants(index, key), ...ancestors(index, key)]) next.add(id);
  else for (const id of [key, ...descendants(index, key)]) next.delete(id);
  return next;
}

export function PermissionGrantDrawer({
  role,
  source,
  onClose,
}: {
  role: RoleView | null;
  source: GrantSource;
  onClose: () => void;
}) {
  const { t } = useTranslation('system');
  const feedback = useFeedback();
  const { modal } = App.useApp();
  const isOpen = role !== null;
  const tree = useSystemQuery(source.tree.resource, 'tree', source.tree.fetch, { enabled: isOpen });
  const granted = useSystemQuery(source.granted.resource, role?.id ?? '', source.granted.fetch, {
    enabled: isOpen,
  });
  const save = useSystemChange(source.save, [source.granted.resource]);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [expanded, setExpanded] = useState<Key[]>([]);
  const index = useMemo(() => indexTree(tree.data?.treeList ?? []), [tree.data]);

  // Each opening starts from what the role holds, not from ticks left unsaved last time.
  useEffect(() => {
    if (isOpen && granted.data && tree.data) {
      const known = new Set(tree.data.ids);
      setChecked(new Set(granted.data.filter((id) => known.has(id))));
    }
  }, [isOpen, granted.data, tree.data]);

  useEffect(() => {
    if (tree.data) setExpanded(tree.data.treeList.map((node) => node.key));
  }, [tree.data]);

  const submit = async () => {
    if (!role) return;
    try {
      feedback.done(await save.mutateAsync({ roleId: role.id, permissionIds: [...checked] }));
      onClose();
    } catch (error) {
      feedback.failed(error);
    }
  };

  /** 'Clear all' asks first (spec 02 §5): it unticks every permission of the role at once. */
  const confirmClearAll = () => {
    modal.confirm({
      title: t('role.clear_all_title'),
      content: t('role.clear_all_confirm', { name: role?.roleName ?? '' }),
      okText: t('role.clear_all'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => setChecked(new Set()),
    });
  };

  const isLoading = tree.isPending || granted.isPending;
  return (
    <FormDrawer
      title={role ? t('role.grant_title', { name: role.roleName }) : ''}
      open={isOpen}
      width={520}
      isSaving={save.isPending}
      isSaveDisabled={isLoading}
      onSave={() => void submit()}
      onClose={onClose}
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Button size="small" onClick={() => setChecked(new Set(tree.data?.ids ?? []))}>
          {t('role.select_all')}
        </Button>
        <Button size="small" onClick={confirmClearAll} disabled={checked.size === 0}>
          {t('role.clear_all')}
        </Button>
        <Button size="small" onClick={() => setExpanded([...index.children.keys()])}>
          {t('role.expand_all')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {t('role.collapse_all')}
        </Button>
      </Space>
      {isLoading ? (
        <Spin style={{ display: 'block', marginTop: 48 }} />
      ) : (tree.data?.treeList.length ?? 0) === 0 ? (
        <Empty description={t('role.nothing_to_grant')} />
      ) : (
        <Tree
          checkable
          checkStrictly
          selectable={false}
          treeData={tree.data?.treeList}
          expandedKeys={expanded}
          onExpand={setExpanded}
          checkedKeys={{ checked: [...checked], halfChecked: [] }}
          onCheck={(_keys, info) =>
            setChecked((current) => toggleGrant(index, current, String(info.node.key), info.checked))
          }
        />
      )}
    </FormDrawer>
  );
}

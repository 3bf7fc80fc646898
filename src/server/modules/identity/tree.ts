/** Builds a forest from rows with parent ids; a row whose parent is not among them is a root. */
export function buildTree<R extends { id: string; parentId: string | null }, N>(
  rows: readonly R[],
  toNode: (row: R, children: N[] | undefined) => N,
): N[] {
  const present = new Set(rows.map((row) => row.id));
  const byParent = new Map<string | null, R[]>();
  for (const row of rows) {
    const parent = row.parentId && present.has(row.parentId) ? row.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), row]);
  }
  const build = (parent: string | null): N[] =>
    (byParent.get(parent) ?? []).map((row) => {
      const children = build(row.id);
      return toNode(row, children.length > 0 ? children : undefined);
    });
  return build(null);
}

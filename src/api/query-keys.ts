/**
 * TanStack Query keys, one factory per module, so a screen and the mutation that changes its
 * data name the same cache entry. Each module keeps an `all` root for broad invalidation;
 * add a module's factory here when it gets its first query.
 */
export const queryKeys = {
  session: {
    all: ['session'] as const,
    userInfo: () => ['session', 'userInfo'] as const,
  },
  branding: {
    all: ['branding'] as const,
    property: (domain: string, agentCode: string | null) =>
      ['branding', 'property', domain, agentCode] as const,
  },
  permissions: {
    all: ['permissions'] as const,
    byToken: (lang: string) => ['permissions', 'byToken', lang] as const,
  },
  departs: {
    all: ['departs'] as const,
    current: () => ['departs', 'current'] as const,
  },
  dict: {
    all: ['dict'] as const,
    items: (code: string, lang: string) => ['dict', 'items', code, lang] as const,
  },
  /** The administration screens: one entry per resource, `query` adds the list's parameters. */
  system: {
    all: ['system'] as const,
    resource: (resource: string) => ['system', resource] as const,
    query: (resource: string, params: unknown = null) => ['system', resource, params] as const,
  },
  /** A list screen's page and filters, kept in the cache so they survive a tab switch. */
  screenState: {
    all: ['screen-state'] as const,
    of: (screen: string) => ['screen-state', screen] as const,
  },
  dashboard: {
    all: ['dashboard'] as const,
    summary: (timeZone: string) => ['dashboard', 'summary', timeZone] as const,
    figures: (timeZone: string) => ['dashboard', 'figures', timeZone] as const,
    loginInfo: () => ['dashboard', 'loginInfo'] as const,
    visitInfo: () => ['dashboard', 'visitInfo'] as const,
  },
  /** Order questions: the feedback queue and each order's conversation. */
  questions: {
    all: ['questions'] as const,
    query: (resource: string, params: unknown = null) => ['questions', resource, params] as const,
  },
  /** Shops, their sync runs and the marketplace items matched to SKUs. */
  shops: {
    all: ['shops'] as const,
    query: (resource: string, params: unknown = null) => ['shops', resource, params] as const,
  },
  /** Returns and refused receipts: the list and each return's detail. */
  returns: {
    all: ['returns'] as const,
    query: (resource: string, params: unknown = null) => ['returns', resource, params] as const,
  },
  /** Logistics channels, waybills and their batches (arrange, print). */
  logistics: {
    all: ['logistics'] as const,
    query: (resource: string, params: unknown = null) => ['logistics', resource, params] as const,
  },
  /** Warehouses, locations, products and stock: one root, as a stock change moves them all. */
  inventory: {
    all: ['inventory'] as const,
    resource: (resource: string) => ['inventory', resource] as const,
    query: (resource: string, params: unknown = null) => ['inventory', resource, params] as const,
  },
};

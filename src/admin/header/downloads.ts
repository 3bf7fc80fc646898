/**
 * Plugin archives are downloaded by direct links. They are served as static files
 * next to the admin; an operator drops the current archives into public/downloads/.
 */
export const PLUGIN_DOWNLOADS = {
  purchasePlugin: '/downloads/purchase-plugin.zip',
  printPlugin: '/downloads/print-plugin.zip',
  virtualPrinter: '/downloads/virtual-printer.zip',
} as const;

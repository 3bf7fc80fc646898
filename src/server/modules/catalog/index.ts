export { skuSearch, type ProductRow, type SkuRow } from './catalog.queries.js';
export { addProduct, visibleProduct } from './product.service.js';
export { addSku, skusByBarcode, visibleSku } from './sku.service.js';
export { nextSysCodes } from './sku-codes.js';
export { skus } from './catalog.tables.js';
export { products, skuBarcodes } from './catalog.tables.js';
export { exportCatalog } from './catalog-export.service.js';

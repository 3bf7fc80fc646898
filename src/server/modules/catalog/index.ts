export { catalogRoutes } from './catalog.routes.js';
export { catalogExcelRoutes } from './catalog-excel.routes.js';
export { isSellerBound, owningSeller, sellerFilter, sellerScope } from '../../access/seller-scope.js';
export { skuSearch, type ProductRow, type SkuRow } from './catalog.queries.js';
export { addProduct, visibleProduct } from './product.service.js';
export { addSku, skusByBarcode, visibleSku } from './sku.service.js';
export { nextSysCodes } from './sku-codes.js';
export * from './catalog.tables.js';

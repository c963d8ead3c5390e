// catalogue/: what other folders may use (decision 077). Inside catalogue/, import the file itself.
export { catalogueCsvAdminRoutes } from './catalogue-csv.admin-routes.js';
export {
  analyzeCatalogue,
  clearCatalogue,
  ensureCatalogueNames,
  importProducts,
  productCount,
  productImagePaths,
  type ProductImport,
  replaceImagePaths,
} from './catalogue-import.service.js';
export { responseOf } from './catalogue.responses.js';
export { catalogueRoutes } from './catalogue.routes.js';
export {
  cachedAt,
  type CachedAt,
  productSummaries,
  productViewCounts,
} from './catalogue.service.js';
export { storePicture } from './pictures.service.js';
export { checkPrints, printPrices } from './printing.service.js';
export { productsAdminRoutes } from './products.admin-routes.js';
export { registerRobotsAndSitemap } from './robots-sitemap.js';
export { orderFollows, sortedIds, useSalesRollup } from './sort-order.service.js';
export { ViewCounts } from './view-counts.js';

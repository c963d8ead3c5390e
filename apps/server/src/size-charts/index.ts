// size-charts/: what other folders may use (decision 077). Inside size-charts/, import the file itself.
export { sizeChartsAdminRoutes } from './size-charts.admin-routes.js';
export { sizeChartRoutes } from './size-charts.routes.js';
export { seedSizeCharts } from './size-charts.service.js';

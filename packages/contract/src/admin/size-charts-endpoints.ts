// The size charts' endpoints: the list, adding and changing a chart, and a category's chart.
import type { AdminEndpoint } from './endpoint.js';
import { CategoryIdParams } from './catalogue.js';
import {
  CategorySizeChartRequest,
  CategorySizeChartResponse,
  SizeChartIdParams,
  SizeChartInput,
  SizeChartListResponse,
  AdminSizeChartResponse,
} from './size-charts.js';

export const sizeChartsEndpoints = {
  listSizeCharts: {
    method: 'GET',
    path: '/api/admin/size-charts',
    summary: 'Size charts, and which chart each category uses',
    access: 'catalogue.read',
    response: SizeChartListResponse,
  },
  createSizeChart: {
    method: 'POST',
    path: '/api/admin/size-charts',
    summary: 'Adds a size chart',
    access: 'catalogue.write',
    body: SizeChartInput,
    response: AdminSizeChartResponse,
  },
  updateSizeChart: {
    method: 'PATCH',
    path: '/api/admin/size-charts/:id',
    summary: "Replaces a size chart's name, fit note and measurements",
    access: 'catalogue.write',
    params: SizeChartIdParams,
    body: SizeChartInput,
    response: AdminSizeChartResponse,
  },
  setCategorySizeChart: {
    method: 'PATCH',
    path: '/api/admin/categories/:id/size-chart',
    summary: 'Sets the size chart a category uses (or none)',
    access: 'catalogue.write',
    params: CategoryIdParams,
    body: CategorySizeChartRequest,
    response: CategorySizeChartResponse,
  },
} as const satisfies Record<string, AdminEndpoint>;

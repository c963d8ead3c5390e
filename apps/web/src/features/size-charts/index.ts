export { SizeChartButton } from './size-chart-button';

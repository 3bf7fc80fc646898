/**
 * The admin's chart kit, in plain SVG on antd's theme tokens (no chart library): bars (side by
 * side or stacked), lines, and horizontal stacked bars. Screens import it only from lazily loaded
 * modules, so none of it is in the login page's scripts: every chart carries `data-chart-kit`,
 * and the browser test (tests/e2e/bundle.test.ts) checks no script of the login page holds it.
 */
export { BarChart } from './BarChart.js';
export { LineChart } from './LineChart.js';
export { StackedBars, type StackedRow } from './StackedBars.js';
export { visuallyHidden, type ChartSeries } from './frame.js';
export { niceStep } from './scale.js';

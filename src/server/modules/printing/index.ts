export { printingRoutes, sendPdf } from './printing.routes.js';
export { renderLabels, type Label } from './label-pdf.js';
export { printFonts, textRuns } from './fonts.js';

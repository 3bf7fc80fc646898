export { renderLabels, type Label } from './label-pdf.js';
export { printFonts, textRuns } from './fonts.js';
export { renderBoxLabels, type BoxLabel } from './box-label-pdf.js';

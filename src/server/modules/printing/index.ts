export { renderLabels, type Label } from './label-pdf.js';
export { printFonts, textRuns } from './fonts.js';
export { renderBoxLabels, type BoxLabel } from './box-label-pdf.js';
export {
  renderWaybills,
  WAYBILL_SIZE,
  type Waybill,
  type WaybillParty,
  type WaybillOptions,
} from './waybill-pdf.js';
export { renderPickList, walkingOrder, type PickLine, type PickRow, type PickWave } from './pick-list-pdf.js';
export {
  renderPackingLists,
  PACKING_LIST_SIZE,
  type PackingListLine,
  type PackingListOrder,
} from './packing-list-pdf.js';
export { mergePdfs, UnreadablePdfError } from './merge-pdf.js';
export {
  packingListTexts,
  pickListTexts,
  waybillTexts,
  type PackingListTexts,
  type PickListTexts,
  type WaybillTexts,
} from './outbound-texts.js';
export { renderCountSheets, type CountSheet } from './count-sheet-pdf.js';
export { renderBagManifest, type BagManifest } from './bag-manifest-pdf.js';

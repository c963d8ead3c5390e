// stock/: what other folders may use (decision 077). Inside stock/, import the file itself.
export {
  changeStock,
  insertLedgerEntries,
  type LedgerEntry,
  stockHistory,
} from './stock.service.js';

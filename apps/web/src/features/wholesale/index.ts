// Wholesale's public face for other features: the shopper's own prices (decision 045).
export {
  atWholesalePrices,
  tierText,
  useCardWholesalePrices,
  useWholesalePrices,
} from './use-wholesale-prices';
export { WholesalePrice } from './wholesale-price';

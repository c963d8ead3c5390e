/** A checksum-valid GSTIN registered in Kerala (32), the seeded shop's state, for tests. */
export const TEST_SHOP_GSTIN = '32AAPFU0939F1Z4';

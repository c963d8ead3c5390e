// pincodes/: what other folders may use (decision 077). Inside pincodes/, import the file itself.
export { checkPincode, checkPincodeState, lookupPincode, type Pincode } from './pincodes.js';

// seed/: what other folders may use (decision 077). Inside seed/, import the file itself.
export { seedDemo, seedIfEmpty } from './seed.js';

/** The running-order area's lazy chunk (src/app/screens.ts). */
export { RunningOrderScreen } from './RunningOrderScreen.tsx';

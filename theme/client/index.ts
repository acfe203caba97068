// The browser runtime. Every page works without it; it only enhances.
import { initColorMode } from './color-mode.ts';

initColorMode();

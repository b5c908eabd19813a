import { defineAppKitElements } from './defineAppKitElements.ts'

// The elements' script (`appkit-elements-<hash>.js`), loaded by appkit.js with SRI only when the page
// uses one of the tags (watchElementTags.ts). It needs nothing but the page's `window.appkit`.
if (window.appkit) defineAppKitElements(window.appkit)

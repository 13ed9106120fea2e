// The invoice screen's own icons, one file each (as ui/icons.ts does).
export { default as IconCheck } from '@tabler/icons-react/dist/esm/icons/IconCheck.mjs';
export { default as IconCopy } from '@tabler/icons-react/dist/esm/icons/IconCopy.mjs';

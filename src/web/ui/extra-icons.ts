// Icons of the cards screens and the export button, one file each (see icons.ts).
export { default as IconChevronLeft } from '@tabler/icons-react/dist/esm/icons/IconChevronLeft.mjs';
export { default as IconChevronRight } from '@tabler/icons-react/dist/esm/icons/IconChevronRight.mjs';
export { default as IconDownload } from '@tabler/icons-react/dist/esm/icons/IconDownload.mjs';
export { default as IconSearch } from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs';
export { default as IconX } from '@tabler/icons-react/dist/esm/icons/IconX.mjs';

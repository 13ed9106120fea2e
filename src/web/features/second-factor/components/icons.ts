// The second factor's icons, one file each (see ui/icons.ts).
export { default as IconCheck } from '@tabler/icons-react/dist/esm/icons/IconCheck.mjs';
export { default as IconCopy } from '@tabler/icons-react/dist/esm/icons/IconCopy.mjs';
export { default as IconDeviceMobile } from '@tabler/icons-react/dist/esm/icons/IconDeviceMobile.mjs';
export { default as IconDownload } from '@tabler/icons-react/dist/esm/icons/IconDownload.mjs';
export { default as IconRefresh } from '@tabler/icons-react/dist/esm/icons/IconRefresh.mjs';
export { default as IconShieldCheck } from '@tabler/icons-react/dist/esm/icons/IconShieldCheck.mjs';
export { default as IconShieldOff } from '@tabler/icons-react/dist/esm/icons/IconShieldOff.mjs';

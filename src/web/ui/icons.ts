// Icons are imported one file each, so neither the bundle nor the test runner loads the whole set.
export { default as IconAlertCircle } from '@tabler/icons-react/dist/esm/icons/IconAlertCircle.mjs';
export { default as IconArrowLeft } from '@tabler/icons-react/dist/esm/icons/IconArrowLeft.mjs';
export { default as IconBuilding } from '@tabler/icons-react/dist/esm/icons/IconBuilding.mjs';
export { default as IconCreditCard } from '@tabler/icons-react/dist/esm/icons/IconCreditCard.mjs';
export { default as IconFileInvoice } from '@tabler/icons-react/dist/esm/icons/IconFileInvoice.mjs';
export { default as IconKey } from '@tabler/icons-react/dist/esm/icons/IconKey.mjs';
export { default as IconLock } from '@tabler/icons-react/dist/esm/icons/IconLock.mjs';
export { default as IconLogout } from '@tabler/icons-react/dist/esm/icons/IconLogout.mjs';
export { default as IconShieldLock } from '@tabler/icons-react/dist/esm/icons/IconShieldLock.mjs';
export { default as IconSquarePlus } from '@tabler/icons-react/dist/esm/icons/IconSquarePlus.mjs';
export { default as IconUser } from '@tabler/icons-react/dist/esm/icons/IconUser.mjs';
export { default as IconUsers } from '@tabler/icons-react/dist/esm/icons/IconUsers.mjs';

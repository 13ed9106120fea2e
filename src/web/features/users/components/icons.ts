// The user list's icons, one file each (see ui/icons.ts).
export { default as IconPencil } from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs';
export { default as IconShieldOff } from '@tabler/icons-react/dist/esm/icons/IconShieldOff.mjs';
export { default as IconTrash } from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';

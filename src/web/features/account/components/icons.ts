// The password change's own icon, one file (see ui/icons.ts).
export { default as IconCircleCheck } from '@tabler/icons-react/dist/esm/icons/IconCircleCheck.mjs';

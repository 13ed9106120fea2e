export { AuthLayout } from './auth-layout.tsx';
export { FormAlert } from './form-alert.tsx';
export * from './icons.ts';
export { ScreenPlaceholder } from './screen-placeholder.tsx';
export { Spinner } from './spinner.tsx';
export { StartupAlert } from './startup-alert.tsx';

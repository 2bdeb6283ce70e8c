export { Alert } from './Alert';
export type { AlertProps } from './Alert';
export type { AlertVariant } from './Alert.styles';

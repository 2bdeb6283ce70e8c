export { Checkbox } from './Checkbox';
export type { CheckboxProps } from './Checkbox';

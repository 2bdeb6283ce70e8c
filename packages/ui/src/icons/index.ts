/**
 * The icon set: one module per icon, so a bundle carries only the icons its chunks use.
 */
export type { IconProps } from './Icon';

export { ArrowUpRightIcon } from './ArrowUpRightIcon';
export { ArrowDownRightIcon } from './ArrowDownRightIcon';
export { MinusIcon } from './MinusIcon';
export { MenuIcon } from './MenuIcon';
export { InboxIcon } from './InboxIcon';
export { ChevronLeftIcon } from './ChevronLeftIcon';
export { ChevronRightIcon } from './ChevronRightIcon';
export { ChevronUpIcon } from './ChevronUpIcon';
export { SortIcon } from './SortIcon';
export { MicIcon } from './MicIcon';
export { GridIcon } from './GridIcon';
export { BarChartIcon } from './BarChartIcon';
export { CreditCardIcon } from './CreditCardIcon';
export { ClockIcon } from './ClockIcon';
export { KeyIcon } from './KeyIcon';
export { TerminalIcon } from './TerminalIcon';
export { UserIcon } from './UserIcon';
export { HelpIcon } from './HelpIcon';
export { RefreshIcon } from './RefreshIcon';
export { CloseIcon } from './CloseIcon';
export { EyeIcon } from './EyeIcon';
export { EyeOffIcon } from './EyeOffIcon';
export { SearchIcon } from './SearchIcon';
export { CopyIcon } from './CopyIcon';
export { CheckIcon } from './CheckIcon';
export { ChevronDownIcon } from './ChevronDownIcon';
export { UploadIcon } from './UploadIcon';
export { InfoIcon } from './InfoIcon';
export { SuccessIcon } from './SuccessIcon';
export { WarningIcon } from './WarningIcon';
export { DangerIcon } from './DangerIcon';

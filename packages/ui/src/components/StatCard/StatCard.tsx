import type { ReactNode } from 'react';
import { ArrowDownRightIcon, ArrowUpRightIcon, MinusIcon, WarningIcon } from '../../icons';
import { VisuallyHidden } from '../../styles/visuallyHidden';
import { Card } from '../Card';
import { Skeleton } from '../Skeleton';
import {
  StatBody,
  StatChange,
  StatError,
  StatIcon,
  StatLabel,
  StatValue,
  type Trend,
} from './StatCard.styles';

export type { Trend };

export interface StatCardProps {
  label: string;
  value?: ReactNode;
  /** Change text, e.g. "+12% from last month". */
  change?: ReactNode;
  trend?: Trend;
  icon?: ReactNode;
  loading?: boolean;
  /** An error message replaces the value. */
  error?: string;
  className?: string;
}

const trendIcons = { up: ArrowUpRightIcon, down: ArrowDownRightIcon, neutral: MinusIcon };
const trendWords = { up: 'Up', down: 'Down', neutral: 'No change' };

export function StatCard({
  label,
  value,
  change,
  trend = 'neutral',
  icon,
  loading = false,
  error,
  className,
}: StatCardProps) {
  const TrendIcon = trendIcons[trend];
  return (
    <Card
      className={className}
      aria-busy={loading || undefined}
      aria-label={label}
      data-trend={trend}
    >
      <StatLabel>
        {label}
        {icon && <StatIcon aria-hidden="true">{icon}</StatIcon>}
      </StatLabel>
      {loading ? (
        <StatBody>
          <Skeleton width="50%" height="1.5em" />
          <Skeleton width="70%" />
        </StatBody>
      ) : error ? (
        <StatError role="alert">
          <WarningIcon />
          {error}
        </StatError>
      ) : (
        <StatBody>
          <StatValue>{value}</StatValue>
          {change !== undefined && (
            <StatChange $trend={trend}>
              <TrendIcon />
              <span>
                {trend !== 'neutral' && <VisuallyHidden>{`${trendWords[trend]}: `}</VisuallyHidden>}
                {change}
              </span>
            </StatChange>
          )}
        </StatBody>
      )}
    </Card>
  );
}

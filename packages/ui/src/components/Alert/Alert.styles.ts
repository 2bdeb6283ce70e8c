import styled from 'styled-components';

export type AlertVariant = 'info' | 'success' | 'warning' | 'danger';

const tones = {
  info: { accent: 'info', background: 'infoSubtle' },
  success: { accent: 'success', background: 'successSubtle' },
  warning: { accent: 'warning', background: 'warningSubtle' },
  danger: { accent: 'textDanger', background: 'dangerSubtle' },
} as const;

export const AlertRoot = styled.div<{ $variant: AlertVariant }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
  border: 1px solid ${({ theme, $variant }) => theme.color[tones[$variant].accent]};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $variant }) => theme.color[tones[$variant].background]};
  color: ${({ theme }) => theme.color.text};
  & > svg {
    flex: none;
    margin-top: ${({ theme }) => theme.space[1]};
    color: ${({ theme, $variant }) => theme.color[tones[$variant].accent]};
    font-size: ${({ theme }) => theme.fontSize.lg};
  }
`;

export const Content = styled.div`
  display: flex;
  flex: 1;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
  min-width: 0;
`;

export const Text = styled.div`
  flex: 1 1 auto;
  min-width: 0;
  font-size: ${({ theme }) => theme.fontSize.sm};
  line-height: ${({ theme }) => theme.lineHeight.normal};
  overflow-wrap: anywhere;
`;

export const Title = styled.p`
  margin: 0;
  font-weight: ${({ theme }) => theme.fontWeight.bold};
`;

export const Body = styled.div`
  margin: 0;
`;

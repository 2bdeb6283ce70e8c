import styled from 'styled-components';
import { Spinner } from '@parlance/ui';

const Centre = styled.div`
  display: grid;
  place-items: center;
  min-height: 60vh;
`;

/** Shown while the first page's code loads (the router's hydrate fallback). */
export function PageLoading() {
  return (
    <Centre>
      <Spinner label="Loading Parlance" size="lg" />
    </Centre>
  );
}

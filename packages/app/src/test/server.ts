import { setupServer } from 'msw/node';
import { handlers } from '@parlance/mocks';

/** msw/node server for dom tests, fed by the same handlers as Storybook. */
export const server = setupServer(...Object.values(handlers).flat());

import { DemoPage } from './DemoPage';
import jfk from './jfk-transcript.json';

/** /demo: the recorded sample with its engine transcript. */
export function Component() {
  return <DemoPage transcript={jfk} audioSrc={jfk.audio} />;
}

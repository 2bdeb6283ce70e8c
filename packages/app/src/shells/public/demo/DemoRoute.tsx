import { DemoScreen } from './DemoScreen';
import jfk from './jfk-transcript.json';

/** /demo: the recorded sample with its engine transcript. */
export function Component() {
  return <DemoScreen transcript={jfk} audioSrc={jfk.audio} />;
}

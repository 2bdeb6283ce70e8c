import { useState } from 'react';
import { Button, SpeakerChip } from '@parlance/ui';
import type { Outcome } from '../../../shared/outcome';
import { speakerName, type SpeakerNameMap } from '@parlance/contract/endpoints';
import { renamedSpeakers } from '../utils/speakers';
import { RenameSpeakerModal } from './RenameSpeakerModal';
import { Legend, LegendItem } from './SpeakerLegend.styles';

export interface SpeakerLegendProps {
  /** The transcript's speakers, in the order they first speak. */
  labels: readonly string[];
  names: SpeakerNameMap;
  renaming: boolean;
  /** Saves every speaker's name at once; without it the speakers are listed, not renamed. */
  onRename?: (names: Record<string, string>) => Promise<Outcome>;
}

/** Who speaks in the transcript, each with their colour, and a Rename action per speaker. */
export function SpeakerLegend({ labels, names, renaming, onRename }: SpeakerLegendProps) {
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <>
      <Legend aria-label="Speakers">
        {labels.map((label) => (
          <LegendItem key={label}>
            <SpeakerChip label={label} name={speakerName(names, label)} />
            {onRename && (
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Rename ${speakerName(names, label)}`}
                onClick={() => setEditing(label)}
              >
                Rename
              </Button>
            )}
          </LegendItem>
        ))}
      </Legend>
      {onRename && editing !== null && (
        <RenameSpeakerModal
          label={editing}
          names={names}
          saving={renaming}
          onRename={(label, name) => onRename(renamedSpeakers(names, label, name))}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

import { useState, type FormEvent } from 'react';
import {
  MAX_SPEAKER_NAME_CHARS,
  speakerName,
  type SpeakerNameMap,
} from '@parlance/contract/endpoints';
import { Modal, TextField } from '@parlance/ui';
import type { Outcome } from '../../../shared/outcome';
import { Body } from '../../../shared/ModalForm.styles';
import { ModalFormEnd } from '../../../shared/ModalFormEnd';

interface RenameSpeakerModalProps {
  /** The label of the speaker being renamed. */
  label: string;
  /** The names given so far. */
  names: SpeakerNameMap;
  saving: boolean;
  onRename: (label: string, name: string) => Promise<Outcome>;
  onClose: () => void;
}

/** One speaker's name, open while it is edited: saved, or the server's reason it was not. */
export function RenameSpeakerModal({
  label,
  names,
  saving,
  onRename,
  onClose,
}: RenameSpeakerModalProps) {
  const [name, setName] = useState(names[label] ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await onRename(label, name);
    if (outcome.ok) onClose();
    else setError(outcome.message);
  };

  const title = `Rename ${speakerName(names, label)}`;
  return (
    <Modal open onClose={onClose} title={title}>
      <Body onSubmit={submit} aria-label={title}>
        <TextField
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={MAX_SPEAKER_NAME_CHARS}
          hint={`Shown in the transcript and in its TXT, SRT and VTT downloads. Leave it empty to show “Speaker ${label}”.`}
          autoFocus
        />
        <ModalFormEnd error={error} onCancel={onClose} busy={saving} submitLabel="Save" />
      </Body>
    </Modal>
  );
}

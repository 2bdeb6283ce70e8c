"""How speaker labels are scored against reference turns (start, end, speaker), as tests and
scripts/bench_speakers.py score them:

- ``words_right``: the share of words whose label is a speaker talking at the word's middle (the
  nearest turn's, between turns), under the best one-to-one mapping of labels to speakers.
- ``der``: the diarization error rate, NIST's definition as ``pyannote.metrics`` and ``dscore``
  compute it: missed speech, false alarm and speaker confusion over the reference's speech, each
  overlapping speaker counted, on 10 ms frames, under the mapping of labels to speakers that
  maximises the time they share, with no speech scored within ``collar`` seconds of a reference
  turn's edge (0.25 s either side, the usual forgiveness for hand-marked boundaries: md-eval's and
  dscore's ``-c 0.25``, pyannote.metrics' ``collar=0.5``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path

import numpy as np

Turn = tuple[float, float, str]
FRAME = 0.01
COLLAR = 0.25
# Words of one label this close together are one hypothesis turn (a pause between words is not
# a change of speaker).
JOIN_GAP = 0.5


def read_rttm(path: Path) -> list[Turn]:
    """The SPEAKER lines of an RTTM file as turns."""
    turns = []
    for line in path.read_text().splitlines():
        field = line.split()
        if field and field[0] == "SPEAKER":
            start, duration = float(field[3]), float(field[4])
            turns.append((start, start + duration, field[7]))
    return turns


def best_mapping(shared: np.ndarray) -> dict[int, int]:
    """The one-to-one mapping of rows (labels) to columns (speakers) with the largest total of
    ``shared``: each row takes a column not yet taken, or none, over subsets of the columns (there
    are few speakers)."""
    rows, cols = shared.shape

    @cache
    def best(row: int, taken: int) -> tuple[float, tuple[tuple[int, int], ...]]:
        if row == rows:
            return 0.0, ()
        options = [best(row + 1, taken)]
        for col in range(cols):
            if not taken & (1 << col):
                value, pairs = best(row + 1, taken | (1 << col))
                options.append((value + float(shared[row, col]), ((row, col), *pairs)))
        return max(options, key=lambda option: option[0])

    return dict(best(0, 0)[1])


def words_right(words: Sequence[dict], truth: Sequence[Turn]) -> float:
    """The share of words (``start``, ``end``, ``speaker``) labelled with a speaker heard then."""
    if not words:
        return 0.0
    speakers = sorted({s for _, _, s in truth})
    labels = sorted({w["speaker"] for w in words})
    heard = []
    for w in words:
        at = (w["start"] + w["end"]) / 2
        now = {s for a, b, s in truth if a <= at <= b}
        if not now:
            nearest = min(truth, key=lambda t: min(abs(t[0] - at), abs(t[1] - at)))
            now = {nearest[2]}
        heard.append(now)
    shared = np.zeros((len(labels), len(speakers)))
    for w, now in zip(words, heard, strict=True):
        for s in now:
            shared[labels.index(w["speaker"]), speakers.index(s)] += 1
    mapping = best_mapping(shared)
    right = sum(
        labels.index(w["speaker"]) in mapping and speakers[mapping[labels.index(w["speaker"])]] in now
        for w, now in zip(words, heard, strict=True)
    )
    return right / len(words)


def turns_of(words: Sequence[dict]) -> list[Turn]:
    """The hypothesis turns: each label's words joined across pauses up to JOIN_GAP."""
    turns: list[Turn] = []
    for w in words:
        if turns and turns[-1][2] == w["speaker"] and w["start"] - turns[-1][1] <= JOIN_GAP:
            turns[-1] = (turns[-1][0], max(turns[-1][1], w["end"]), w["speaker"])
        else:
            turns.append((w["start"], w["end"], w["speaker"]))
    return turns


def _frames(turns: Sequence[Turn], names: list[str], n: int) -> np.ndarray:
    active = np.zeros((len(names), n), bool)
    for a, b, s in turns:
        active[names.index(s), round(a / FRAME) : round(b / FRAME)] = True
    return active


def der(truth: Sequence[Turn], hypothesis: Sequence[Turn], collar: float = COLLAR) -> float:
    """The diarization error rate of ``hypothesis`` turns against ``truth`` (0 is perfect)."""
    n = round(max(b for _, b, _ in [*truth, *hypothesis]) / FRAME) + 1
    speakers = sorted({s for _, _, s in truth})
    labels = sorted({s for _, _, s in hypothesis})
    scored = np.ones(n, bool)
    edge = round(collar / FRAME)
    for a, b, _ in truth:
        for t in (round(a / FRAME), round(b / FRAME)):
            scored[max(0, t - edge) : t + edge] = False
    ref = _frames(truth, speakers, n)[:, scored]
    hyp = _frames(hypothesis, labels, n)[:, scored]
    mapping = best_mapping((hyp[:, None, :] & ref[None, :, :]).sum(axis=2).astype(float))
    correct = sum((hyp[h] & ref[r]).astype(int) for h, r in mapping.items())
    n_ref, n_hyp = ref.sum(axis=0), hyp.sum(axis=0)
    errors = np.maximum(n_ref, n_hyp) - correct
    return float(errors.sum() / max(int(n_ref.sum()), 1))

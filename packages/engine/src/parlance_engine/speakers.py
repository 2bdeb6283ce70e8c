"""Who spoke when: speaker labels for the words of a transcription.

The voice is described by Resemblyzer's speaker encoder (a 3-layer LSTM over 40-band mel frames,
trained for speaker verification; Apache-2.0), whose weights ship inside the ``Resemblyzer``
wheel from PyPI. That package's code needs PyTorch (about 1.2 GB) to run the network; this module
runs the same network in numpy instead, reading the weights from the wheel's ``pretrained.pt``
with an unpickler that rebuilds float tensors and nothing else.

Each stretch of speech (the VAD's regions) is described every ``STEP_SECONDS`` by the voice in
the ``WINDOW_SECONDS`` around it. The descriptions of the whole recording are then grouped:
average-linkage clustering by cosine similarity until no two groups are more alike than
``SAME_SPEAKER`` (or, when the caller says how many people speak, until there are that many),
a short pass that moves each description to the closest group's centre, and groups with less
than ``MIN_SPEAKER_SECONDS`` of speech folded into their closest neighbour. A word takes the
label of the description closest to its middle; labels are "A", "B", … in order of first speech.

Figures (``npm run bench:asr``) are measured on recordings joined from real speakers this
module was not tuned on; the tuning set is named in scripts/bench_speakers.py.
"""

from __future__ import annotations

import collections
import hashlib
import pickle
import struct
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import IO

import numpy as np
import numpy.typing as npt

from . import audio as audio_mod
from .errors import EngineError

SR = audio_mod.SAMPLE_RATE
F32 = npt.NDArray[np.float32]

# Resemblyzer's hyperparameters (its hparams.py): 25 ms windows every 10 ms, 40 mel bands.
N_FFT = 400
HOP = 160
N_MELS = 40
FRAMES_PER_SECOND = SR // HOP
WINDOW_SECONDS = 1.6
STEP_SECONDS = 0.4
# A region shorter than this is described as a whole; shorter still, not at all.
MIN_REGION_SECONDS = 0.4
TARGET_DBFS = -30.0
# Cosine similarity above which two groups of descriptions are taken for one voice. Tuned on the
# set named in scripts/bench_speakers.py.
SAME_SPEAKER = 0.60
# A group with less speech than this is not taken for a speaker of its own.
MIN_SPEAKER_SECONDS = 2.0
# Clustering looks at most this many descriptions (neighbours are averaged beyond that).
MAX_CLUSTERED = 1500
# Labels, one per speaker: a recording is given at most this many speakers (the longest speaking).
LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# Descriptions computed at once, and mel frames (10 ms each) at once: what bounds the memory used.
BATCH = 64
MEL_BLOCK_FRAMES = 3000
# Resemblyzer 0.1.4's pretrained.pt: checked before it is read, so that only that file is.
WEIGHTS_SHA256 = "39373b86598fa3da9fcddee6142382efe09777e8d37dc9c0561f41f0070f134e"
Check = Callable[[], None]


def _never() -> None:
    pass


# ---------------------------------------------------------------- weights


class _TensorUnpickler(pickle.Unpickler):
    """PyTorch's legacy checkpoint pickle, with tensors rebuilt as numpy arrays. Anything else a
    pickle could name is refused, so a replaced file cannot run code."""

    def __init__(self, file: IO[bytes]):
        super().__init__(file)
        self.storages: dict[str, tuple[int, list[np.ndarray]]] = {}
        self.tensors: list[tuple[str, int, tuple[int, ...], tuple[int, ...], list[np.ndarray]]] = []

    def find_class(self, module: str, name: str) -> object:
        if (module, name) == ("collections", "OrderedDict"):
            return collections.OrderedDict
        if (module, name) == ("torch", "FloatStorage"):
            return name
        if (module, name) == ("torch._utils", "_rebuild_tensor_v2"):
            return self._tensor
        raise pickle.UnpicklingError(f"unexpected {module}.{name} in the speaker model")

    def persistent_load(self, pid: object) -> object:
        if not isinstance(pid, tuple) or len(pid) < 5 or pid[0] != "storage":
            raise pickle.UnpicklingError("unexpected persistent id in the speaker model")
        key = str(pid[2])
        self.storages.setdefault(key, (int(pid[4]), []))
        return key

    def _tensor(
        self, key: str, offset: int, size: tuple[int, ...], stride: tuple[int, ...], *_: object
    ) -> list[np.ndarray]:
        holder: list[np.ndarray] = []
        self.tensors.append((key, offset, tuple(size), tuple(stride), holder))
        return holder


def _read_checkpoint(path: Path) -> dict[str, np.ndarray]:
    """``model_state`` of a legacy-format (non-zip) PyTorch checkpoint of float32 tensors."""
    if hashlib.sha256(path.read_bytes()).hexdigest() != WEIGHTS_SHA256:
        raise EngineError("model_load_failed", f"the speaker encoder's weights at {path} are not Resemblyzer 0.1.4's")
    with path.open("rb") as f:
        for _ in range(3):  # magic number, protocol version, system info: plain values
            _TensorUnpickler(f).load()
        unpickler = _TensorUnpickler(f)
        checkpoint = unpickler.load()
        keys = _TensorUnpickler(f).load()  # the storages' keys, in the order their data follows
        data: dict[str, np.ndarray] = {}
        for key in keys:
            (count,) = struct.unpack("<q", f.read(8))
            data[str(key)] = np.frombuffer(f.read(4 * count), dtype="<f4")
    for key, offset, size, stride, holder in unpickler.tensors:
        flat = data[key][offset:]
        view = np.lib.stride_tricks.as_strided(flat, shape=size, strides=[4 * s for s in stride])
        holder.append(np.array(view, dtype=np.float32))
    return {name: value[0] for name, value in checkpoint["model_state"].items()}


def weights_path() -> Path:
    """``pretrained.pt`` of the installed Resemblyzer wheel (found without importing the package,
    whose code needs torch)."""
    try:
        files = metadata.files("Resemblyzer") or []
    except metadata.PackageNotFoundError:
        files = []
    for entry in files:
        if entry.name == "pretrained.pt":
            return Path(str(entry.locate()))
    raise EngineError(
        "model_not_found",
        "speaker labels need the speaker encoder from the Resemblyzer package: "
        "pip install --no-deps Resemblyzer==0.1.4",
    )


@dataclass(frozen=True)
class _Layer:
    w_ih: F32  # (in, 4H), gates i, f, g, o
    w_hh: F32  # (H, 4H)
    bias: F32  # (4H,)


@dataclass(frozen=True)
class Encoder:
    layers: tuple[_Layer, ...]
    linear_w: F32  # (H, E)
    linear_b: F32
    mel_basis: F32 = field(repr=False)  # (N_FFT // 2 + 1, N_MELS)

    def embed(self, mels: F32) -> F32:
        """Unit-length voice descriptions of a batch of mel spectrograms (batch, frames, N_MELS)."""
        batch, steps, _ = mels.shape
        x = mels
        for layer in self.layers:
            hidden = layer.w_hh.shape[0]
            projected = x.reshape(batch * steps, -1) @ layer.w_ih
            projected += layer.bias
            projected = projected.reshape(batch, steps, -1)
            h = np.zeros((batch, hidden), np.float32)
            c = np.zeros((batch, hidden), np.float32)
            out = np.empty((batch, steps, hidden), np.float32)
            for t in range(steps):
                gates = projected[:, t] + h @ layer.w_hh
                i, f, g, o = np.split(gates, 4, axis=1)
                c = _sigmoid(f) * c + _sigmoid(i) * np.tanh(g)
                h = _sigmoid(o) * np.tanh(c)
                out[:, t] = h
            x = out
        raw = np.maximum(x[:, -1] @ self.linear_w + self.linear_b, 0.0)
        norm = np.linalg.norm(raw, axis=1, keepdims=True)
        unit: F32 = (raw / np.maximum(norm, 1e-8)).astype(np.float32)
        return unit

    def mel(self, pcm: audio_mod.Pcm) -> F32:
        """Power mel spectrogram (frames, N_MELS) as Resemblyzer computes it (librosa's defaults:
        centred Hann frames, zero padding, Slaney mel bands)."""
        padded = np.pad(pcm.astype(np.float32), N_FFT // 2)
        count = 1 + (padded.shape[0] - N_FFT) // HOP
        frames = np.lib.stride_tricks.as_strided(
            padded, shape=(count, N_FFT), strides=(padded.strides[0] * HOP, padded.strides[0])
        )
        mel: F32 = np.empty((count, N_MELS), np.float32)
        for at in range(0, count, MEL_BLOCK_FRAMES):  # a block at a time: the FFT's copies stay small
            spectrum = np.abs(np.fft.rfft(frames[at : at + MEL_BLOCK_FRAMES] * _hann(), axis=1)) ** 2
            mel[at : at + MEL_BLOCK_FRAMES] = spectrum @ self.mel_basis
        return mel


def _sigmoid(x: F32) -> F32:
    y: F32 = 0.5 * (np.tanh(0.5 * x) + 1.0)
    return y


@cache
def _hann() -> F32:
    return (0.5 - 0.5 * np.cos(2 * np.pi * np.arange(N_FFT) / N_FFT)).astype(np.float32)


def _mel_basis() -> F32:
    """librosa.filters.mel(sr=16000, n_fft=400, n_mels=40): Slaney's mel scale and area norm."""

    def hz_to_mel(hz: np.ndarray) -> np.ndarray:
        linear = hz / (200.0 / 3)
        log_part = 15.0 + np.log(np.maximum(hz, 1e-10) / 1000.0) / (np.log(6.4) / 27.0)
        return np.where(hz >= 1000.0, log_part, linear)

    def mel_to_hz(mel: np.ndarray) -> np.ndarray:
        linear = mel * (200.0 / 3)
        log_part = 1000.0 * np.exp((np.log(6.4) / 27.0) * (mel - 15.0))
        return np.where(mel >= 15.0, log_part, linear)

    fft_hz = np.linspace(0, SR / 2, N_FFT // 2 + 1)
    mel_hz = mel_to_hz(np.linspace(hz_to_mel(np.array(0.0)), hz_to_mel(np.array(SR / 2.0)), N_MELS + 2))
    gaps = np.diff(mel_hz)
    ramps = mel_hz[:, None] - fft_hz[None, :]
    lower = -ramps[:-2] / gaps[:-1, None]
    upper = ramps[2:] / gaps[1:, None]
    weights = np.maximum(0, np.minimum(lower, upper))
    weights *= (2.0 / (mel_hz[2:] - mel_hz[:-2]))[:, None]
    return weights.T.astype(np.float32)


@cache
def encoder() -> Encoder:
    """The speaker encoder, loaded once per process (17 MB of weights, about 0.2 s)."""
    state = _read_checkpoint(weights_path())
    layers = tuple(
        _Layer(
            w_ih=np.ascontiguousarray(state[f"lstm.weight_ih_l{n}"].T),
            w_hh=np.ascontiguousarray(state[f"lstm.weight_hh_l{n}"].T),
            bias=state[f"lstm.bias_ih_l{n}"] + state[f"lstm.bias_hh_l{n}"],
        )
        for n in range(3)
    )
    return Encoder(layers, np.ascontiguousarray(state["linear.weight"].T), state["linear.bias"], _mel_basis())


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
        window, step = int(WINDOW_SECONDS * FRAMES_PER_SECOND), int(STEP_SECONDS * FRAMES_PER_SECOND)
        full: list[F32] = []
        full_times: list[float] = []
        full_seconds: list[float] = []
        for a, b in regions:
            if b - a < MIN_REGION_SECONDS * SR:
                continue
            check()
            mel = enc.mel(_louder(chunk[a:b]))
            t0 = (start_sample + a) / SR
            if mel.shape[0] <= window:
                self._keep(enc.embed(mel[None]), np.array([t0 + (b - a) / SR / 2]), np.array([(b - a) / SR]))
                continue
            starts = list(range(0, mel.shape[0] - window + 1, step))
            if starts[-1] + window < mel.shape[0]:
                starts.append(mel.shape[0] - window)
            full.extend(mel[s : s + window] for s in starts)
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


def _louder(pcm: audio_mod.Pcm) -> F32:
    """Raised (never lowered) to TARGET_DBFS, as Resemblyzer prepares speech."""
    rms = float(np.sqrt(np.mean(np.square(pcm, dtype=np.float64))))
    if rms <= 0:
        return pcm.astype(np.float32)
    gain = 10 ** ((TARGET_DBFS - 20 * np.log10(rms)) / 20)
    louder: F32 = (pcm * max(gain, 1.0)).astype(np.float32)
    return louder


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

"""Audio probing and streaming decode (PyAV, i.e. FFmpeg's libraries).

Every input is decoded to 16 kHz mono float32, the format Whisper expects.
Decoding is streamed in blocks so that long recordings are never held as one
array (see ``iter_pcm``), and can stop at a cap (``PcmStream``): a container's
duration is only a claim, so the decoded samples are what a caller limits.
"""

from __future__ import annotations

import contextlib
import gc
import itertools
import os
from collections.abc import Generator, Iterable, Iterator
from typing import TYPE_CHECKING, Literal

import av
import av.container
import numpy as np
import numpy.typing as npt

from .errors import EngineError

if TYPE_CHECKING:
    from .protocol import ProbeResult, ProbeSource

SAMPLE_RATE = 16000
# The most channels PyAV reads apart from a frame (FFmpeg's AV_NUM_DATA_POINTERS; past it, PyAV
# crashes the process). Files with more are only ever read mixed.
MAX_PLANES = 8
Pcm = npt.NDArray[np.float32]
# What a decode keeps of the channels: them mixed, all apart, or one (1: the first).
Keep = int | Literal["mix", "all"]


def _check_file(path: str) -> str:
    if not os.path.exists(path):
        raise EngineError("file_not_found", f"no such file: {path}")
    if os.path.isdir(path):
        raise EngineError("unsupported_audio", f"is a directory, not an audio file: {path}")
    return path


def _open(path: str) -> tuple[av.container.InputContainer, av.AudioStream]:
    try:
        container = av.open(path, mode="r", metadata_errors="ignore")
    except (av.error.FFmpegError, UnicodeDecodeError, ValueError) as exc:
        raise EngineError("unsupported_audio", f"not a decodable audio or video file: {path} ({exc})") from exc
    audio_streams = container.streams.audio
    if not audio_streams:
        container.close()
        raise EngineError("unsupported_audio", f"file has no audio track: {path}")
    return container, audio_streams[0]


def _metadata_duration(container: av.container.InputContainer, stream: av.AudioStream) -> float | None:
    if stream.duration is not None and stream.time_base is not None:
        d = float(stream.duration * stream.time_base)
        if d > 0:
            return d
    if container.duration is not None and container.duration > 0:
        return container.duration / av.time_base
    return None


def max_samples(max_seconds: float | None) -> int | None:
    """A ``max_seconds`` param (None = no cap) as a sample count."""
    return None if max_seconds is None else max(1, round(max_seconds * SAMPLE_RATE))


def probe(path: str, exact: bool = False, max_seconds: float | None = None) -> ProbeResult:
    """Return duration (seconds), where it came from, and basic stream facts.

    By default the duration comes from the container metadata when present
    (instant, accurate to a frame for the common formats). A file without one
    is measured by its packets (``_packet_span``): demuxing without
    decoding, so the work grows with the file's size, not with the hours of
    audio it claims (a few MB of FLAC can hold hours of silence that take
    minutes to decode). Only ``exact=True`` or packets that carry no advancing
    timestamps decode the audio track and count samples. Either count stops at
    ``max_seconds`` when given: a file without a duration can be endless, and
    whoever refuses it beyond a limit needs to know no more than that it is
    longer. ``truncated`` says the count stopped there.

    Any of these is an estimate a file can lie in: transcription counts the
    decoded samples again and stops at its own cap.
    """
    container, stream = _open(_check_file(path))
    try:
        facts = (
            container.format.name,
            stream.codec_context.name,
            stream.codec_context.sample_rate,
            stream.codec_context.channels,
            any(s.type == "video" for s in container.streams),
        )
        duration = None if exact else _metadata_duration(container, stream)
        source: ProbeSource = "header"
        truncated = False
        if duration is None and not exact:
            counted = _packet_span(container, stream, max_seconds)
            if counted is not None:
                source = "packets"
                duration, truncated = counted
    finally:
        container.close()
    container_format, codec, sample_rate, channels, has_video = facts
    if duration is None:
        source = "decoded"
        pcm = PcmStream(path, max_samples(max_seconds))
        for _ in pcm:
            pass
        if pcm.samples == 0:
            raise EngineError("unsupported_audio", f"audio track decodes to nothing: {path}")
        duration = pcm.samples / SAMPLE_RATE
        truncated = pcm.truncated
    return {
        "format": container_format,
        "codec": codec,
        "sample_rate": sample_rate,
        "channels": channels,
        "has_video": has_video,
        "source": source,
        "truncated": truncated,
        "duration": round(duration, 3),
    }


# A packet holds at most this much audio (FLAC's largest block at 8 kHz is 8.2 s): a longer step
# between two packets' timestamps is a jump (a recording that reconnected, a remux), not audio.
MAX_PACKET_SECONDS = 10.0


def _packet_span(
    container: av.container.InputContainer, stream: av.AudioStream, max_seconds: float | None
) -> tuple[float, bool] | None:
    """Seconds of audio the packets' timestamps account for, and whether the count stopped at
    ``max_seconds`` (then that is the duration); None when they account for none (raw FLAC
    without frame numbers, say), so only decoding can tell.

    Each packet counts its duration or, when it states none (raw FLAC's), the step to the next
    packet's timestamp; a step back, or longer than MAX_PACKET_SECONDS, counts nothing, so a jump
    in the timestamps is not taken for hours of audio. Demuxing stops at damaged data: what was
    counted so far is the estimate.
    """
    if stream.time_base is None:
        return None
    base = stream.time_base
    longest = MAX_PACKET_SECONDS / base
    total, last_pts, last_duration, last_step = 0, None, 0, 0
    try:
        for packet in container.demux(stream):
            if packet.pts is None or packet.size == 0:
                continue
            if last_pts is not None:
                step = packet.pts - last_pts
                if 0 < step <= longest:
                    last_step = step
                total += last_duration or (step if 0 < step <= longest else 0)
                if max_seconds is not None and total * base > max_seconds:
                    return max_seconds, True
            last_pts, last_duration = packet.pts, packet.duration or 0
    except av.error.FFmpegError:
        pass
    total += last_duration or last_step
    if total <= 0:
        return None
    seconds = float(total * base)
    return (max_seconds, True) if max_seconds is not None and seconds > max_seconds else (seconds, False)


def estimate_duration(path: str) -> float | None:
    """The container's duration claim (None when it makes none); raises for a path that is not audio."""
    container, stream = _open(_check_file(path))
    try:
        return _metadata_duration(container, stream)
    finally:
        container.close()


def iter_pcm(path: str, block_samples: int = SAMPLE_RATE * 30, channel: int | None = None) -> Generator[Pcm]:
    """Yield the audio as 16 kHz mono float32 blocks of about ``block_samples``: its channels mixed,
    or only ``channel`` (1: the first).

    Memory use is bounded by the block size, whatever the file length. Invalid
    frames (damaged packets) are skipped, as faster-whisper's decode_audio does.
    """
    with contextlib.closing(_iter_planar(path, block_samples, "mix" if channel is None else channel)) as blocks:
        for block in blocks:
            yield block[0]


def iter_channels(path: str, block_samples: int = SAMPLE_RATE * 30) -> Generator[Pcm]:
    """Yield the audio as 16 kHz float32 blocks of shape (channels, about ``block_samples``), each
    channel kept apart, as ``iter_pcm`` decodes them; past ``MAX_PLANES`` channels, mixed to one."""
    yield from _iter_planar(path, block_samples, "all")


def channel_layout(path: str) -> str:
    """The layout of the rows ``iter_channels`` yields: the file's own, or mono past ``MAX_PLANES``."""
    container, stream = _open(_check_file(path))
    try:
        context = stream.codec_context
        return "mono" if context.channels > MAX_PLANES else context.layout.name
    finally:
        container.close()


def _resampler_for(
    stream: av.AudioStream, keep: Keep, path: str
) -> tuple[av.audio.resampler.AudioResampler, slice]:
    """The resampler ``_iter_planar`` reads ``stream`` with, and the rows of its output it keeps."""
    channels = stream.codec_context.channels
    if isinstance(keep, int) and keep > channels:
        raise EngineError("unsupported_audio", f"the audio has {channels} channel(s), not a channel {keep}: {path}")
    if isinstance(keep, int) and channels > MAX_PLANES:
        raise EngineError("unsupported_audio", f"{channels} channels; {MAX_PLANES} at most are read apart: {path}")
    if keep == "mix" or channels > MAX_PLANES:
        return av.audio.resampler.AudioResampler(format="s16", layout="mono", rate=SAMPLE_RATE), slice(None)
    # Channels apart: resampled planar in the file's own layout, one row per channel.
    layout = stream.codec_context.layout
    resampler = av.audio.resampler.AudioResampler(format="s16p", layout=layout, rate=SAMPLE_RATE)
    return resampler, slice(keep - 1, keep) if isinstance(keep, int) else slice(None)


def _iter_planar(path: str, block_samples: int, keep: Keep) -> Generator[Pcm]:
    """Blocks of shape (rows, samples): one row of the channels mixed (``keep="mix"``), one of
    channel ``keep`` (1: the first), or a row per channel (``keep="all"``)."""
    container, stream = _open(_check_file(path))
    try:
        resampler, rows = _resampler_for(stream, keep, path)
    except EngineError:
        container.close()
        raise
    pending: list[npt.NDArray[np.generic]] = []  # s16 samples, as the resampler is told
    pending_n = 0
    decoded_any = False
    try:
        frames = container.decode(stream)
        for frame in itertools.chain(_skip_invalid(frames), [None]):
            if frame is not None:
                frame.pts = None
            for out in resampler.resample(frame):
                arr = out.to_ndarray()[rows]
                if arr.shape[1] == 0:
                    continue
                decoded_any = True
                pending.append(arr)
                pending_n += arr.shape[1]
                if pending_n >= block_samples:
                    yield np.concatenate(pending, axis=1).astype(np.float32) / 32768.0
                    pending, pending_n = [], 0
        if pending:
            yield np.concatenate(pending, axis=1).astype(np.float32) / 32768.0
    except av.error.FFmpegError as exc:
        if not decoded_any:
            raise EngineError("unsupported_audio", f"cannot decode audio: {path} ({exc})") from exc
        raise EngineError("decode_failed", f"decoding failed part-way: {path} ({exc})") from exc
    finally:
        container.close()
        del resampler
        gc.collect()  # PyAV resampler objects are freed only by the GC (faster-whisper #390)


class PcmStream:
    """``iter_pcm`` that stops once it has ``max_samples`` (None = no cap).

    Afterwards ``samples`` is the count yielded and ``truncated`` whether the
    file had audio beyond the cap; decoding goes at most one block past it.
    """

    def __init__(
        self,
        path: str,
        max_samples: int | None = None,
        block_samples: int = SAMPLE_RATE * 30,
        channel: int | None = None,
    ):
        self._path = path
        self._max = max_samples
        self._block = block_samples
        self._channel = channel
        self.samples = 0
        self.truncated = False

    def __iter__(self) -> Iterator[Pcm]:
        with contextlib.closing(iter_pcm(self._path, self._block, self._channel)) as blocks:
            for block in blocks:
                if self._max is not None and self.samples + block.shape[0] > self._max:
                    self.truncated = True
                    block = block[: self._max - self.samples]
                if block.shape[0]:
                    self.samples += block.shape[0]
                    yield block
                if self.truncated:
                    return


BLEEP_HZ = 1000
BLEEP_LEVEL = 0.1  # -20 dBFS


def bleep(path: str, out: str, spans: Iterable[tuple[float, float]]) -> float:
    """Write ``path``'s audio to ``out`` (16 kHz FLAC, its channels kept as ``iter_channels`` reads them)
    with a tone over each span (seconds), on every channel: a caller's words can be heard on the
    other side's line too.

    Streamed block by block, so memory stays bounded whatever the file's length; a span past the
    end is cut there. Returns the seconds written.
    """
    wanted = sorted((max(0, round(start * SAMPLE_RATE)), round(end * SAMPLE_RATE)) for start, end in spans)
    layout = channel_layout(path)
    container = av.open(out, "w", format="flac")
    try:
        stream = container.add_stream("flac", rate=SAMPLE_RATE, layout=layout)
        written = 0
        for block in iter_channels(path):
            block = block.copy()
            for start, end in wanted:
                lo, hi = max(start, written), min(end, written + block.shape[1])
                if lo < hi:
                    t = np.arange(lo, hi, dtype=np.float32) / SAMPLE_RATE
                    block[:, lo - written : hi - written] = BLEEP_LEVEL * np.sin(2 * np.pi * BLEEP_HZ * t)
            # Interleaved (PyAV cannot take 8 planar channels from an array).
            pcm = (np.clip(block, -1, 1) * 32767).astype(np.int16).T.reshape(1, -1)
            frame = av.AudioFrame.from_ndarray(pcm, format="s16", layout=layout)
            frame.sample_rate = SAMPLE_RATE
            for packet in stream.encode(frame):
                container.mux(packet)
            written += block.shape[1]
        for packet in stream.encode(None):
            container.mux(packet)
    finally:
        container.close()
    return written / SAMPLE_RATE


def _skip_invalid(frames: Iterable[av.AudioFrame]) -> Iterator[av.AudioFrame]:
    it = iter(frames)
    while True:
        try:
            yield next(it)
        except StopIteration:
            return
        except av.error.InvalidDataError:
            continue


def find_cut(audio: Pcm, lo: int, hi: int, frame: int = SAMPLE_RATE // 10) -> int:
    """Sample index in [lo, hi) at the centre of the quietest 100 ms frame.

    Used to split long recordings into windows at a pause rather than mid-word.
    """
    lo = max(0, lo)
    hi = min(audio.shape[0], hi)
    n = (hi - lo) // frame
    if n <= 1:
        return hi
    seg = audio[lo : lo + n * frame].reshape(n, frame)
    energy = np.einsum("ij,ij->i", seg, seg)
    i = int(np.argmin(energy))
    return lo + i * frame + frame // 2


def windows(blocks: Iterable[Pcm], size: int, search: int) -> Iterator[tuple[Pcm, int]]:
    """Join decoded blocks into windows of about ``size`` samples, each cut at the quietest 100 ms
    of its last ``search`` samples (a pause rather than mid-word), and yield each with the index
    of its first sample in the stream. The last window is whatever remains.

    Holds one window, ``search`` samples and a block at most, whatever the stream's length.
    """
    pending: list[Pcm] = []
    pending_n = 0
    offset = 0
    for block in blocks:
        pending.append(block)
        pending_n += block.shape[0]
        if pending_n >= size + search:
            data = np.concatenate(pending)
            cut = find_cut(data, size - search, size)
            yield data[:cut], offset
            offset += cut
            rest = data[cut:]
            pending, pending_n = [rest], rest.shape[0]
            del data
    if pending_n > 0:
        data = np.concatenate(pending)
        pending = []
        yield data, offset

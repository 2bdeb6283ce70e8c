"""Live streams on the engine protocol: stream_open, stream_audio, stream_end.

Each open stream is served on a thread of its own (``PARLANCE_MAX_STREAMS`` of them, default 4: a
ceiling; the API admits streams by the capacity ``npm run bench:realtime -- --save`` measures, 1 to
2 of tiny.en on 2 cores, see the transcription README). One more is refused at once with
``too_many_streams``: a stream the engine cannot keep up with is not slowed for everyone. Audio
waits in the stream's queue until its thread takes it, a second at a time; a stream that falls
behind gets no partials until it has caught up, so it is decoded less often rather than ever
later; ``stream_audio`` answers how much is waiting (``queued_seconds``).

Audio comes at the stream's ``sample_rate`` and is resampled to 16 kHz on the stream's thread
(libswresample, through PyAV), never on the thread reading requests. As the thread takes a second
at a time, ``stream_cancel`` stops a stream within about one step of decoding however far behind
it is: the stream's thread is free again and no other stream or
transcription is touched (the supervisor cancels a stream that cannot finish in time instead of
restarting the engine all streams share).

  -> {"id": "s", "method": "stream_open", "params": {"model": "tiny.en"}}
  -> {"id": "a1", "method": "stream_audio", "params": {"stream": "s", "pcm": "<base64 s16le>"}}
  <- {"id": "a1", "result": {"queued_seconds": 0.1}}
  <- {"id": "s", "event": {"type": "partial", "text": "And so", "stable": "And", ...}}
  -> {"id": "e", "method": "stream_end", "params": {"stream": "s"}}
  <- {"id": "e", "result": {"ended": true}}
  <- {"id": "s", "event": {"type": "final", "text": "And so, my fellow Americans.", ...}}
  <- {"id": "s", "result": {"seconds": 3.2, "model": "tiny.en"}}
  -> {"id": "c", "method": "stream_cancel", "params": {"stream": "t"}}
  <- {"id": "c", "result": {"cancelled": true}}
  <- {"id": "t", "error": {"code": "cancelled", "message": "..."}}
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import sys
import threading
import traceback
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import av
import numpy as np

from .audio import SAMPLE_RATE as SR
from .audio import Pcm
from .engine import Engine
from .errors import EngineError, ErrorCode
from .protocol import (
    CancelResult,
    Request,
    StreamAudioParams,
    StreamAudioResult,
    StreamCancelParams,
    StreamConfigParams,
    StreamConfigResult,
    StreamEndParams,
    StreamOpenParams,
    StreamResult,
)
from .streaming import StreamingTranscriber

Send = Callable[[dict[str, object]], None]
StreamParams = StreamOpenParams | StreamAudioParams | StreamEndParams | StreamCancelParams | StreamConfigParams
STREAM_PARAMS = (StreamOpenParams, StreamAudioParams, StreamEndParams, StreamCancelParams, StreamConfigParams)
BYTES_PER_SAMPLE = 2


def max_streams() -> int:
    try:
        return max(1, int(os.environ.get("PARLANCE_MAX_STREAMS", "4")))
    except ValueError:
        return 4


def _key(rid: object) -> str:
    return json.dumps(rid, sort_keys=True)


class _Stream:
    """One stream from stream_open to its result. ``lock`` guards the queue and the flags; the
    transcriber is only touched by the thread serving the stream (one at a time: ``scheduled``)."""

    def __init__(self, request: Request, params: StreamOpenParams):
        self.request = request
        self.params = params
        self.lock = threading.Lock()
        self.pending = bytearray()  # audio not yet taken by the stream's thread
        self.ended = False
        self.cancelled = threading.Event()  # set under ``lock``
        self.answered = False  # its result or error was sent (under ``lock``)
        self.config: StreamConfigParams | None = None  # a stream_config not yet taken
        self.scheduled = False
        self.transcriber: StreamingTranscriber | None = None
        self.resampler = Resampler(params.sample_rate) if params.sample_rate != SR else None

    def to_16k(self, data: bytes, last: bool) -> Pcm:
        """The stream's samples as float 16 kHz; ``last``: also what the resampler holds back."""
        pcm = np.frombuffer(data, dtype="<i2")
        if self.resampler is not None:
            pcm = self.resampler.push(pcm, last)
        return pcm.astype(np.float32) / 32768.0


class Resampler:
    """Mono s16 samples at ``rate`` to 16 kHz, chunk by chunk (libswresample keeps the filter's
    state between chunks, and its look-ahead until the end)."""

    def __init__(self, rate: int):
        self.rate = rate
        self._swr = av.AudioResampler(format="s16", layout="mono", rate=SR)

    def push(self, pcm: np.ndarray, last: bool) -> np.ndarray:
        frames = []
        if pcm.size:
            frame = av.AudioFrame.from_ndarray(np.ascontiguousarray(pcm.reshape(1, -1)), format="s16", layout="mono")
            frame.sample_rate = self.rate
            frames += self._swr.resample(frame)
        if last:
            frames += self._swr.resample(None)
        out = [f.to_ndarray().reshape(-1) for f in frames]
        return np.concatenate(out) if out else np.zeros(0, dtype="<i2")


class LiveStreams:
    def __init__(self, engine: Engine, send: Send):
        self.engine = engine
        self.send = send
        self.capacity = max_streams()
        self._pool = ThreadPoolExecutor(self.capacity, thread_name_prefix="stream")
        self._streams: dict[str, _Stream] = {}
        self._lock = threading.Lock()

    def shutdown(self) -> None:
        self._pool.shutdown(wait=True)

    def handle(self, request: Request, params: StreamParams) -> None:
        match params:
            case StreamOpenParams():
                self.open(request, params)
            case StreamAudioParams():
                self.audio(request, params)
            case StreamEndParams():
                self.end(request, params)
            case StreamCancelParams():
                self.cancel(request, params)
            case StreamConfigParams():
                self.configure(request, params)

    def open(self, request: Request, params: StreamOpenParams) -> None:
        stream = _Stream(request, params)
        with self._lock:
            if _key(request.id) in self._streams:
                error = EngineError("invalid_request", f"a stream with id {request.id!r} is still open")
            elif len(self._streams) >= self.capacity:
                error = EngineError("too_many_streams", f"this engine serves {self.capacity} live streams at most")
            else:
                self._streams[_key(request.id)] = stream
                with stream.lock:
                    self._schedule(stream)
                return
        self.send({"id": request.id, "error": error.to_json()})

    def audio(self, request: Request, params: StreamAudioParams) -> None:
        try:
            data = base64.b64decode(params.pcm, validate=True)
        except (binascii.Error, ValueError):
            data = b"\x00"  # odd length: refused below with the same message
        if len(data) % BYTES_PER_SAMPLE:
            self._refuse(request, "invalid_params", "params.pcm must be base64 of 16-bit samples")
            return
        stream = self._find(params.stream)
        if stream is None:
            self._refuse(request, "stream_not_found", f"no open stream {params.stream!r}")
            return
        with stream.lock:
            if stream.ended:
                queued = None
            else:
                stream.pending += data
                queued = len(stream.pending) / BYTES_PER_SAMPLE / stream.params.sample_rate
                self._schedule(stream)
        if queued is None:
            self._refuse(request, "stream_not_found", f"stream {params.stream!r} has ended")
            return
        result: StreamAudioResult = {"queued_seconds": round(queued, 3)}
        self.send({"id": request.id, "result": result})

    def end(self, request: Request, params: StreamEndParams) -> None:
        stream = self._find(params.stream)
        if stream is not None:
            with stream.lock:
                already = stream.ended
                stream.ended = True
                self._schedule(stream)
        if stream is None or already:
            self._refuse(request, "stream_not_found", f"no open stream {params.stream!r}")
            return
        self.send({"id": request.id, "result": {"ended": True}})

    def configure(self, request: Request, params: StreamConfigParams) -> None:
        stream = self._find(params.stream)
        if stream is None:
            self._refuse(request, "stream_not_found", f"no open stream {params.stream!r}")
            return
        with stream.lock:  # taken by the stream's thread before its next decode; merged till then
            pending = stream.config
            if pending is not None:
                params = StreamConfigParams(
                    stream=params.stream,
                    keyterms=params.keyterms if params.keyterms is not None else pending.keyterms,
                    end_of_turn_silence_ms=params.end_of_turn_silence_ms or pending.end_of_turn_silence_ms,
                )
            stream.config = params
            self._schedule(stream)
        result: StreamConfigResult = {"configured": True}
        self.send({"id": request.id, "result": result})

    def cancel(self, request: Request, params: StreamCancelParams) -> None:
        stream = self._find(params.stream)
        cancelled = False  # an ended stream whose result was sent is not cancelled
        if stream is not None:
            self._forget(stream)
            with stream.lock:  # the stream's thread sends nothing more once it sees the flag
                cancelled = not stream.answered
                if cancelled:
                    error = EngineError("cancelled", "stream cancelled")
                    self.send({"id": stream.request.id, "error": error.to_json()})
                    stream.answered = True
                stream.cancelled.set()
                stream.ended = True
                stream.pending.clear()
        result: CancelResult = {"cancelled": cancelled}
        self.send({"id": request.id, "result": result})

    # ------------------------------------------------------------------ serving
    def _schedule(self, stream: _Stream) -> None:
        """Gives the stream a turn on its thread unless it has one coming. Holds ``stream.lock``."""
        if not stream.scheduled:
            stream.scheduled = True
            self._pool.submit(self._serve, stream)

    def _serve(self, stream: _Stream) -> None:
        try:
            self._serve_queue(stream)
        except EngineError as e:
            self._close(stream, {"error": e.to_json()})
        except Exception as exc:  # never let one stream kill the engine
            traceback.print_exc(file=sys.stderr)
            self._close(stream, {"error": {"code": "internal_error", "message": f"{type(exc).__name__}: {exc}"}})

    def _serve_queue(self, stream: _Stream) -> None:
        if stream.cancelled.is_set():
            return
        live = stream.transcriber = stream.transcriber or self._transcriber(stream.params)
        while True:
            taken = self._take(stream, live)
            if taken is None:
                return
            data, latest, last = taken
            # Behind, a stream is decoded for its partial only once it has caught up.
            events = live.feed(stream.to_16k(data, last), latest=latest)
            if last:
                events += live.finish()
            with stream.lock:  # events before a cancel's error, none after it
                if stream.cancelled.is_set():
                    return
                for event in events:
                    self.send({"id": stream.request.id, "event": event})
            if last:
                result: StreamResult = {"seconds": round(live.seconds_received, 3), "model": stream.params.model}
                self._close(stream, {"result": result})
                return

    def _transcriber(self, params: StreamOpenParams) -> StreamingTranscriber:
        return StreamingTranscriber(
            self.engine.model_for(params.model, params.language, params.detection),
            language=params.language,
            detection=params.detection,
            keyterms=params.keyterms or (),
            end_of_turn_silence=_seconds(params.end_of_turn_silence_ms),
        )

    @staticmethod
    def _take(stream: _Stream, live: StreamingTranscriber) -> tuple[bytes, bool, bool] | None:
        """The stream's next second of audio, whether nothing more waits, and whether it is the last
        of the stream; None (the thread's turn ends) when there is nothing to do. A second at a
        time, so a cancel is heard between steps however much waits, and what waits is in
        ``pending`` (``queued_seconds`` says how far behind the stream is). A stream_config is
        taken here, before the next decode."""
        with stream.lock:
            if stream.cancelled.is_set():
                return None
            if stream.config is not None:
                live.configure(stream.config.keyterms, _seconds(stream.config.end_of_turn_silence_ms))
                stream.config = None
            step = stream.params.sample_rate * BYTES_PER_SAMPLE
            data = bytes(stream.pending[:step])
            del stream.pending[:step]
            latest = not stream.pending
            last = stream.ended and latest  # no audio is taken once ended is set
            if not data and not last:
                stream.scheduled = False
                return None
            return data, latest, last

    def _forget(self, stream: _Stream) -> None:
        """The stream no longer counts against capacity, nor is found by id."""
        with self._lock:
            if self._streams.get(_key(stream.request.id)) is stream:
                del self._streams[_key(stream.request.id)]

    def _close(self, stream: _Stream, answer: dict[str, object]) -> None:
        self._forget(stream)
        with stream.lock:  # one answer: this, or cancel()'s error
            stream.ended = True
            if stream.answered:
                return
            stream.answered = True
            self.send({"id": stream.request.id, **answer})

    def _find(self, rid: object) -> _Stream | None:
        with self._lock:
            return self._streams.get(_key(rid))

    def _refuse(self, request: Request, code: ErrorCode, message: str) -> None:
        self.send({"id": request.id, "error": EngineError(code, message).to_json()})


def _seconds(ms: int | None) -> float | None:
    return None if ms is None else ms / 1000

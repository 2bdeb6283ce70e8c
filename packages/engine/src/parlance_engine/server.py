"""Newline-delimited JSON protocol over stdin/stdout (JSON-RPC-like).

One request per line in, one JSON object per line out. transcribe requests
run one at a time, in arrival order, on a worker thread; probe requests on a
second worker thread, bleep requests on a third; ping/models/info/cancel are answered at once, even while
a long transcription runs (the TypeScript supervisor health-checks with ping).
So responses can come back out of request order: match them by id. A
transcribe request emits zero or more progress notifications carrying its id
before its single response. cancel ends a queued transcription at once and a
running one at its next check (between decoded blocks and between segments).
On end of input, queued work finishes, then the process exits 0. Anything the
libraries print goes to stderr: stdout carries protocol lines only. A request
is parsed (protocol.py) as it arrives, so one with bad params is answered at
once, without waiting for the transcriptions ahead of it. Live streams
(stream_open, stream_audio, stream_end, stream_cancel, stream_config) are served by
live.py.

  -> {"id": "1", "method": "ping"}
  <- {"id": "1", "result": "pong"}
  -> {"id": "2", "method": "transcribe", "params": {"path": "/abs/a.wav", ...}}
  <- {"id": "2", "progress": {"percent": 0, "stage": "decoding"}}
  <- {"id": "2", "progress": {"percent": 41.5, "stage": "transcribing"}}
  <- {"id": "2", "result": {"text": ..., "segments": [...], ...}}
  <- {"id": "3", "error": {"code": "unsupported_audio", "message": ...}}
  -> {"id": "4", "method": "cancel", "params": {"request": "2"}}
  <- {"id": "4", "result": {"cancelled": true}}
  <- {"id": "2", "error": {"code": "cancelled", "message": ...}}
"""

from __future__ import annotations

import json
import logging
import os
import sys
import threading
import traceback
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import IO

from . import __version__
from . import audio as audio_mod
from . import models as models_mod
from .cpu import cpu_threads
from .engine import Engine
from .errors import EngineError, cancelled_error
from .live import STREAM_PARAMS, LiveStreams
from .protocol import (
    BleepParams,
    BleepResult,
    CancelParams,
    CancelResult,
    Checkpoint,
    InfoParams,
    InfoResult,
    ModelsParams,
    ModelsResult,
    PingParams,
    ProbeParams,
    ProbeResult,
    Request,
    StreamAudioParams,
    StreamCancelParams,
    StreamConfigParams,
    StreamEndParams,
    StreamOpenParams,
    TranscribeParams,
    TranscribeResult,
    parse_line,
    parse_request,
)

Result = str | ModelsResult | InfoResult | ProbeResult | BleepResult | TranscribeResult | CancelResult
Answer = dict[str, object]  # {"result": ...} or {"error": ...}


def _key(rid: object) -> str:
    return json.dumps(rid, sort_keys=True)


class _Transcription:
    """A transcribe request from arrival to its single answer.

    ``lock`` orders the worker's answer against a cancel: once cancel() has
    said true, the answer is the cancelled error, whatever the work produced.
    """

    def __init__(self, request: Request):
        self.request = request
        self.lock = threading.Lock()
        self.cancel_requested = threading.Event()
        self.started = False
        self.answered = False


class Server:
    def __init__(self, out: IO[str], engine: Engine | None = None):
        self.out = out
        self.engine = engine or Engine()
        self._out_lock = threading.Lock()
        self._transcribe_pool = ThreadPoolExecutor(1, thread_name_prefix="transcribe")
        self._probe_pool = ThreadPoolExecutor(1, thread_name_prefix="probe")
        self._bleep_pool = ThreadPoolExecutor(1, thread_name_prefix="bleep")
        self._transcriptions: dict[str, _Transcription] = {}
        self._transcriptions_lock = threading.Lock()
        self.streams = LiveStreams(self.engine, self.send)

    def send(self, obj: dict[str, object]) -> None:
        line = json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n"
        with self._out_lock:
            self.out.write(line)
            self.out.flush()

    def shutdown(self) -> None:
        """Standard input has closed: whoever asked has gone (a worker killed), so what is running
        is cancelled and what waits never starts, rather than finished for nobody."""
        with self._transcriptions_lock:
            running = list(self._transcriptions.values())
        for job in running:
            job.cancel_requested.set()
        self._transcribe_pool.shutdown(wait=True, cancel_futures=True)
        self._probe_pool.shutdown(wait=True, cancel_futures=True)
        self._bleep_pool.shutdown(wait=True, cancel_futures=True)
        self.streams.shutdown()

    def handle_line(self, line: str) -> None:
        line = line.strip()
        if not line:
            return
        rid: object = None
        try:
            message = parse_line(line)
            rid = message.get("id")
            request = parse_request(message)
        except EngineError as e:
            self.send({"id": rid, "error": e.to_json()})
            return
        if isinstance(request.params, TranscribeParams):
            job = _Transcription(request)
            with self._transcriptions_lock:
                duplicate = _key(rid) in self._transcriptions
                if not duplicate:
                    self._transcriptions[_key(rid)] = job
            if duplicate:
                # A cancel names its target by id, so two live transcriptions cannot share one.
                self.send(
                    {
                        "id": rid,
                        "error": {
                            "code": "invalid_request",
                            "message": f"a transcription with id {rid!r} is still running",
                        },
                    }
                )
                return
            self._transcribe_pool.submit(self.run_transcription, job)
        elif isinstance(request.params, ProbeParams):
            self._probe_pool.submit(self.run, request)
        elif isinstance(request.params, BleepParams):
            self._bleep_pool.submit(self.run, request)
        elif isinstance(request.params, STREAM_PARAMS):
            self.streams.handle(request, request.params)
        else:
            self.run(request)

    def answer(self, request: Request, cancelled: Callable[[], bool] | None = None) -> Answer:
        try:
            return {"result": self.dispatch(request, cancelled)}
        except EngineError as e:
            return {"error": e.to_json()}
        except Exception as exc:  # never let one request kill the engine
            traceback.print_exc(file=sys.stderr)
            return {"error": {"code": "internal_error", "message": f"{type(exc).__name__}: {exc}"}}

    def run(self, request: Request) -> None:
        self.send({"id": request.id, **self.answer(request)})

    def run_transcription(self, job: _Transcription) -> None:
        with job.lock:
            if job.answered:  # cancelled while queued: cancel() answered for it
                return
            job.started = True
        answer = self.answer(job.request, job.cancel_requested.is_set)
        with job.lock:
            job.answered = True
            if job.cancel_requested.is_set():
                answer = {"error": cancelled_error().to_json()}
            self.send({"id": job.request.id, **answer})
        self._forget(job)

    def cancel(self, target: object) -> bool:
        """True when the transcription ``target`` will end with the cancelled error."""
        with self._transcriptions_lock:
            job = self._transcriptions.get(_key(target))
        if job is None:
            return False
        with job.lock:
            if job.answered:
                return False
            job.cancel_requested.set()
            if job.started:
                return True
            job.answered = True
            self.send({"id": job.request.id, "error": cancelled_error().to_json()})
        self._forget(job)
        return True

    def _forget(self, job: _Transcription) -> None:
        with self._transcriptions_lock:
            if self._transcriptions.get(_key(job.request.id)) is job:
                del self._transcriptions[_key(job.request.id)]

    def dispatch(self, request: Request, cancelled: Callable[[], bool] | None = None) -> Result:
        match request.params:
            case PingParams():
                return "pong"
            case ModelsParams():
                return {
                    "models": models_mod.list_models(),
                    "models_dir": str(models_mod.models_dir()),
                    "device": self.engine.device,
                    "compute_type": self.engine.compute_type,
                }
            case InfoParams():
                return {
                    "version": __version__,
                    "cpu_threads": cpu_threads(),
                    "device": self.engine.device,
                    "compute_type": self.engine.compute_type,
                    "loaded_models": self.engine.loaded_models(),
                }
            case ProbeParams(path=path, exact=exact, max_seconds=max_seconds):
                return audio_mod.probe(path, exact, max_seconds)
            case BleepParams(path=path, out=out, spans=spans):
                return {"duration": audio_mod.bleep(path, out, spans)}
            case TranscribeParams() as params:
                return self._transcribe(request, params, cancelled)
            case CancelParams(request=target):
                return {"cancelled": self.cancel(target)}
            case (
                StreamOpenParams()
                | StreamAudioParams()
                | StreamEndParams()
                | StreamCancelParams()
                | StreamConfigParams()
            ):
                raise AssertionError("live streams are answered by LiveStreams, from handle_line")

    def _transcribe(
        self, request: Request, params: TranscribeParams, cancelled: Callable[[], bool] | None
    ) -> TranscribeResult:
        def progress(pct: float, stage: str, text: str | None, checkpoint: Checkpoint | None) -> None:
            if not (cancelled and cancelled()):
                told: dict[str, object] = {"percent": pct, "stage": stage}
                if text is not None:
                    told["text"] = text
                if checkpoint is not None:
                    told["checkpoint"] = checkpoint
                self.send({"id": request.id, "progress": told})

        return self.engine.transcribe(params, progress, cancelled)


def main() -> int:
    # Keep a private handle on the real stdout for protocol lines, then point
    # fd 1 at stderr so stray prints (ours, libraries', C code's) cannot
    # corrupt the protocol stream.
    proto = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    # Which of the API's engines this is (transcribe, probe, live), in each line it logs.
    role = os.environ.get("PARLANCE_ENGINE_ROLE", "engine")
    logging.basicConfig(
        level=os.environ.get("PARLANCE_LOG_LEVEL", "WARNING"),
        stream=sys.stderr,
        format=f"%(levelname)s:{role}:%(name)s:%(message)s",
    )
    server = Server(proto)
    try:
        for line in sys.stdin:
            server.handle_line(line)
    finally:
        server.shutdown()
    return 0

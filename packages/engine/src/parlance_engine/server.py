"""Newline-delimited JSON protocol over stdin/stdout (JSON-RPC-like).

One request per line in, one JSON object per line out. transcribe requests
run one at a time, in arrival order, on a worker thread; probe requests on a
second worker thread; ping/models/info are answered at once, even while a
long transcription runs (the TypeScript supervisor health-checks with ping).
So responses can come back out of request order: match them by id. A
transcribe request emits zero or more progress notifications carrying its id
before its single response. On end of input, queued work finishes, then the
process exits 0. Anything the
libraries print goes to stderr: stdout carries protocol lines only.

  -> {"id": "1", "method": "ping"}
  <- {"id": "1", "result": "pong"}
  -> {"id": "2", "method": "transcribe", "params": {"path": "/abs/a.wav", ...}}
  <- {"id": "2", "progress": {"percent": 0, "stage": "decoding"}}
  <- {"id": "2", "progress": {"percent": 41.5, "stage": "transcribing"}}
  <- {"id": "2", "result": {"text": ..., "segments": [...], ...}}
  <- {"id": "3", "error": {"code": "unsupported_audio", "message": ...}}
"""

from __future__ import annotations

import json
import logging
import os
import sys
import threading
import traceback
from concurrent.futures import ThreadPoolExecutor
from typing import IO, Optional

from . import __version__
from . import audio as audio_mod
from . import models as models_mod
from .engine import Engine, cpu_threads
from .errors import EngineError


class Server:
    def __init__(self, out: IO[str], engine: Optional[Engine] = None):
        self.out = out
        self.engine = engine or Engine()
        self._out_lock = threading.Lock()
        self._transcribe_pool = ThreadPoolExecutor(1, thread_name_prefix="transcribe")
        self._probe_pool = ThreadPoolExecutor(1, thread_name_prefix="probe")

    def send(self, obj: dict) -> None:
        line = json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n"
        with self._out_lock:
            self.out.write(line)
            self.out.flush()

    def shutdown(self) -> None:
        self._transcribe_pool.shutdown(wait=True)
        self._probe_pool.shutdown(wait=True)

    def handle_line(self, line: str) -> None:
        line = line.strip()
        if not line:
            return
        try:
            req = json.loads(line)
        except ValueError as exc:
            self.send({"id": None, "error": {"code": "parse_error", "message": f"invalid JSON: {exc}"}})
            return
        if not isinstance(req, dict):
            self.send({"id": None, "error": {"code": "parse_error", "message": "request must be a JSON object"}})
            return
        rid = req.get("id")
        method = req.get("method")
        if method == "transcribe":
            self._transcribe_pool.submit(self.run, rid, req)
        elif method == "probe":
            self._probe_pool.submit(self.run, rid, req)
        else:
            self.run(rid, req)

    def run(self, rid, req: dict) -> None:
        try:
            result = self.dispatch(rid, req)
            self.send({"id": rid, "result": result})
        except EngineError as e:
            self.send({"id": rid, "error": e.to_json()})
        except Exception as exc:  # never let one request kill the engine
            traceback.print_exc(file=sys.stderr)
            self.send({"id": rid, "error": {"code": "internal_error", "message": f"{type(exc).__name__}: {exc}"}})

    def dispatch(self, rid, req: dict):
        method = req.get("method")
        params = req.get("params") or {}
        if not isinstance(method, str):
            raise EngineError("invalid_request", "missing \"method\"")
        if not isinstance(params, dict):
            raise EngineError("invalid_params", "\"params\" must be an object")
        if method == "ping":
            return "pong"
        if method == "models":
            return {"models": models_mod.list_models(), "models_dir": str(models_mod.models_dir())}
        if method == "probe":
            return audio_mod.probe(params.get("path"), exact=bool(params.get("exact", False)))
        if method == "transcribe":
            def progress(pct: float, stage: str) -> None:
                self.send({"id": rid, "progress": {"percent": pct, "stage": stage}})

            return self.engine.transcribe(params, progress)
        if method == "info":
            return {
                "version": __version__,
                "cpu_threads": cpu_threads(),
                "compute_type": self.engine.compute_type,
                "loaded_models": self.engine.loaded_models(),
            }
        raise EngineError("method_not_found", f"unknown method {method!r}")


def main() -> int:
    # Keep a private handle on the real stdout for protocol lines, then point
    # fd 1 at stderr so stray prints (ours, libraries', C code's) cannot
    # corrupt the protocol stream.
    proto = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    logging.basicConfig(level=os.environ.get("PARLANCE_LOG_LEVEL", "WARNING"), stream=sys.stderr)
    server = Server(proto)
    try:
        for line in sys.stdin:
            server.handle_line(line)
    finally:
        server.shutdown()
    return 0

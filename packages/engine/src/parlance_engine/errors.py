"""Error type carried back to the caller as ``{"error": {"code", "message"}}``.

Codes (stable, for the TypeScript side; protocol.schema.json's ErrorCode lists the same):
  parse_error        the request line is not a JSON object
  invalid_request    no/invalid "method"
  method_not_found   unknown method
  invalid_params     missing or wrong-typed params
  file_not_found     params.path does not exist
  unsupported_audio  not a media file, or a media file without an audio track
  decode_failed      the audio track broke off part-way through decoding
  model_not_found    no installed model of that name
  model_load_failed  a model folder exists but CTranslate2 cannot load it
  unsupported_language  a language other than "en", or translation, asked of an English-only model
  cancelled          a "cancel" request stopped this transcription
  too_many_streams   the engine serves as many live streams as it can (PARLANCE_MAX_STREAMS)
  stream_not_found   stream_audio or stream_end for a stream that is not open (or has ended)
  internal_error     anything else (bug); message has the exception text
and, from the models command line only, download_failed.
"""

from __future__ import annotations

from typing import Literal, TypedDict

ErrorCode = Literal[
    "parse_error",
    "invalid_request",
    "method_not_found",
    "invalid_params",
    "file_not_found",
    "unsupported_audio",
    "decode_failed",
    "model_not_found",
    "model_load_failed",
    "unsupported_language",
    "cancelled",
    "too_many_streams",
    "stream_not_found",
    "internal_error",
    "download_failed",
]


class ErrorBody(TypedDict):
    code: ErrorCode
    message: str


class EngineError(Exception):
    def __init__(self, code: ErrorCode, message: str):
        super().__init__(message)
        self.code: ErrorCode = code
        self.message = message

    def to_json(self) -> ErrorBody:
        return {"code": self.code, "message": self.message}


def cancelled_error() -> EngineError:
    return EngineError("cancelled", "transcription cancelled")

"""Error type carried back to the caller as ``{"error": {"code", "message"}}``.

Codes (stable, for the TypeScript side):
  parse_error        the request line is not a JSON object
  invalid_request    no/invalid "method"
  method_not_found   unknown method
  invalid_params     missing or wrong-typed params
  file_not_found     params.path does not exist
  unsupported_audio  not a media file, or a media file without an audio track
  decode_failed      the audio track broke off part-way through decoding
  model_not_found    no installed model of that name
  model_load_failed  a model folder exists but CTranslate2 cannot load it
  unsupported_language  a language other than "en" asked of an English-only model
  cancelled          a "cancel" request stopped this transcription
  internal_error     anything else (bug); message has the exception text
"""


class EngineError(Exception):
    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def to_json(self) -> dict:
        return {"code": self.code, "message": self.message}


def cancelled_error() -> EngineError:
    return EngineError("cancelled", "transcription cancelled")

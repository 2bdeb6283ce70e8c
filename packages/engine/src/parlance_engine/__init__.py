"""Parlance speech-recognition engine (faster-whisper / CTranslate2, CPU)."""

__version__ = "0.1.0"

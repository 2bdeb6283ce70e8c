"""How many threads the engine's computations use."""

from __future__ import annotations

import os


def cpu_threads() -> int:
    """``PARLANCE_ENGINE_THREADS`` when it is a positive whole number, else the machine's cores."""
    env = os.environ.get("PARLANCE_ENGINE_THREADS")
    if env:
        try:
            n = int(env)
            if n > 0:
                return n
        except ValueError:
            pass
    return os.cpu_count() or 1

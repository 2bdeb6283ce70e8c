import os
import sys

# Before anything starts a thread: niceness is per thread, and threads inherit it when created.
NICE = int(os.environ.get("PARLANCE_ENGINE_NICE") or 0)
if NICE > 0:
    os.nice(NICE)

from .server import main  # noqa: E402 (after the niceness, which the server's threads inherit)

sys.exit(main())

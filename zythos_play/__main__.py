"""``zythos-play``: the command line (server address, TLS, player name), then the app.

Textual comes with the ``play`` extra: without it, the command says how to install it instead of
dying on an ImportError, so the module imports only the standard library and ``zythos`` up front.
"""

from __future__ import annotations

import argparse
import getpass
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from zythos.channel import tls_credentials
from zythos_play.seats import default_path

INSTALL_HINT = (
    "zythos-play needs the terminal toolkit of the 'play' extra, which is not installed.\n"
    "Install it with:  pip install 'zythos[play]'   (in a checkout: .venv/bin/pip install -e '.[play]')"
)


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="zythos-play", description="Play Zythos games in the terminal.")
    parser.add_argument(
        "--server",
        default=os.environ.get("ZYTHOS_SERVER", "localhost:50051"),
        help="host:port of a Zythos server (env ZYTHOS_SERVER; default localhost:50051)",
    )
    parser.add_argument("--tls-ca", default="", help="CA certificate to trust for a TLS server (PEM)")
    parser.add_argument("--name", default=_default_name(), help="the name other players see")
    parser.add_argument(
        "--seats-file",
        type=Path,
        default=default_path(),
        help="where the seats you hold are kept, so a game survives quitting (default %(default)s)",
    )
    return parser.parse_args(argv)


def _default_name() -> str:
    try:
        return getpass.getuser()[:64] or "Player"
    except (KeyError, OSError):
        return "Player"


def main(argv: Sequence[str] | None = None) -> None:
    args = parse(argv)
    try:
        from zythos_play.app import PlayApp
    except ModuleNotFoundError as missing:
        if missing.name is None or missing.name.split(".")[0] not in ("textual", "rich"):
            raise
        sys.exit(INSTALL_HINT)
    PlayApp(args.server, args.name, tls_credentials(args.tls_ca), args.seats_file).run()


if __name__ == "__main__":
    main()

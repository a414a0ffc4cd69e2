"""``zythos-play``: the command line (server address, TLS, player name), then the app."""

from __future__ import annotations

import argparse
import getpass
import os
from collections.abc import Sequence
from pathlib import Path

from zythos.channel import tls_credentials
from zythos_play.app import PlayApp
from zythos_play.seats import default_path


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
    PlayApp(args.server, args.name, tls_credentials(args.tls_ca), args.seats_file).run()


if __name__ == "__main__":
    main()

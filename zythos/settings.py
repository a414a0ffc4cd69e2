"""One settings layer for the server and the bot worker: flags over ``ZYTHOS_*`` variables over defaults.

A process's settings are a frozen dataclass whose fields are declared with
``setting``: the default, the help text, the variable, and the checks
(``choices``, ``minimum``, ``maximum``). ``load`` builds the command line from
it, and every bad value, from a flag or a variable, stops the process with
one line naming the setting (``zythos-server: error: --log-level: 'LOUD' is
not one of DEBUG, INFO, WARNING, ERROR``), never a traceback. ``fail`` does
the same for what only start-up finds out, such as a port already in use.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NoReturn, TypeVar

T = TypeVar("T")


def setting(
    default: Any = dataclasses.MISSING,
    help: str = "",
    *,
    env: str = "",
    flag: str = "",
    choices: Sequence[str] = (),
    minimum: float | None = None,
    maximum: float | None = None,
    default_factory: Callable[[], Any] | None = None,
) -> Any:
    """A dataclass field that is also a setting; ``env``/``flag`` override ``ZYTHOS_<NAME>``/``--<name>``."""
    metadata = {
        "help": help,
        "env": env,
        "flag": flag,
        "choices": tuple(choices),
        "range": (minimum, maximum),
    }
    if default_factory is not None:
        return dataclasses.field(default_factory=default_factory, metadata=metadata)
    return dataclasses.field(default=default, metadata=metadata)


class SettingError(ValueError):
    """A value a setting does not accept; the message names the value and what is allowed."""


def env_name(spec: dataclasses.Field[Any]) -> str:
    return spec.metadata.get("env") or f"ZYTHOS_{spec.name.upper()}"


def flag_name(spec: dataclasses.Field[Any]) -> str:
    return "--" + (spec.metadata.get("flag") or spec.name.replace("_", "-"))


def default_of(spec: dataclasses.Field[Any]) -> Any:
    if spec.default_factory is not dataclasses.MISSING:
        return spec.default_factory()
    return spec.default


def fail(prog: str, message: str) -> NoReturn:
    """Stop the process with one line on stderr, as argparse does for a bad flag (exit status 2)."""
    sys.stderr.write(f"{prog}: error: {message}\n")
    raise SystemExit(2)


class _OneLineParser(argparse.ArgumentParser):
    """argparse without the usage block before an error: one line, the setting and what is wrong."""

    def error(self, message: str) -> NoReturn:
        fail(self.prog, message)


def _convert(kind: type, raw: str) -> Any:
    if kind is tuple:
        return tuple(part.strip() for part in raw.split(",") if part.strip())
    if kind is str:
        return raw
    try:
        return kind(raw)
    except ValueError:
        raise SettingError(f"{raw!r} is not a{'n' if kind is int else ''} {kind.__name__}") from None


def check(spec: dataclasses.Field[Any], value: Any) -> Any:
    """``value`` as the setting keeps it (choices in their canonical case), or SettingError."""
    choices: tuple[str, ...] = spec.metadata.get("choices", ())
    if choices:
        canonical = {choice.upper(): choice for choice in choices}
        items = value if isinstance(value, tuple) else (value,)
        for item in items:
            if str(item).upper() not in canonical:
                raise SettingError(f"{item!r} is not one of {', '.join(choices)}")
        named = tuple(canonical[str(item).upper()] for item in items)
        return named if isinstance(value, tuple) else named[0]
    low, high = spec.metadata.get("range", (None, None))
    if low is not None and value < low:
        raise SettingError(f"{value!r} is below the minimum {low:g}")
    if high is not None and value > high:
        raise SettingError(f"{value!r} is above the maximum {high:g}")
    return value


def _parsed(spec: dataclasses.Field[Any], kind: type) -> Callable[[str], Any]:
    def parse(raw: str) -> Any:
        try:
            return check(spec, _convert(kind, raw))
        except SettingError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    parse.__name__ = kind.__name__  # argparse names the type in its own messages
    return parse


def load(
    cls: type[T],
    prog: str,
    description: str,
    argv: Sequence[str] | None = None,
    environ: Mapping[str, str] | None = None,
) -> T:
    """``cls`` from ``argv`` (default: sys.argv) over ``environ`` (default: os.environ) over its defaults."""
    env = os.environ if environ is None else environ
    parser = _OneLineParser(prog=prog, description=description)
    for spec in dataclasses.fields(cls):  # type: ignore[arg-type]
        default = default_of(spec)
        kind = type(default)
        raw = env.get(env_name(spec))
        if raw is not None:
            try:
                default = check(spec, _convert(kind, raw))
            except SettingError as exc:
                fail(prog, f"{env_name(spec)}: {exc}")
        parser.add_argument(
            flag_name(spec),
            dest=spec.name,
            type=_parsed(spec, kind),
            default=default,
            help=f"{spec.metadata.get('help', '')} (env {env_name(spec)}, default {default_of(spec)!r})",
        )
    return cls(**vars(parser.parse_args(argv)))

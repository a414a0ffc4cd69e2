"""Printing benchmark results as aligned tables with absolute figures."""

from __future__ import annotations

from collections.abc import Sequence

from bench.loadgen import Result

HEADER = (
    "stack",
    "servers",
    "clients",
    "actions/s",
    "p50 ms",
    "p99 ms",
    "aborted",
    "errors",
    "server CPU ms/call",
    "CPU (1 core = 100%)",
)


def cpu_text(cpu: dict[str, float]) -> str:
    return " ".join(f"{name} {share * 100:.0f}%" for name, share in cpu.items())


def row(stack: str, servers: int, clients: int, result: Result) -> tuple[str, ...]:
    errors = sum(result.tally.errors.values())
    error_text = str(errors) + (f" {dict(result.tally.errors)}" if errors else "")
    if result.tally.starved:
        error_text += f" ({result.tally.starved} clients ran out of moves)"
    return (
        stack,
        str(servers),
        str(clients),
        f"{result.rate:,.0f}",
        f"{result.quantile_ms(0.5):.2f}",
        f"{result.quantile_ms(0.99):.2f}",
        str(result.tally.aborted),
        error_text,
        f"{result.server_cpu_per_call * 1000:.2f}",
        cpu_text(result.cpu),
    )


def table(rows: Sequence[Sequence[str]], header: Sequence[str] = HEADER) -> str:
    """A Markdown table (readable as plain text too)."""
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    lines = [
        "| " + " | ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=True)) + " |"
        for r in [header, *rows]
    ]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)

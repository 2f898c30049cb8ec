"""``tavla data positions OUT`` and ``tavla data rollouts IN OUT``: the training data of
supervised training (positions, and their rolled-out probabilities in resumable shards)."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import click

from ..errors import DataError
from ..eval import nets
from ..eval.data import SOURCES, save_positions
from ..replay.positions import match_positions
from ..sim.data_benchmark import make_benchmark
from ..sim.data_positions import DEFAULT_SHARES, make_positions
from ..sim.data_rollouts import roll_out_positions
from .errors import InputError
from .options import (
    FloatRange,
    RunArgs,
    collected,
    count_option,
    existing_option,
    games_option,
    json_option,
    progress_option,
    scheduler_option,
    seed_option,
    stacked,
    threads_option,
    valued_option,
)
from .playout_options import playout_run
from .playout_output import echo_json, exit_if_interrupted
from .policy_param import ParsedPolicy, policy_option
from .rollout_options import bearoff_stop_flags

MATCH_SUFFIXES = (".mat", ".txt", ".sgf")
"""The match files read in a folder given to --matches."""


def _shares(text: str | None) -> dict[str, float] | None:
    if text is None:
        return None
    shares = {}
    for part in text.split(","):
        name, _, value = part.partition("=")
        try:
            shares[name.strip()] = float(value)
        except ValueError:
            raise InputError(
                f"--shares {text!r}: class=share pairs, as contact=0.5,race=0.3"
            ) from None
    return shares


def _match_files(sources: tuple[Path, ...]) -> list[Path]:
    files: list[Path] = []
    for source in sources:
        if source.is_dir():
            files += sorted(p for p in source.rglob("*") if p.suffix.lower() in MATCH_SUFFIXES)
        else:
            files.append(source)
    return files


_variance_reduction_option = click.option(
    "--variance-reduction/--no-variance-reduction",
    default=None,
    help="Subtract the luck of every roll [default: when the policy has a net].",
)
_bearoff_stop_options = stacked(
    [
        click.option(
            "--truncate-bearoff",
            is_flag=True,
            help="Also stop each game where the bear-off database is exact and count its "
            "exact value.",
        ),
        click.option(
            "--truncate-one-sided",
            is_flag=True,
            help="Also stop each game once both sides are home and count the bear-off "
            "database's value (its one-sided race approximation where not exact), as GNU "
            "Backgammon does.",
        ),
    ]
)
"""Where the bear-off database stops the games of a data run's rollouts."""


@dataclass(frozen=True)
class _Rollouts:
    """The options of the data runs that roll positions out, as given."""

    policy: ParsedPolicy
    games: int
    truncate: int
    variance_reduction: bool | None
    truncate_bearoff: bool
    truncate_one_sided: bool
    shard_size: int
    seed: int
    threads: int | None
    progress: bool | None

    def arguments(self, client: Any = None) -> dict[str, Any]:
        """The keyword arguments of the run these say, on the cluster of ``client``."""
        stop = bearoff_stop_flags(self.truncate_bearoff, self.truncate_one_sided)
        return {
            "policy": self.policy.value,
            "games": self.games,
            "truncate": self.truncate or None,
            "variance_reduction": self.variance_reduction,
            "truncate_bearoff": stop,
            "shard_size": self.shard_size,
            "options": RunArgs(self.seed, self.threads, self.progress).options(client),
        }


@dataclass(frozen=True)
class _SelfPlay:
    """The options of tavla data positions that say how its self-play explores and keeps
    positions, named as :func:`~tavla.sim.data_positions.make_positions` takes them."""

    exploration: float
    explore_top: int
    sample: float
    disagreement: float
    deep_plies: int
    games_per_start: int
    max_games: int | None

    def arguments(self) -> dict[str, Any]:
        """The keyword arguments of :func:`~tavla.sim.data_positions.make_positions`."""
        return asdict(self)


_in_and_out = stacked(
    [
        click.argument(
            "positions_file", metavar="IN", type=click.Path(dir_okay=False, path_type=Path)
        ),
        click.argument("out", type=click.Path(file_okay=False, path_type=Path)),
    ]
)
"""``IN``, a positions file, and ``OUT``, the folder of a run's shards."""


@click.group(short_help="Make training data: positions, and their rollouts.")
def data() -> None:
    """Make the training data of supervised training (see the docs' 'Supervised training'):
    positions (tavla data positions), then their rolled-out probabilities (tavla data
    rollouts), which tavla train --supervised learns from."""


@data.command(short_help="Make positions for training.")
@click.argument("out", type=click.Path(dir_okay=False, path_type=Path))
@count_option(
    "count",
    2000,
    "Positions to make (balanced by --shares; disagreements come on top).",
    short="-n",
)
@click.option(
    "--net",
    "net",
    default=f"net:{nets.DEFAULT}",
    show_default=True,
    help="The net that plays (net:NAME, net:PATH).",
)
@existing_option(
    "matches",
    "Match files (.mat, .txt, .sgf) or folders of them: their positions are "
    "kept and self-play goes on from them (repeat the option for more).",
    multiple=True,
)
@click.option(
    "--shares",
    default=None,
    metavar="CLASS=SHARE,...",
    help="Share of each class [default: "
    + ",".join(f"{k}={v}" for k, v in DEFAULT_SHARES.items())
    + "].",
)
@valued_option(
    "exploration",
    FloatRange(0, 1),
    0.1,
    "Chance that a turn plays one of the --explore-top best plays at random.",
)
@count_option("explore-top", 5, "The plays an exploring turn draws from.")
@valued_option(
    "sample",
    FloatRange(0, 1, min_open=True),
    0.25,
    "Chance that a position of self-play is kept.",
)
@valued_option(
    "disagreement",
    FloatRange(0, 1),
    0.1,
    "Share of the positions checked for a roll on which 0-ply and --deep-plies "
    "choose differently (both results are added).",
)
@valued_option("deep-plies", click.IntRange(1, 3), 2, "The depth 0-ply is compared with.")
@count_option("games-per-start", 4, "Self-play games from each match position.", low=0)
@click.option(
    "--max-games",
    type=click.IntRange(min=0),
    default=None,
    help="Most self-play games from the start [default: until the classes are full].",
)
@seed_option("Seed of the dice and the exploration.")
@threads_option("Threads of the disagreement searches [default: every core].")
@progress_option
@json_option
@collected("running", RunArgs)
@collected("playing", _SelfPlay)
def positions(
    out: Path,
    count: int,
    net: str,
    matches: tuple[Path, ...],
    shares: str | None,
    playing: _SelfPlay,
    running: RunArgs,
    as_json: bool,
) -> None:
    """Make about --count distinct positions for training and write them to OUT (a tavla
    positions file, .npz): self-play of --net with exploration, the positions of --matches
    and self-play from them, and positions after plays on which 0-ply and --deep-plies
    disagree; deduplicated, balanced across the contact, crashed and race classes."""
    with playout_run(None):
        starts = None
        if matches:
            starts, failed = match_positions(_match_files(matches))
            if failed:
                first, reason = failed[0]
                click.echo(
                    f"skipped {len(failed):,} files that could not be read as matches "
                    f"(the first, {first}: {reason})",
                    err=True,
                )
        made = make_positions(
            count,
            net,
            shares=_shares(shares),
            starts=starts,
            options=running.options(),
            **playing.arguments(),
        )
        path = out if out.suffix == ".npz" else out.with_name(out.name + ".npz")
        if not path.parent.is_dir():
            raise DataError(f"no folder {str(path.parent)!r} to write {path.name} in")
        save_positions(path, made)
    sources = {name: int((made.sources == s).sum()) for s, name in enumerate(SOURCES)}
    if as_json:
        echo_json(
            {
                "file": str(path),
                "positions": len(made),
                "classes": made.counts(),
                "sources": sources,
                "games": made.metadata["games"],
            }
        )
        return
    classes = ", ".join(f"{n:,} {name}" for name, n in made.counts().items() if n)
    origin = ", ".join(f"{n:,} {name}" for name, n in sources.items() if n)
    click.echo(
        f"{len(made):,} positions ({classes}; {origin}) from "
        f"{made.metadata['games']:,} games: {path}"
    )


@data.command(short_help="Roll out positions into resumable shards.")
@_in_and_out
@policy_option("The policy that plays both sides.")
@games_option(144, "Games per position (a multiple of 36 balances the rotated first rolls).")
@count_option(
    "truncate",
    10,
    "Stop each game after this many plies onto the evaluator, or the bear-off "
    "database where both sides are home (0: play whole games).",
    low=0,
)
@click.option(
    "--evaluator",
    "-e",
    default=None,
    help="What judges the truncated games [default: the policy's net].",
)
@_bearoff_stop_options
@_variance_reduction_option
@count_option("shard-size", 500, "Positions per shard.")
@seed_option("Seed of the dice (position i rolls out with the seed (SEED, i)).")
@threads_option("Threads of each rollout [default: every core; with --scheduler, 1 a task].")
@scheduler_option("Roll out the shards on the Dask cluster of this scheduler, one task each.")
@progress_option
@json_option
@collected("rolling", _Rollouts)
def rollouts(
    positions_file: Path,
    out: Path,
    evaluator: str | None,
    scheduler: str | None,
    rolling: _Rollouts,
    as_json: bool,
) -> None:
    """Roll out every position of IN (a positions file of tavla data positions) and write the
    five cubeless probabilities, with their standard errors, in shards of OUT (a folder,
    made if missing). Run the same command again to go on after Ctrl-C or a crash: the
    shards finished are skipped, and a folder made with other settings is an error."""
    with playout_run(scheduler) as client:
        run = roll_out_positions(
            positions_file, out, evaluator=evaluator, **rolling.arguments(client)
        )
    record = {
        "folder": str(run.folder),
        "shards": run.shards,
        "written": run.written,
        "skipped": run.skipped,
        "positions": run.positions,
        "seconds": run.seconds,
        "cpu_seconds": run.cpu_seconds,
        "interrupted": run.interrupted,
    }
    if as_json:
        echo_json(record)
    else:
        rate = run.positions_per_core_hour
        speed = f", {rate:,.0f} positions per core-hour" if math.isfinite(rate) else ""
        state = "interrupted: " if run.interrupted else ""
        click.echo(
            f"{state}{run.written} shards written ({run.positions:,} positions in "
            f"{run.seconds:,.0f} s{speed}), {run.skipped} already there, of {run.shards}: "
            f"{run.folder}"
        )
    exit_if_interrupted(run.interrupted)


@data.command(short_help="Make benchmark decisions: candidate plays rolled out long.")
@_in_and_out
@policy_option("The policy that rolls out, whose net's search picks the candidates.")
@games_option(1296, "Games per candidate play.")
@count_option(
    "truncate",
    0,
    "Stop each game after this many plies onto the evaluator (0: whole games).",
    low=0,
)
@_bearoff_stop_options
@_variance_reduction_option
@valued_option(
    "plies", click.IntRange(0, 3), 2, "The depth of the search that picks the candidates."
)
@count_option("top", 5, "Candidates rolled out per decision.", low=2)
@existing_option(
    "exclude",
    "Leave out the positions of this positions file (the training positions; repeat for more).",
    files_only=True,
    multiple=True,
)
@count_option("shard-size", 50, "Decisions per shard.")
@seed_option("Seed of the rolls and the dice.")
@threads_option("Threads of each rollout [default: every core].")
@progress_option
@collected("rolling", _Rollouts)
def benchmark(
    positions_file: Path,
    out: Path,
    plies: int,
    top: int,
    exclude: tuple[str, ...],
    rolling: _Rollouts,
) -> None:
    """Make benchmark decisions from the positions of IN (bear-offs and --exclude'd ones left
    out) into shards of OUT: a roll for each, its --top best plays by a --plies search, each
    rolled out with --games games on the same dice. Run it again to go on; tavla benchmark
    --data OUT scores evaluators on them."""
    with playout_run(None):
        run = make_benchmark(
            positions_file, out, plies=plies, top=top, exclude=exclude, **rolling.arguments()
        )
    state = "interrupted: " if run.interrupted else ""
    click.echo(
        f"{state}{run.written} shards written ({run.decisions:,} positions in "
        f"{run.seconds:,.0f} s), {run.skipped} already there, of {run.shards}: "
        f"{run.folder}"
    )
    exit_if_interrupted(run.interrupted)

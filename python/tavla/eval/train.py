"""Training nets by TD(λ) self-play, in C++ (:doc:`/training`).

Tesauro's method ("Temporal difference learning and TD-Gammon", Communications of the ACM 38,
1995): the net plays both sides of whole games at 0-ply, from the R4 start with an R5 opening
roll. Each position's five outputs move toward its λ-return, which mixes the evaluations of
the positions that follow with the game's result (win, gammon, backgammon for the winner):
``G_t = (1 - λ) V(s_t+1) + λ G_t+1``, the result after the last play, each seen by the side on
roll. The step is ``alpha (G_t - V(s_t)) grad V(s_t)``. A game's steps are computed at the
weights it was played with and added when it ends: offline TD(λ), for which the λ-returns
(forward view) and eligibility traces (backward view) make the same change (Sutton and Barto,
"Reinforcement Learning: An Introduction", 2nd ed., 2018, section 12.1).

Determinism: one thread gives bit-identical weights for the same start, settings, seed and
machine kernel, however the run is cut into parts (checkpoints, resumes). With ``threads``
> 1, each thread plays ``sync_games`` games of a round on its own copy of the weights, and
the copies' changes are then added to the shared weights in thread order: the weights depend
on the seed, the thread count and ``sync_games``, never on timing.
"""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from .. import _core
from .._progress import progress_bar
from .._run_options import RunOptions, narrowed_options
from .._validate import check_count, check_int, check_real, check_seed, excerpt, is_int
from ..errors import NetError, TrainingError
from ._npz import checkpoint_path
from .net import Net
from .net_set import NetSet

Monitor = Callable[[Net, int], "str | None"]
"""A callable that checks a net while it trains: called with the net and the games trained so
far, it returns a line to show (or None)."""

CHECKPOINT_KIND = "tavla-td-checkpoint-1"
"""``metadata["kind"]`` of a checkpoint's net file."""

_CHUNK_SECONDS = 0.5  # native calls between two progress updates last about this long


@dataclass(frozen=True)
class TdSettings:
    """What decides a training run's weights besides the start: kept in every checkpoint and
    trained net (``Net.metadata["training"]``), and taken from the checkpoint on resume.

    ``lambda_`` in [0, 1]; ``alpha`` > 0, the step size of the first game, going linearly to
    ``alpha_end`` at game ``schedule_games`` and held there (``alpha_end == alpha``: constant);
    ``seed`` picks the dice (game g uses dice stream g); ``threads`` and ``sync_games`` as the
    module docstring says; ``init_seed``: of the random start weights (None when the run
    started from a given net)."""

    lambda_: float
    alpha: float
    alpha_end: float
    schedule_games: int
    seed: int
    threads: int
    sync_games: int
    init_seed: int | None


@dataclass(frozen=True)
class TrainResult:
    """What :func:`train_td` did: ``net`` (the trained weights, their settings and games in
    ``net.metadata["training"]``), ``games`` (trained in all, earlier parts of a resumed run
    included), ``seconds`` (this call's training time, monitors left out), ``interrupted``
    (Ctrl-C stopped it: ``net`` holds the games finished), ``checkpoint`` (the last file
    written, or None) and ``reports`` (the monitor's lines, with the games they were made at)."""

    net: Net
    games: int
    games_this_run: int
    seconds: float
    interrupted: bool
    checkpoint: Path | None
    reports: tuple[tuple[int, str], ...]

    @property
    def games_per_second(self) -> float:
        """Training games per second of this call (NaN when it trained none)."""
        return self.games_this_run / self.seconds if self.seconds > 0 else math.nan


DEFAULTS = {
    "lambda_": 0.7,
    "alpha": 0.1,
    "seed": 0,
    "threads": 1,
    "sync_games": 16,
}
"""The settings of a new run that are not given: λ 0.7, alpha 0.1 (constant unless ``alpha_end``
is given), seed 0, one thread, 16 games a round per thread."""


def train_td(
    games: int,
    *,
    start: Net | str | os.PathLike[str] | None = None,
    resume: str | os.PathLike[str] | None = None,
    hidden: int | Sequence[int] = 80,
    encoding: str = "td198",
    activation: str = "sigmoid",
    outputs: int = 5,
    lambda_: float | None = None,
    alpha: float | None = None,
    alpha_end: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    sync_games: int | None = None,
    kernel: str = "auto",
    checkpoint: str | os.PathLike[str] | None = None,
    checkpoint_every: int = 100_000,
    monitor: Monitor | None = None,
    monitor_every: int = 50_000,
    progress: bool | None = None,
    options: RunOptions | None = None,
) -> TrainResult:
    """Trains a net by TD(λ) self-play (the module docstring gives the method) until it has
    trained ``games`` games in all, and returns it (:class:`TrainResult`).

    The start: a new net of ``hidden`` layer sizes (an int or a sequence), ``encoding``,
    ``activation`` (of the hidden layers) and ``outputs`` (5, or 1: win only) with random
    weights (:meth:`Net.random <tavla.eval.Net.random>` seeded with ``seed``); or ``start``, a
    :class:`~tavla.eval.Net` or the path of one, trained further; or ``resume``, the path of a
    checkpoint, whose run goes on with the checkpoint's settings and games done.

    Settings (:class:`TdSettings`; None: the checkpoint's when resuming, else
    :data:`DEFAULTS`): ``lambda_``, ``alpha`` and ``alpha_end`` (the step size goes linearly
    from ``alpha`` at the first game to ``alpha_end`` at game ``games``; left out, it stays
    ``alpha``), ``seed``, ``threads``, ``sync_games``. ``kernel``: the net kernel (the fastest
    unless told; another kernel plays slightly different games).

    ``checkpoint``: a path (``.npz`` added when missing) written every ``checkpoint_every``
    games, at the end and on Ctrl-C; it is a net file like any other (``net:PATH`` plays it)
    with the run's state in its metadata. ``monitor`` (for example
    :func:`tavla.sim.duel_monitor`, a duel against pubeval) is called every ``monitor_every``
    games and at the end; its lines are printed on stderr unless ``progress`` is False (a
    progress bar is shown there when ``progress`` is True, or None and stderr is a terminal).
    ``options``: a :class:`~tavla.RunOptions` whose ``seed``, ``threads`` and ``progress``
    these keywords are shorthands for (:ref:`run-options`); the run takes no ``batch``,
    ``client`` or ``chunk``.

    Ctrl-C stops the run after the games finished (one thread) or the rounds finished
    (several), writes the checkpoint, and returns with ``interrupted`` set. Raises
    :class:`~tavla.TrainingError` for a bad setting, a checkpoint that is not one, or a
    setting that differs from the checkpoint's; :class:`~tavla.NetError` for a bad ``start``.
    """
    total = check_count(games, "games", TrainingError)
    options, bar = narrowed_options(
        options, "train_td", seed=seed, threads=threads, progress=progress
    )
    given = {
        "lambda_": lambda_,
        "alpha": alpha,
        "alpha_end": alpha_end,
        "seed": options.seed,
        "threads": options.threads,
        "sync_games": sync_games,
    }
    if resume is not None:
        if start is not None:
            raise TrainingError("give start or resume, not both")
        net, settings, done = read_checkpoint(resume)
        for name, value in given.items():
            kept = getattr(settings, name)
            if value is not None and value != kept:
                raise TrainingError(
                    f"{name} is {excerpt(kept)} in the checkpoint {os.fspath(resume)!r}; a "
                    f"resumed run keeps its settings (got {excerpt(value)})"
                )
        if total < done:
            raise TrainingError(
                f"the checkpoint has trained {done:,} games already, more than games={total:,}"
            )
    else:
        settings = _settings(given, total, start)
        net = _start_net(start, hidden, encoding, activation, outputs, settings.seed)
        done = 0
    checkpoint_every = check_int(checkpoint_every, "checkpoint_every", TrainingError, low=1)
    monitor_every = check_int(monitor_every, "monitor_every", TrainingError, low=1)
    if monitor is not None and not callable(monitor):
        raise TrainingError(f"monitor must be callable, got {type(monitor).__name__}")
    path = checkpoint_path(checkpoint)
    trainer = _core.TdTrainer(
        list(net.weights), list(net.biases), net.encoding, net.activation, _kernel(kernel)
    )
    trainer.games_done = done
    return _run(
        trainer,
        net,
        settings,
        total,
        path,
        checkpoint_every,
        monitor,
        monitor_every,
        bar,
    )


def _settings(given: dict[str, Any], total: int, start: object) -> TdSettings:
    values = {name: DEFAULTS[name] if given[name] is None else given[name] for name in DEFAULTS}
    lam = check_real(values["lambda_"], "lambda_", TrainingError, 0.0, 1.0)
    alpha = check_real(values["alpha"], "alpha", TrainingError, 0.0, open_low=True)
    alpha_end = (
        alpha
        if given["alpha_end"] is None
        else check_real(given["alpha_end"], "alpha_end", TrainingError, 0.0)
    )
    seed = check_seed(values["seed"], "seed", TrainingError)
    return TdSettings(
        lambda_=lam,
        alpha=alpha,
        alpha_end=alpha_end,
        schedule_games=total if alpha_end != alpha else 0,
        seed=seed,
        threads=check_int(values["threads"], "threads", TrainingError, low=1, high=256),
        sync_games=check_int(
            values["sync_games"], "sync_games", TrainingError, low=1, high=1 << 20
        ),
        init_seed=seed if start is None else None,
    )


def checked_layers(hidden: object, outputs: object) -> tuple[tuple[int, ...], int]:
    """A new net's hidden sizes (``hidden``: an int or a sequence of ints, 1 to 4,096) and
    its output count (1 or 5), checked (TrainingError)."""
    sizes = (hidden,) if is_int(hidden) else hidden
    if (
        isinstance(sizes, (str, bytes))
        or not isinstance(sizes, Sequence)
        or not sizes
        or not all(is_int(h) and 1 <= int(h) <= 4096 for h in sizes)
    ):
        raise TrainingError(
            f"hidden must be an int or a sequence of ints from 1 to 4,096 (the sizes of the "
            f"hidden layers), got {excerpt(hidden)}"
        )
    if not is_int(outputs) or int(outputs) not in (1, 5):  # type: ignore[call-overload]
        raise TrainingError(f"outputs must be 1 or 5, got {excerpt(outputs)}")
    return tuple(int(h) for h in sizes), int(outputs)  # type: ignore[call-overload]


def _start_net(
    start: Net | str | os.PathLike[str] | None,
    hidden: object,
    encoding: object,
    activation: object,
    outputs: object,
    seed: int,
) -> Net:
    if start is not None:
        net = start if isinstance(start, Net) else Net.load(start)
        if isinstance(net, NetSet):
            raise TrainingError(
                "TD training trains one net, not a net set: start from one of its members "
                "(NetSet.nets['contact'], ...)"
            )
        return net
    hidden_sizes, output_count = checked_layers(hidden, outputs)
    inputs = dict(_core.encodings()).get(encoding)  # type: ignore[call-overload]
    if inputs is None:
        known = ", ".join(name for name, _ in _core.encodings())
        raise TrainingError(f"unknown encoding {excerpt(encoding)} (known: {known})")
    sizes = (inputs, *hidden_sizes, output_count)
    try:
        return Net.random(sizes, encoding=str(encoding), activation=activation, seed=seed)  # type: ignore[arg-type]
    except NetError as exc:
        raise TrainingError(str(exc)) from None


def _kernel(kernel: object) -> str:
    if not isinstance(kernel, str) or kernel not in ("auto", *_core.net_kernels()):
        known = ", ".join(("auto", *_core.net_kernels()))
        raise TrainingError(
            f"kernel must be one this machine runs ({known}), got {excerpt(kernel)}"
        )
    return kernel


def _trained_net(trainer: Any, net: Net, settings: TdSettings, seconds: float) -> Net:
    weights, biases = trainer.layers()
    training = {
        "kind": CHECKPOINT_KIND,
        "games": trainer.games_done,
        "seconds": round(seconds, 3),
        "settings": asdict(settings),
    }
    metadata = {**net.metadata, "training": training}
    return Net(weights, biases, encoding=net.encoding, activation=net.activation, metadata=metadata)


def _write(net: Net, path: Path) -> None:
    """Writes through a temporary file, so that an interrupted write leaves the old one."""
    temporary = path.with_name(path.name + ".tmp.npz")
    net.save(temporary)
    os.replace(temporary, path)


def read_checkpoint(path: str | os.PathLike[str]) -> tuple[Net, TdSettings, int]:
    """The net, settings and games done of a checkpoint (or net) :func:`train_td` wrote.
    Raises :class:`~tavla.TrainingError` when the file is not one, NetError when it is no net."""
    net = Net.load(path)
    training = net.metadata.get("training")
    try:
        if not isinstance(training, dict) or training.get("kind") != CHECKPOINT_KIND:
            raise KeyError("kind")
        settings = TdSettings(**training["settings"])
        done = check_count(training["games"], "games", TrainingError)
    except (KeyError, TypeError) as exc:
        raise TrainingError(
            f"{os.fspath(path)!r} is a net but not a checkpoint of train_td (its metadata has no "
            f"training record: {exc})"
        ) from None
    return net, settings, done


def _run(
    trainer: Any,
    start: Net,
    settings: TdSettings,
    total: int,
    path: Path | None,
    checkpoint_every: int,
    monitor: Monitor | None,
    monitor_every: int,
    progress: bool | None,
) -> TrainResult:
    first = trainer.games_done
    # Several threads merge their copies once a round: calls then start and end on whole
    # rounds, so that the parts of a run play the rounds an uninterrupted run plays.
    round_games = settings.threads * settings.sync_games if settings.threads > 1 else 1
    reports: list[tuple[int, str]] = []
    seconds = 0.0
    interrupted = False
    written: Path | None = None
    chunk = round_games * max(1, 2000 // round_games)
    next_checkpoint = (first // checkpoint_every + 1) * checkpoint_every
    next_monitor = (first // monitor_every + 1) * monitor_every
    with progress_bar(total, progress, "training") as update:
        if update is not None:
            update(first)
        while trainer.games_done < total:
            done = trainer.games_done
            # Up to the next checkpoint or check, rounded up to whole rounds.
            count = min(chunk, next_checkpoint - done, next_monitor - done)
            count = min(total - done, -(-count // round_games) * round_games)
            began = time.perf_counter()
            try:
                trainer.train(
                    done,
                    count,
                    settings.lambda_,
                    settings.alpha,
                    settings.alpha_end,
                    settings.schedule_games,
                    settings.seed,
                    settings.threads,
                    settings.sync_games,
                )
            except KeyboardInterrupt:
                interrupted = True
            elapsed = time.perf_counter() - began
            seconds += elapsed
            if not interrupted and elapsed > 0:
                chunk = max(
                    round_games, int(count * _CHUNK_SECONDS / elapsed) // round_games * round_games
                )
            if update is not None:
                update(trainer.games_done)
            if interrupted:
                break
            done = trainer.games_done
            if path is not None and (done >= next_checkpoint or done == total):
                _write(_trained_net(trainer, start, settings, seconds), path)
                written = path
                next_checkpoint = (done // checkpoint_every + 1) * checkpoint_every
            if monitor is not None and (done >= next_monitor or done == total):
                line = monitor(_trained_net(trainer, start, settings, seconds), done)
                if line:
                    reports.append((done, line))
                    if progress is not False:
                        _show(line)
                next_monitor = (done // monitor_every + 1) * monitor_every
    net = _trained_net(trainer, start, settings, seconds)
    if interrupted and path is not None:
        _write(net, path)
        written = path
    return TrainResult(
        net=net,
        games=trainer.games_done,
        games_this_run=trainer.games_done - first,
        seconds=seconds,
        interrupted=interrupted,
        checkpoint=written,
        reports=tuple(reports),
    )


def _show(line: str) -> None:
    """Prints on stderr, above the progress bar if there is one."""
    from tqdm import tqdm

    tqdm.write(line, file=sys.stderr)


def td_errors(
    net: Net, games: int = 200, *, seed: int = 1, lambda_: float = 0.0
) -> tuple[float, ...]:
    """The mean squared TD errors of ``net``, per output (5 floats): over the positions of
    ``games`` games it plays against itself with the dice of ``seed`` (pick one the training
    did not use, for held-out games), the mean of ``(G - V)**2`` where ``V`` is an output and
    ``G`` its λ-return (``lambda_`` 0: the next position's evaluation, 1: the result). Raises
    :class:`~tavla.TrainingError` for bad arguments."""
    if not isinstance(net, Net) or isinstance(net, NetSet):
        raise TrainingError(f"net must be a Net (not a net set), got {type(net).__name__}")
    games = check_int(games, "games", TrainingError, low=1)
    seed = check_seed(seed, "seed", TrainingError)
    lam = check_real(lambda_, "lambda_", TrainingError, 0.0, 1.0)
    trainer = _core.TdTrainer(
        list(net.weights), list(net.biases), net.encoding, net.activation, "auto"
    )
    errors, _ = trainer.td_errors(games, seed, lam)
    return tuple(errors)

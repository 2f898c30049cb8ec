"""``tavla train --supervised DATA OUT``: a net set (or, with ``--class``, one net) trained on
rolled-out positions (:func:`tavla.eval.train_net_set`, :func:`tavla.eval.train_supervised`)."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from ..eval.data import load_training_data
from ..eval.supervised import SupervisedResult, state_path, train_supervised
from ..eval.supervised_set import TRAINED, train_net_set
from .errors import InputError
from .playout_options import playout_run
from .playout_output import echo_json, exit_if_interrupted

F = TypeVar("F", bound=Callable[..., Any])


def supervised_options(function: F) -> F:
    """The options of ``tavla train`` that only supervised training takes."""
    for option in reversed(
        [
            click.option(
                "--supervised",
                type=click.Path(exists=True, path_type=Path),
                multiple=True,
                metavar="DATA",
                help="Train supervised on these rollout shards (folders of tavla data "
                "rollouts; repeat for more).",
            ),
            click.option(
                "--class",
                "classes",
                type=click.Choice(TRAINED),
                multiple=True,
                help="Train one net, on the positions of this class (repeat for more) "
                "[default: a net set, a net per class].",
            ),
            click.option(
                "--epochs",
                type=click.IntRange(min=1),
                default=50,
                show_default=True,
                help="Passes over the training positions, at most.",
            ),
            click.option(
                "--batch",
                type=click.IntRange(min=1),
                default=256,
                show_default=True,
                help="Positions per step.",
            ),
            click.option(
                "--learning-rate",
                type=click.FloatRange(0, min_open=True),
                default=1e-3,
                show_default=True,
                help="Adam's first step size.",
            ),
            click.option(
                "--learning-rate-end",
                type=click.FloatRange(0),
                default=1e-5,
                show_default=True,
                help="The step size at the end, along a cosine.",
            ),
            click.option(
                "--weight-decay",
                type=click.FloatRange(0),
                default=1e-4,
                show_default=True,
                help="Decoupled weight decay of the weights.",
            ),
            click.option(
                "--validation",
                type=click.FloatRange(0, 0.5),
                default=0.05,
                show_default=True,
                help="Share of the positions held out.",
            ),
            click.option(
                "--patience",
                type=click.IntRange(min=1),
                default=5,
                show_default=True,
                help="Stop after this many epochs without a better validation loss.",
            ),
            click.option(
                "--without",
                multiple=True,
                metavar="GROUP",
                help="Leave out a feature group of the encoding (repeat for more).",
            ),
            click.option(
                "--min-positions",
                type=click.IntRange(min=1),
                default=200,
                show_default=True,
                help="A class with fewer positions is judged by the contact net.",
            ),
        ]
    ):
        function = option(function)
    return function


def _line(name: str, result: SupervisedResult) -> str:
    best = result.history[result.best_epoch - 1] if result.best_epoch else None
    loss = "" if best is None else f", validation loss {best.validation:.4f}"
    if best is not None and not math.isfinite(best.validation):
        loss = f", training loss {best.training:.4f}"
    ending = (
        "stopped early" if result.stopped_early else "interrupted" if result.interrupted else ""
    )
    return (
        f"{name}: {result.epochs} epochs ({ending + ', ' if ending else ''}best {result.best_epoch}"
        f"{loss}) on {result.positions:,} positions in {result.seconds:,.0f} s"
    )


def _record(result: SupervisedResult) -> dict[str, Any]:
    return {
        "epochs": result.epochs,
        "best_epoch": result.best_epoch,
        "steps": result.steps,
        "positions": result.positions,
        "validation_positions": result.validation_positions,
        "seconds": result.seconds,
        "stopped_early": result.stopped_early,
        "interrupted": result.interrupted,
        "history": [[r.epoch, r.training, r.validation] for r in result.history],
    }


def run_supervised(
    out: Path,
    data: tuple[Path, ...],
    *,
    classes: tuple[str, ...],
    hidden: tuple[int, ...] | None,
    encoding: str | None,
    without: tuple[str, ...],
    min_positions: int,
    seed: int | None,
    threads: int | None,
    start: str | None,
    progress: bool | None,
    as_json: bool,
    **settings: Any,
) -> None:
    """The supervised side of ``tavla train`` (see its help)."""
    common: dict[str, Any] = {
        **settings,
        "hidden": hidden or 128,
        "without": without,
        "seed": seed or 0,
        "threads": threads or 1,
        "progress": progress,
    }
    if encoding is not None:
        common["encoding"] = encoding
    with playout_run(None):
        if classes:
            path = out if out.suffix == ".npz" else out.with_name(out.name + ".npz")
            result = train_supervised(
                [str(d) for d in data],
                classes=classes,
                start=start,
                checkpoint=path,
                resume=state_path(path).exists(),
                **common,
            )
            results = {"+".join(classes): result}
            interrupted = result.interrupted
        else:
            if encoding is not None:
                raise InputError("--encoding chooses one net's inputs: give it with --class")
            joined = load_training_data(*data)
            run = train_net_set(
                joined, out, start=start, min_positions=min_positions, resume=True, **common
            )
            path, interrupted = run.path, run.interrupted
            results = {name: r for name, r in run.results.items() if r is not None}
    if as_json:
        echo_json(
            {
                "net": str(path),
                "interrupted": interrupted,
                "members": {name: _record(r) for name, r in results.items()},
            }
        )
    else:
        for name, result in results.items():
            click.echo(_line(name, result))
        click.echo(f"{'interrupted: ' if interrupted else ''}{path}")
    exit_if_interrupted(interrupted)

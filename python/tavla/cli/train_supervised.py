"""``tavla train --supervised DATA OUT``: a net set (or, with ``--class``, one net) trained on
rolled-out positions (:func:`tavla.eval.train_net_set`, :func:`tavla.eval.train_supervised`)."""

from __future__ import annotations

import math
from dataclasses import fields
from pathlib import Path
from typing import Any

import click

from .._run_options import RunOptions
from ..eval.data import load_training_data
from ..eval.supervised import SupervisedResult, state_path, train_supervised
from ..eval.supervised_set import TRAINED, train_net_set
from .errors import InputError
from .options import FloatRange, count_option, stacked, valued_option
from .playout_options import playout_run
from .playout_output import echo_json, exit_if_interrupted

supervised_options = stacked(
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
        count_option("epochs", 50, "Passes over the training positions, at most."),
        count_option("batch", 256, "Positions per step."),
        valued_option(
            "learning-rate", FloatRange(0, min_open=True), 1e-3, "Adam's first step size."
        ),
        valued_option(
            "learning-rate-end",
            FloatRange(0),
            1e-5,
            "The step size at the end, along a cosine.",
        ),
        valued_option(
            "weight-decay", FloatRange(0), 1e-4, "Decoupled weight decay of the weights."
        ),
        valued_option("validation", FloatRange(0, 0.5), 0.05, "Share of the positions held out."),
        count_option(
            "patience", 5, "Stop after this many epochs without a better validation loss."
        ),
        click.option(
            "--without",
            multiple=True,
            metavar="GROUP",
            help="Leave out a feature group of the encoding (repeat for more).",
        ),
        count_option(
            "min-positions", 200, "A class with fewer positions is judged by the contact net."
        ),
    ]
)
"""The options of ``tavla train`` that only supervised training takes."""


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
    """The result's fields but the net and its file, the history last as rows of
    [epoch, training, validation]."""
    record = {
        field.name: getattr(result, field.name)
        for field in fields(result)
        if field.name not in ("net", "checkpoint", "history")
    }
    record["history"] = [[r.epoch, r.training, r.validation] for r in result.history]
    return record


def run_supervised(
    out: Path,
    data: tuple[Path, ...],
    *,
    classes: tuple[str, ...],
    hidden: tuple[int, ...] | None,
    encoding: str | None,
    without: tuple[str, ...],
    min_positions: int,
    start: str | None,
    options: RunOptions,
    as_json: bool,
    **settings: Any,
) -> None:
    """The supervised side of ``tavla train`` (see its help)."""
    with playout_run(None):
        common: dict[str, Any] = {
            **settings,
            "hidden": hidden or 128,
            "without": without,
            "options": options,
        }
        if encoding is not None:
            common["encoding"] = encoding
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

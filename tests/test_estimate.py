"""tavla.sim._stats.Estimate: a mean with its standard error, its 95% interval, and the one
estimate the results of rollouts, duels and ladders give."""

from __future__ import annotations

import math

import numpy as np
import pytest

import tavla
from tavla.sim._stats import Z95, Estimate


def test_an_estimate_of_values_is_their_mean_and_standard_error() -> None:
    estimate = Estimate.of(np.array([1.0, 2.0, 3.0, 6.0]))
    assert estimate.mean == 3.0
    assert estimate.std_error == pytest.approx(math.sqrt(14 / 3) / 2)
    assert estimate.half_width == pytest.approx(1.959963984540054 * estimate.std_error)
    low, high = estimate.ci
    assert (low, high) == (3.0 - estimate.half_width, 3.0 + estimate.half_width)


def test_a_stratified_estimate_weights_every_stratum_alike() -> None:
    values = np.array([0.0, 2.0, 10.0, 10.0, 10.0, 12.0])
    strata = np.array([0, 0, 1, 1, 1, 1])
    estimate = Estimate.of(values, strata, 2)
    assert estimate.mean == pytest.approx((1.0 + 10.5) / 2)
    assert estimate.std_error == pytest.approx(math.sqrt(2.0 / 2 + 1.0 / 4) / 2)


def test_one_value_has_no_error() -> None:
    estimate = Estimate.of(np.array([0.5]))
    assert estimate.mean == 0.5 and math.isnan(estimate.std_error)
    assert all(math.isnan(end) for end in estimate.ci)


def test_results_give_their_estimates() -> None:
    duel = tavla.duel("pubeval", "random", 40, seed=2, threads=1)
    assert duel.estimate == Estimate(duel.ppg, duel.std_error)
    assert duel.estimate.ci == duel.ci
    assert duel.estimate.half_width == pytest.approx(Z95 * duel.std_error)
    result = tavla.rollout(tavla.Position.initial(), "random", 36, seed=1, threads=1)
    assert result.estimate == Estimate(result.equity, result.equity_std_error)

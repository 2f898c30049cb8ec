"""Means and standard errors of per-game outcomes, plain or stratified, :class:`Estimate`
(a mean with its standard error), and intervals of probabilities."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

import numpy as np
import numpy.typing as npt

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""


@dataclass(frozen=True)
class Estimate:
    """A mean estimated from samples, with its standard error (NaN when unknown: fewer than
    two samples). ``half_width``: half the width of the normal 95% interval, ``Z95 *
    std_error``; ``ci``: that interval ``(low, high)``."""

    mean: float
    std_error: float

    @property
    def half_width(self) -> float:
        """``1.96 * std_error``: the 95% interval is ``mean ± half_width``."""
        return Z95 * self.std_error

    @property
    def ci(self) -> tuple[float, float]:
        """The normal 95% interval ``(mean - half_width, mean + half_width)``."""
        return (self.mean - self.half_width, self.mean + self.half_width)

    def __str__(self) -> str:
        return f"{self.mean:+.4f} ± {self.std_error:.4f}"

    @classmethod
    def of(
        cls,
        values: npt.NDArray[np.float64],
        strata: npt.NDArray[np.int64] | None = None,
        levels: int = 1,
    ) -> Estimate:
        """The mean of ``values`` (shape ``(n,)``) and its standard error, plain or
        post-stratified as :func:`mean_and_error` has them."""
        means, errors = mean_and_error(values[:, np.newaxis], strata, levels)
        return cls(float(means[0]), float(errors[0]))


class HasEquity(Protocol):
    """A result with an ``equity`` and its ``equity_std_error``."""

    @property
    def equity(self) -> float: ...
    @property
    def equity_std_error(self) -> float: ...


class EquityEstimate:
    """A rollout's result, whose ``equity`` and ``equity_std_error`` (fields or
    properties) make its :attr:`estimate`."""

    @property
    def estimate(self: HasEquity) -> Estimate:
        """:attr:`equity` with its standard error (``.ci``, ``.half_width``)."""
        return Estimate(self.equity, self.equity_std_error)


def mean_and_error(
    values: npt.NDArray[np.float64], strata: npt.NDArray[np.int64] | None = None, levels: int = 1
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Means and standard errors of the columns of ``values`` (shape ``(n, m)``).

    Without ``strata``: the sample mean and ``s / sqrt(n)`` with the sample standard deviation
    ``s`` (n - 1 in the denominator). With ``strata`` (shape ``(n,)``, values
    ``0..levels-1``, each level having probability ``1 / levels``): the post-stratified mean
    ``sum_h mean_h / levels`` and the error ``sqrt(sum_h s_h^2 / n_h) / levels``, when every
    level has at least two values; otherwise the plain estimate. Standard errors are NaN
    below two values.
    """
    n = values.shape[0]
    if strata is not None:
        counts = np.bincount(strata, minlength=levels)
        if counts.min() >= 2:
            # Deviations from a value of the stratum (its first), not from the rounded mean,
            # so that a stratum of equal values has a variance of exactly 0 (not 1e-18).
            first = np.unique(strata, return_index=True)[1]  # every level is there
            shifted = values - values[first][strata]
            sums = np.zeros((levels, values.shape[1]))
            np.add.at(sums, strata, shifted)
            shifted_means = sums / counts[:, None]
            squares = np.zeros_like(sums)
            np.add.at(squares, strata, (shifted - shifted_means[strata]) ** 2)
            variances = squares / (counts[:, None] - 1)
            error = np.sqrt((variances / counts[:, None]).sum(axis=0)) / levels
            return (values[first] + shifted_means).mean(axis=0), error
    if n < 2:
        mean = values.mean(axis=0) if n else np.full(values.shape[1], np.nan)
        return mean, np.full(values.shape[1], np.nan)
    shifted = values - values[0]  # as above: equal values have an error of exactly 0
    return values[0] + shifted.mean(axis=0), shifted.std(axis=0, ddof=1) / np.sqrt(n)


def wilson_interval(rate: float, std_error: float, count: int) -> tuple[float, float]:
    """The 95% interval of a probability estimated as ``rate`` from ``count`` outcomes with
    the standard error ``std_error``: Wilson's score interval (E. B. Wilson, 1927) over the
    effective count ``min(count, rate (1 - rate) / std_error**2)``, which is ``count`` for
    independent wins and losses and less where the outcomes vary more (the design effect of
    paired outcomes, as in Korn and Graubard's intervals for survey proportions).  It stays
    in [0, 1] and has a width even at a rate of 0 or 1; NaN for no outcome."""
    if count < 1 or rate != rate:
        return (float("nan"), float("nan"))
    variance = rate * (1 - rate)
    effective = float(count)
    if std_error > 0 and variance > 0:
        effective = min(effective, variance / std_error**2)
    z2 = Z95 * Z95
    centre = (rate + z2 / (2 * effective)) / (1 + z2 / effective)
    half = Z95 * math.sqrt(variance / effective + z2 / (4 * effective**2)) / (1 + z2 / effective)
    return (max(0.0, centre - half), min(1.0, centre + half))

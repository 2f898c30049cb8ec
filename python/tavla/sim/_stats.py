"""Means and standard errors of per-game outcomes, plain or stratified."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""


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

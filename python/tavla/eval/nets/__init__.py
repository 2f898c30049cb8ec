"""The reference nets shipped with tavla (:doc:`/training`): trained by
:func:`tavla.eval.train_td` with the command and seed their model cards give, each a
``tavla-net-1`` file here whose metadata records how it was made.

On the command line and wherever a policy or evaluator is named, ``net:NAME`` plays one
(the exact bear-off database playing its bear-offs unless ``bearoff=False``).
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from ..._validate import excerpt
from ...errors import NetError
from ..net import Net

_SUFFIX = ".npz"

DEFAULT = "tavla229-256"
"""The strongest shipped evaluator: what every function and command that takes an evaluator
or a policy uses when none is given (``net:`` + DEFAULT names it)."""


def available() -> tuple[str, ...]:
    """The names of the shipped nets, sorted."""
    folder = resources.files(__name__)
    return tuple(
        sorted(
            entry.name[: -len(_SUFFIX)]
            for entry in folder.iterdir()
            if entry.name.endswith(_SUFFIX) and entry.is_file()
        )
    )


def default() -> Net:
    """The net :data:`DEFAULT` names, loaded once a process."""
    return load(DEFAULT)


@cache
def load(name: str) -> Net:
    """The shipped net ``name`` (one of :func:`available`), loaded once a process. Raises
    :class:`~tavla.NetError` for another name."""
    if not isinstance(name, str) or name not in available():
        raise NetError(
            f"no shipped net {excerpt(name)} (shipped: {', '.join(available()) or 'none'})"
        )
    with resources.as_file(resources.files(__name__) / (name + _SUFFIX)) as path:
        return Net.load(path)

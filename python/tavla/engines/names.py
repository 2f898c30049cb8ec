"""The policy names of the external engines: ``ubgi:COMMAND`` and ``gnubg``, ``gnubg@N``
(:doc:`/engines`).  Importing this module (as ``import tavla`` does) teaches
:func:`tavla.eval.policies.parse_policy` to read them."""

from __future__ import annotations

import shlex

from .._validate import excerpt
from ..errors import PlayoutError
from ..eval.policies import register_policy_reader
from .gnubg import Gnubg
from .policy import DEFAULT_TIMEOUT
from .ubgi import Ubgi

UBGI_PREFIX = "ubgi:"
GNUBG_NAME = "gnubg"


def engine_policy(text: str, *, timeout: float = DEFAULT_TIMEOUT) -> Ubgi | Gnubg | None:
    """The engine a policy name stands for, not started: ``ubgi:COMMAND`` (the command
    split as a shell would: ``ubgi:"tavla ubgi --policy pubeval"`` on a command line) is a
    :class:`~tavla.engines.Ubgi`, ``gnubg`` a :class:`~tavla.engines.Gnubg` at 0-ply and
    ``gnubg@N`` at N plies; None for any other name.  Raises :class:`~tavla.PlayoutError`
    for an empty command or a bad depth, :class:`~tavla.EngineError` for gnubg when it is
    not installed."""
    if text.startswith(UBGI_PREFIX):
        command = text[len(UBGI_PREFIX) :]
        try:
            arguments = shlex.split(command)
        except ValueError as error:
            message = f"cannot read the UBGI command {excerpt(command)}: {error}"
            raise PlayoutError(message) from None
        if not arguments:
            raise PlayoutError("ubgi:COMMAND needs the command that runs the engine")
        return Ubgi(arguments, timeout=timeout)
    name, at, depth = text.partition("@")
    if name != GNUBG_NAME:
        return None
    if at and not (depth.isascii() and depth.isdigit()):
        raise PlayoutError(f"gnubg@N takes a number of plies, got {excerpt(text)}")
    return Gnubg(int(depth) if at else 0, timeout=timeout)


register_policy_reader(
    engine_policy, "an external engine is ubgi:COMMAND (a UBGI engine) or gnubg, gnubg@N"
)

"""Move generation in batches: many positions and rolls in one call, NumPy in and out."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from ..errors import InvalidBufferError, InvalidPositionError, NotationError, TavlaError
from .position import int8_counts


def _as_array(value: npt.ArrayLike, what: str, error: type[TavlaError]) -> npt.NDArray[Any]:
    """``np.asarray(value)``, NumPy's refusals (ragged nesting, say) raised as ``error``."""
    try:
        return np.asarray(value)
    except (TypeError, ValueError) as exc:
        raise error(f"{what} cannot be read as an array: {exc}") from None


def _as_int8_boards(boards: npt.ArrayLike) -> npt.NDArray[np.int8]:
    array = _as_array(boards, "boards", InvalidPositionError)
    if array.ndim != 3 or array.shape[1:] != (2, 26):
        raise InvalidPositionError(f"boards must have shape (N, 2, 26), got {array.shape}")
    return int8_counts(array, rows=True)


def _checked_out(out: object, boards: npt.NDArray[np.int8]) -> npt.NDArray[np.int8]:
    """``out`` when it can take results: InvalidBufferError naming the fault otherwise."""
    if not isinstance(out, np.ndarray):
        raise InvalidBufferError(f"out must be a NumPy array or None, got {type(out).__name__}")
    if out.dtype != np.int8:
        raise InvalidBufferError(f"out must have dtype int8, got {out.dtype}")
    if out.ndim != 3 or out.shape[1:] != (2, 26):
        raise InvalidBufferError(f"out must have shape (K, 2, 26), got {out.shape}")
    if not out.flags.c_contiguous:
        raise InvalidBufferError("out must be C-contiguous (np.empty((K, 2, 26), np.int8))")
    if not out.flags.writeable:
        raise InvalidBufferError("out must be writable")
    if np.may_share_memory(out, boards):
        raise InvalidBufferError("out must not share memory with boards")
    return out


def legal_results(
    boards: npt.ArrayLike,
    dice: npt.ArrayLike,
    out: npt.NDArray[np.int8] | None = None,
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int64]]:
    """Every legal resulting position of many positions and rolls, in one call.

    Args:
        boards: ``(N, 2, 26)`` array of whole counts (any integer dtype, or floats holding
            whole numbers; int8 C-contiguous input is used without a copy), each a valid
            board seen from the side on roll (:ref:`encoding`).
        dice: ``(N, 2)`` integer array of rolls, each die 1..6.
        out: None (default), or a buffer for the results to reuse across calls: a
            writable, C-contiguous ``int8`` array of shape ``(K, 2, 26)`` sharing no memory
            with ``boards``, with room for every result (``K >= M``; a row has at most a
            few hundred results, the opening rolls 16 to 26).  ``results`` is then
            ``out[:M]``, a view of the same memory, and no new array is allocated.

    Returns:
        ``(results, offsets)``: ``results`` is ``(M, 2, 26)`` int8, each result with the
        opponent on roll; the results of row ``i`` are ``results[offsets[i]:offsets[i + 1]]``
        (``offsets`` is ``(N + 1,)`` int64, CSR style).  A row where nothing can move yields
        one result: its own board handed to the opponent.  Rules R7-R13; distinct results
        only.  The C++ core releases the GIL while it works.  A fresh ``results`` array is
        new memory the operating system zeroes as it is first written (a third of a large
        batch's time): ``out`` reused across calls avoids that.

    Raises:
        InvalidBufferError: ``out`` is not a writable C-contiguous int8 ``(K, 2, 26)``
            array, shares memory with ``boards``, or is too small: the message gives the
            ``M`` rows needed (``out``'s rows are overwritten all the same)
        InvalidPositionError: ``boards`` is not an ``(N, 2, 26)`` array of whole counts
            (ragged nesting included), or a board breaks R1-R4 or its game is over (the
            message names the row).
        NotationError: ``dice`` is not an ``(N, 2)`` integer array (ragged nesting
            included), or a die is outside 1..6 (the message names the row).
    """
    board_array = _as_int8_boards(boards)
    dice_array = _as_array(dice, "dice", NotationError)
    if dice_array.shape != (board_array.shape[0], 2):
        raise NotationError(
            f"dice must have shape ({board_array.shape[0]}, 2) to match boards, "
            f"got {dice_array.shape}"
        )
    if not np.issubdtype(dice_array.dtype, np.integer):
        raise NotationError(f"dice are integers, got dtype {dice_array.dtype}")
    # min() and max() first: searching every die for a bad one costs 2% of a large batch.
    if dice_array.size and (dice_array.min() < 1 or dice_array.max() > 6):
        row = int(np.argwhere((dice_array < 1) | (dice_array > 6))[0][0])
        got = tuple(int(d) for d in dice_array[row])
        raise NotationError(f"row {row}: dice must be 1 to 6, got {got}")
    buffer = None if out is None else _checked_out(out, board_array)
    rolls = dice_array.astype(np.int64, copy=False)
    results, offsets = _core.legal_results(board_array, rolls, out=buffer)
    if buffer is not None and not np.shares_memory(results, buffer):
        raise InvalidBufferError(
            f"out has room for {buffer.shape[0]:,} results, the batch has {len(results):,}:"
            f" give out at least {len(results):,} rows"
        )
    return results, offsets

"""Reading a typed play (R7-R14): which legal play of a roll the moves a person wrote mean.

Private to :mod:`tavla.board`: it works on raw 52-byte boards with the core's single-move
rule and knows nothing of :class:`~tavla.Position` or :class:`~tavla.Play`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Sequence, Sized
from itertools import accumulate, permutations

from .. import _core
from .._validate import excerpt
from ..errors import IllegalPlayError, NotationError
from .dice import Roll
from .notation import MOST_MOVES, Segment, parse_play, point_name, written_moves

_LONGEST_SHOWN = 100
"""A typed play longer than this (in characters) is quoted by an excerpt in messages."""


def meant_result(
    key: bytes,
    dice: Roll,
    play: str | Sequence[Sequence[int]],
    legal: Collection[bytes],
    notation: Callable[[bytes], str],
    moves_needed: int,
) -> bytes:
    """The result key (opponent on roll) of the legal play that the typed ``play`` means.

    ``legal`` holds the result keys of the roll's legal plays, ``notation`` names the play
    leading to one of them, ``moves_needed`` is how many moves every legal play has (R9).
    Raises IllegalPlayError or NotationError as :func:`tavla.board.position.find_play` says.
    """
    roll = _roll_text(dice)
    pool = dice if dice[0] != dice[1] else (dice[0],) * 4
    written = _written_moves(play)
    if written > 2 * MOST_MOVES:  # far too many for any roll: refused before it is read
        raise IllegalPlayError(
            f"too many moves for the roll {roll}: {excerpt(_stripped(play))} has {written} moves"
            " or more,"
            f" the roll plays {len(pool)}"
        )
    segments = parse_play(play)
    shown = " ".join(f"{point_name(a)}/{point_name(b)}" for a, b in segments) or "no move"
    if len(shown) > _LONGEST_SHOWN:
        shown = excerpt(shown)
    options = [_die_orders(segment, pool) for segment in segments]
    for (start, end), orders in zip(segments, options, strict=True):
        if not orders:
            goal = (
                f"bears off from {point_name(start)}" if end == 0 else f"makes {start - end} pips"
            )
            raise IllegalPlayError(
                f"{point_name(start)}/{point_name(end)}: die not in the roll {roll} "
                f"(no die or sum of dice {goal})"
            )
    if len(segments) > len(pool):
        raise IllegalPlayError(
            f"too many moves for the roll {roll}: {shown} has {len(segments)} moves, "
            f"the roll plays {len(pool)}"
        )
    assignments = _assignments(options, pool)
    if not assignments:
        needs = ", ".join(
            f"{point_name(start)}/{point_name(end)} takes "
            + " or ".join(sorted({"+".join(map(str, sorted(order))) for order in orders}))
            for (start, end), orders in zip(segments, options, strict=True)
        )
        raise IllegalPlayError(
            f"{shown} does not fit the roll {roll}: {needs}, and the roll cannot give every"
            " move its dice"
        )

    search = _Search(key)
    for assignment in assignments:
        search.run(segments, assignment)
    matched = {result: hidden for result, hidden in search.results.items() if result in legal}
    if matched:
        meant = [result for result, hidden in matched.items() if not hidden] or list(matched)
        if len(meant) > 1:
            choices = " or ".join(sorted(notation(result) for result in meant))
            raise NotationError(f"{shown} is ambiguous with the roll {roll}: write {choices}")
        return meant[0]
    if search.results:
        raise IllegalPlayError(_dice_rule_fault(shown, dice, search.most_dice, moves_needed))
    assert search.fault is not None  # every path either completes or records its fault
    raise IllegalPlayError(search.fault[2])


def _written_moves(play: object) -> int:
    """How many moves ``play`` writes at least (:func:`~tavla.board.notation.written_moves`
    for text, its length for a sequence of moves)."""
    if isinstance(play, str):
        return written_moves(play)
    return len(play) if isinstance(play, Sized) else 0


def _stripped(play: object) -> object:
    return play.strip() if isinstance(play, str) else play


def _roll_text(dice: Roll) -> str:
    return f"{dice[0]}-{dice[1]}"


def _die_orders(segment: Segment, pool: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Orders of dice from the roll that take one checker along ``segment``.

    Each intermediate landing stays above the end; the last die lands on the end, or for a
    bear-off may be larger than needed (R13 decides later whether that is allowed).
    """
    start, end = segment
    found = set()
    for count in range(1, len(pool) + 1):
        for order in set(permutations(pool, count)):
            *between, last = accumulate(order, lambda point, die: point - die, initial=start)
            if all(point > end for point in between[1:]) and (last == end if end else last <= 0):
                found.add(order)
    return found


def _assignments(
    options: list[set[tuple[int, ...]]], pool: tuple[int, ...]
) -> set[tuple[tuple[int, ...], ...]]:
    """Every choice of one die order per segment that the roll's dice can pay for together."""
    chosen: set[tuple[tuple[int, ...], ...]] = {()}
    for orders in options:
        chosen = {
            (*done, order)
            for done in chosen
            for order in orders
            if Counter(order) + Counter(die for part in done for die in part) <= Counter(pool)
        }
    return chosen


# What single_move's reasons break, and how telling they are when several paths fail: a
# blocked point or a bear-off fault is a fact of the board, while "no checker there" and
# "enter first" often just mean the moves were tried in another order.
_FAULT_RULES = {
    "no checker there": ("", 0),
    "a checker on the bar must enter first": (" (R12)", 1),
    "the point is blocked": (" (R10)", 2),
    "cannot bear off before all checkers are home": (" (R13)", 2),
    "a higher point is occupied, so this die must move inside": (" (R13)", 2),
}

# Per checker path: (point it is on, end point, dice still to play, start point).
_Paths = tuple[tuple[int, int, tuple[int, ...], int], ...]


class _Search:
    """Depth-first over the orders in which the typed moves can be played, one die at a time
    with ``_core.single_move`` (which knows R7-R13 for a single move)."""

    def __init__(self, key: bytes) -> None:
        self._key = key
        self._dice = 0  # dice played by the assignment being searched
        self._seen: set[tuple[bytes, _Paths, bool]] = set()
        self.results: dict[bytes, bool] = {}
        """Result key (opponent on roll) -> True if every path to it hit on an unnamed point."""
        self.most_dice = 0
        self.fault: tuple[int, int, str] | None = None
        """(weight, -moves played before it, message) of the most telling failure: the
        weightiest, then the earliest (a later failure is often an artefact of the order)."""

    def run(self, segments: list[Segment], assignment: tuple[tuple[int, ...], ...]) -> None:
        paths = tuple(
            sorted(
                ((a, b, order, a) for (a, b), order in zip(segments, assignment, strict=True)),
                reverse=True,
            )
        )
        self._dice = sum(len(order) for order in assignment)
        self._walk(self._key, paths, False, 0)

    def _walk(self, key: bytes, paths: _Paths, hidden_hit: bool, depth: int) -> None:
        if (key, paths, hidden_hit) in self._seen:
            return
        self._seen.add((key, paths, hidden_hit))
        if all(not order for _, _, order, _ in paths):
            result = key[26:] + key[:26]
            self.results[result] = self.results.get(result, True) and hidden_hit
            self.most_dice = max(self.most_dice, self._dice)
            return
        for index, (point, end, order, start) in enumerate(paths):
            if not order:
                continue
            die = order[0]
            landing = max(point - die, 0)
            try:
                next_key, hit = _core.single_move(key, point, die)
            except ValueError as exc:
                self._record(depth, point, landing, die, (start, end), str(exc))
                continue
            moved = (landing, end, order[1:], start)
            rest = tuple(sorted((*paths[:index], moved, *paths[index + 1 :]), reverse=True))
            self._walk(next_key, rest, hidden_hit or (hit and landing != end), depth + 1)

    def _record(
        self, depth: int, point: int, landing: int, die: int, segment: Segment, reason: str
    ) -> None:
        rule, weight = _FAULT_RULES.get(reason, ("", 0))
        step = f"{point_name(point)}/{point_name(landing)}"
        if landing == 0 and die > point:
            step += f" with the {die}"
        if segment != (point, landing):
            step += f" (in {point_name(segment[0])}/{point_name(segment[1])})"
        fault = (weight, -depth, f"{step}: {reason}{rule}")
        if self.fault is None or fault[:2] > self.fault[:2]:
            self.fault = fault


def _dice_rule_fault(shown: str, dice: Roll, used: int, need: int) -> str:
    """Why a play whose every move is legal is still not (R9): it leaves dice unplayed that
    another play uses, or plays the smaller die where the larger could be played."""
    roll = _roll_text(dice)
    if used < need:
        if dice[0] != dice[1] and need == 2:
            return f"{shown}: must use both dice of {roll} (R9): another play uses both"
        return (
            f"{shown}: must play more dice (R9): it plays {used} of {roll}, "
            f"another play uses {need}"
        )
    return f"{shown}: must play the larger die, {max(dice)} (R9): either die can be played alone"

"""Net sets: each position judged by the member of its class (alone, and among the plays of a
turn that fall in several classes), files, pickles, use as a policy and in rollouts, and the
refusals."""

from __future__ import annotations

import pickle
from pathlib import Path

import numpy as np
import pytest

import tavla
from tavla import NetError
from tavla.eval import Net, NetSet, hint
from tavla.eval.classes import CLASSES, classify
from tests.helpers import npz
from tests.helpers.boards import position, stopped_boards
from tests.helpers.plays import check_plays, search_of

# The contact and crashed members read different encodings, so that a mix-up shows.
CONTACT = Net.random((218, 12, 5), encoding="tavla218", seed=1)
CRASHED = Net.random((198, 10, 5), encoding="td198", seed=2)
RACE = Net.random((200, 8, 5), encoding="gnubg200", seed=3)
SET = NetSet({"contact": CONTACT, "crashed": CRASHED, "race": RACE})


@pytest.fixture(scope="module")
def boards() -> np.ndarray:
    """Boards of every class, from random games stopped after 2 to 200 plies."""
    return stopped_boards((2, 20, 60, 120, 200), 300)


def test_each_position_goes_to_the_member_of_its_class(boards: np.ndarray) -> None:
    classes = classify(boards)
    assert isinstance(classes, np.ndarray)
    assert set(classes.tolist()) == {0, 1, 2, 3}  # every class is there
    members = {0: CONTACT, 1: CRASHED, 2: RACE, 3: RACE}  # bear-offs: the race net's
    expected = np.empty((len(boards), 5))
    for c, net in members.items():
        expected[classes == c] = net.evaluate(boards[classes == c])
    assert np.array_equal(SET.evaluate(boards), expected)
    assert SET.nets == {"contact": CONTACT, "crashed": CRASHED, "race": RACE, "bearoff": RACE}


def test_plays_that_change_class_are_each_judged_by_their_own_member() -> None:
    # The side on roll's last checker back, on its 24-point, behind the opponent's checkers
    # on the mover's 19..21: 6-5 runs it to 13 (a race), 13/7 13/8 keeps contact.
    start = position({24: 1, 13: 4, 6: 5, 5: 5}, {6: 5, 5: 5, 4: 5})
    plays = start.legal_plays("65")
    kinds = {classify(play.position) for play in plays}
    assert kinds == {"contact", "race"}
    ranked = hint(start, "65", SET, bearoff=False)
    assert len(ranked) == len(plays)
    for entry in ranked:
        after = entry.play.position  # the opponent on roll
        member = CONTACT if classify(after) == "contact" else RACE
        mine = member.evaluate(after)
        flipped = [1 - mine[0], mine[3], mine[4], mine[1], mine[2]]
        np.testing.assert_allclose(entry.probabilities, flipped, atol=1e-6)


def test_plays_of_one_class_match_the_member() -> None:
    ranked = hint(tavla.Position.initial(), "31", SET)
    alone = hint(tavla.Position.initial(), "31", CONTACT)
    assert [r.play.notation for r in ranked] == [r.play.notation for r in alone]
    np.testing.assert_allclose(
        [r.probabilities for r in ranked], [r.probabilities for r in alone], atol=1e-6
    )


def test_a_set_of_contact229_and_race205_nets_values_plays_as_its_members(
    boards: np.ndarray,
) -> None:
    """The encodings of the trained sets, each member summing its candidates' first layer from
    the position before the turn: the plays of positions of every class, one after another on
    one thread (the members take turns), agree with the set's single evaluations."""
    contact = Net.random((229, 16, 5), encoding="contact229", seed=4)
    race = Net.random((205, 16, 5), encoding="race205", seed=5)
    trained = NetSet({"contact": contact, "race": race})
    search = search_of(trained.native)
    rng = np.random.default_rng(7)
    picked = boards[rng.choice(len(boards), 400, replace=False)]
    assert set(classify(picked).tolist()) == {0, 1, 2, 3}
    for board in picked:
        roll = rng.integers(1, 7, 2)
        check_plays(search, trained.evaluate, board, (int(roll[0]), int(roll[1])))


def test_file_round_trip(tmp_path: Path, boards: np.ndarray) -> None:
    meta = NetSet(
        {"contact": CONTACT, "race": RACE}, crashed_checkers=4, metadata={"generation": 1}
    )
    path = tmp_path / "set.npz"
    meta.save(path)
    with np.load(path) as data:
        assert str(data["format"]) == "tavla-net-set-1"
        assert data["members"].tolist() == [0, 0, 1, 1]  # crashed: contact, bearoff: race
        assert int(data["crashed_checkers"]) == 4
        assert {"net0.encoding", "net0.w0", "net1.b1", "metadata"} <= set(data.files)
    for loader in (Net.load, NetSet.load, tavla.eval.evaluators.load_net):
        loaded = loader(str(path) if loader is tavla.eval.evaluators.load_net else path)
        assert isinstance(loaded, NetSet) and loaded == meta
        assert loaded.crashed_checkers == 4 and loaded.metadata == {"generation": 1}
        assert np.array_equal(loaded.evaluate(boards), meta.evaluate(boards))
    assert meta != SET and NetSet({"contact": CONTACT, "race": RACE}) != meta


def test_pickle_equality_and_hash(boards: np.ndarray) -> None:
    again = pickle.loads(pickle.dumps(SET))
    assert again == SET and hash(again) == hash(SET)
    assert np.array_equal(again.evaluate(boards), SET.evaluate(boards))
    assert SET != CONTACT and CONTACT != SET
    assert repr(SET).startswith("<NetSet contact <Net tavla218 218-12-5 sigmoid>, crashed")


def test_a_set_plays_wherever_a_net_does() -> None:
    policy = tavla.eval.Policy(SET)
    games = tavla.selfplay(policy, 4, seed=2, threads=2)
    one_thread = tavla.selfplay(policy, 4, seed=2, threads=1)
    assert games.games == 4 and np.array_equal(games.plies, one_thread.plies)
    lockstep = tavla.selfplay(lambda candidates: SET.evaluate(candidates)[:, 0] * -1, 4, seed=2)
    assert lockstep.games == 4
    by_net = tavla.duel(SET, "random", 20, seed=5, threads=1)
    assert by_net.games == 20
    start = tavla.Position.initial()
    result = tavla.rollout(start, SET, 36, truncate=4, evaluator=SET, seed=1, threads=1)
    assert result.games == 36 and 0 < result.win < 1
    assert tavla.evaluate(start, SET, 1).plies == 1


def test_single_net_attributes_are_refused() -> None:
    for name in ("encoding", "activation", "sizes", "weights", "biases"):
        with pytest.raises(NetError, match=f"a net set has no single {name}"):
            getattr(SET, name)
    assert SET.kernel == CONTACT.kernel


def test_constructor_refusals() -> None:
    with pytest.raises(NetError, match="needs a race net"):
        NetSet({"contact": CONTACT})
    with pytest.raises(NetError, match="needs a contact net"):
        NetSet({"race": RACE})
    with pytest.raises(NetError, match="unknown position class 'pruning'"):
        NetSet({"contact": CONTACT, "race": RACE, "pruning": RACE})
    with pytest.raises(NetError, match="the race member must be a Net"):
        NetSet({"contact": CONTACT, "race": SET})
    with pytest.raises(NetError, match="the crashed member must be a Net"):
        NetSet({"contact": CONTACT, "race": RACE, "crashed": "net:x"})  # type: ignore[dict-item]
    with pytest.raises(NetError, match="nets must be a mapping"):
        NetSet([CONTACT, RACE])  # type: ignore[arg-type]
    with pytest.raises(NetError, match="crashed_checkers must be an int from 0 to 15"):
        NetSet({"contact": CONTACT, "race": RACE}, crashed_checkers=-1)


def set_arrays() -> dict[str, np.ndarray]:
    return {"format": np.array("tavla-net-set-1"), **SET.to_arrays()}


def set_file(**changes: object) -> dict[str, object]:
    return npz.changed(set_arrays(), **changes)


MALFORMED = {
    "no members": (set_file(members=None), "missing key 'members'"),
    "members shape": (
        set_file(members=np.array([0, 1], dtype=np.int64)),
        r"members must be int64 of shape \(4,\)",
    ),
    "a member unused": (
        set_file(members=np.array([0, 0, 2, 2], dtype=np.int64)),
        "members must use each of the 3 member nets",
    ),
    "crashed not int": (
        set_file(crashed_checkers=np.array(2.5)),
        "crashed_checkers must be an int64 scalar",
    ),
    "crashed too many": (
        set_file(crashed_checkers=np.array(20, dtype=np.int64)),
        "crashed_checkers must be an int from 0 to 15",
    ),
    "stray key": (set_file(notes=np.array("x")), "unknown key 'notes'"),
    "a gap": (set_file(**{"net1.w0": None}), "net1: missing key 'w0'"),
    "a member's fault": (
        set_file(**{"net2.encoding": np.array("td199")}),
        "net2: unknown encoding 'td199'",
    ),
}


@pytest.mark.parametrize("case", list(MALFORMED), ids=list(MALFORMED))
def test_malformed_files(tmp_path: Path, case: str) -> None:
    arrays, message = MALFORMED[case]
    npz.assert_refused(tmp_path, arrays, Net.load, NetError, message)


def test_a_single_net_is_no_set(tmp_path: Path) -> None:
    CONTACT.save(tmp_path / "one.npz")
    with pytest.raises(NetError, match="format is 'tavla-net-1', expected 'tavla-net-set-1'"):
        NetSet.load(tmp_path / "one.npz")
    assert Net.load(tmp_path / "one.npz") == CONTACT
    with pytest.raises(NetError, match="expected 'tavla-net-1' or 'tavla-net-set-1'"):
        np.savez(tmp_path / "other.npz", format=np.array("tavla-net-9"))
        Net.load(tmp_path / "other.npz")
    assert CLASSES[0] == "contact"


def test_td_training_takes_one_net_only(tmp_path: Path) -> None:
    from tavla.errors import TrainingError

    with pytest.raises(TrainingError, match="TD training trains one net, not a net set"):
        tavla.eval.train_td(10, start=SET)
    SET.save(tmp_path / "set.npz")
    with pytest.raises(TrainingError, match="not a net set"):
        tavla.eval.train_td(10, start=tmp_path / "set.npz")
    with pytest.raises(TrainingError, match="net must be a Net"):
        tavla.eval.td_errors(SET)

"""Out-of-range values in actions (tile=99, tile=-1, suit=3, item parameters): refused with
IllegalActionError, the state unchanged, the message naming the value as given and short."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import check_action
from engine.items import ITEM_IDS, ItemRefusedError
from engine.replay import record
from engine.round import Action, ActionKind, IllegalActionError, Round
from engine.rules import get_preset

AK = ActionKind
INVENTORY = dict.fromkeys(ITEM_IDS, 2)


def _round_at(seed: int, steps: int, preset: str = "standard") -> Round:
    """A hand with items, after ``steps`` random legal decisions."""
    r = Round.new(get_preset(preset), seed, inventories=[INVENTORY] * 4)
    rng = random.Random(seed)
    for _ in range(steps):
        if r.is_over:
            break
        seat = r.pending_seats()[0]
        legal = [a for a in r.legal_actions(seat) if a.kind is not AK.USE_ITEM]
        r.apply(rng.choice(legal))
    return r


def _state(r: Round) -> object:
    return (
        record(r),
        len(r.events),
        [r.hand_of(s) for s in range(4)],
        r.phase,
        r.step,
        r.pending_seats(),
        [r.legal_actions(s) for s in range(4)],
        r.wall_remaining,
        [r.view(s) for s in range(4)],
    )


@pytest.mark.parametrize(
    ("action", "shown"),
    [
        (Action(AK.DISCARD, 0, 99), "tile=99"),
        (Action(AK.DISCARD, 0, -1), "tile=-1"),
        (Action(AK.WIN, 1, -27), "tile=-27"),
        (Action(AK.DECLARE_VOID, 0, suit=3), "suit=3"),
        (Action(AK.DECLARE_VOID, 0, suit=-1), "suit=-1"),
        (Action(AK.EXCHANGE_THREE, 0, tiles=(1, 2, 99)), "tiles=(1, 2, 99)"),
        (Action(AK.DISCARD, 7, 3), "seat=7"),
        (Action(AK.DISCARD, -1, 3), "seat=-1"),
        (Action(AK.USE_ITEM, 0, tile=99, item="yi_hua"), "tile=99"),
        (Action(AK.USE_ITEM, 0, tile=3, tiles=(-5,), item="tou_tian"), "tiles=(-5,)"),
        (Action(AK.USE_ITEM, 0, tile=27, item="qian_li_yan"), "tile=27"),
        (Action(AK.DISCARD, 0, "5p"), "tile='5p'"),  # type: ignore[arg-type]
        (Action(AK.DISCARD, 0, True), "tile=True"),  # type: ignore[arg-type]
        (Action("discard", 0, 3), "kind='discard'"),  # type: ignore[arg-type]
    ],
)
def test_out_of_range_values_are_illegal_and_change_nothing(action: Action, shown: str) -> None:
    for steps in (0, 12, 40):
        r = _round_at(3, steps)
        before = _state(r)
        with pytest.raises(IllegalActionError) as exc:
            r.apply(action)
        message = str(exc.value)
        assert shown in message and "9s" not in message.split(":")[0], message
        assert len(message) < 200 and "\n" not in message
        assert _state(r) == before


def test_a_wrong_tile_is_never_shown_as_another_tile() -> None:
    assert str(Action(AK.DISCARD, 0, -1)) == "Action(DISCARD seat=0 tile=-1)"
    assert str(Action(AK.DISCARD, 0, 26)) == "Action(DISCARD seat=0 9s)"
    assert "suit=3" in str(Action(AK.DECLARE_VOID, 0, suit=3))
    huge = str(Action(AK.USE_ITEM, 0, item="x" * 10_000))
    assert len(huge) < 100


def test_not_an_action_and_bad_seats() -> None:
    r = _round_at(5, 0)
    before = _state(r)
    for bad in (None, "discard 5p", {"seat": 0}):
        with pytest.raises(IllegalActionError, match="not an action"):
            r.apply(bad)  # type: ignore[arg-type]
    for seat in (4, -1, 10**30):
        with pytest.raises(IllegalActionError, match="not a seat 0-3"):
            r.leave(seat)
        with pytest.raises(ValueError, match="seat must be 0-3"):
            r.legal_actions(seat)
        with pytest.raises(ValueError, match="seat must be 0-3"):
            r.view(seat)
    with pytest.raises(IllegalActionError, match="the seat must be 0-3"):
        r.apply(Action(AK.DISCARD, [0], 3))  # type: ignore[arg-type]
    assert _state(r) == before


def test_an_item_refused_for_its_parameters_keeps_the_item() -> None:
    r = _round_at(5, 4)  # the voids declared, the dealer's first turn
    seat = r.pending_seats()[0]
    assert r.step.value == "turn"
    before = _state(r)
    held = r.hand_of(seat)
    absent = next(k for k in range(27) if held[k] == 0)
    with pytest.raises(ItemRefusedError) as exc:
        r.apply(Action(AK.USE_ITEM, seat, tile=absent, item="yi_hua"))
    assert exc.value.refusal.code == "not_in_hand"
    assert _state(r) == before


values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.integers(-30, 60),
    st.text(max_size=30),
    st.floats(allow_nan=True),
    st.lists(st.integers(-5, 40), max_size=20).map(tuple),
)


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 40),
    steps=st.integers(0, 80),
    kind=st.sampled_from(list(AK)),
    seat=st.one_of(st.integers(-2, 6), values),
    tile=values,
    tiles=values,
    suit=values,
    item=st.one_of(st.sampled_from(ITEM_IDS), values),
)
def test_any_values_are_applied_or_refused_cleanly(
    seed: int, steps: int, kind: AK, seat: object, tile: object, tiles: object, suit: object,
    item: object,
) -> None:  # fmt: skip
    r = _round_at(seed, steps)
    action = Action(kind, seat, tile, tiles, suit, item)  # type: ignore[arg-type]
    before = _state(r)
    try:
        check_action(action)
    except IllegalActionError:
        valid = False
    else:
        valid = True
    try:
        r.apply(action)
    except IllegalActionError as exc:
        assert len(str(exc)) < 400 and "\n" not in str(exc)
        assert _state(r) == before
    else:
        assert valid  # only well-formed actions are ever applied

"""The end-position search (climb.reach) against a brute-force reference.

The reference below is written from the rulebook alone: dice are used one
at a time in any order, each use is + - x or exact / on one pawn, every
intermediate space must be on the board (0..101), a pawn on 101 is home
and takes no more uses, and when both are home the turn (the game) ends
with dice left over.  Positions are raw: no bumping.
"""

from functools import lru_cache

import pytest
from hypothesis import given, settings, strategies as st

from primeplay.climb import reachable
from primeplay.climb.reach import search

HOME = 101


def uses(p, d):
    """Every space one use of the number d takes a pawn on p to."""
    out = set()
    if p + d <= HOME:
        out.add(p + d)
    if p - d >= 0:
        out.add(p - d)
    if p * d <= HOME:
        out.add(p * d)
    if p % d == 0:
        out.add(p // d)
    return out


@lru_cache(maxsize=None)
def ref_reach(a, b, dice, keepers=()):
    """End pairs from (a, b); ``dice`` and ``keepers`` are sorted tuples.

    Every die must be used; each keeper (add or subtract its number) may be
    used once at any point, or not at all.
    """
    if a == HOME and b == HOME:
        return frozenset([(HOME, HOME)])
    out = set()
    if not dice:
        out.add((a, b))
    for d in set(dice):
        rest = list(dice)
        rest.remove(d)
        rest = tuple(rest)
        moved = False
        if a != HOME:
            for q in uses(a, d):
                moved = True
                out |= ref_reach(q, b, rest, keepers)
        if b != HOME:
            for q in uses(b, d):
                moved = True
                out |= ref_reach(a, q, rest, keepers)
        # With every operation allowed a pawn on the board always has a use
        # (0 x d, or + or -), so no die is ever stuck here.
        assert moved
    for k in set(keepers):
        rest = list(keepers)
        rest.remove(k)
        rest = tuple(rest)
        for p, put in ((a, lambda q: (q, b)), (b, lambda q: (a, q))):
            if p == HOME:
                continue
            for q in (p + k, p - k):
                if 0 <= q <= HOME:
                    out |= ref_reach(*put(q), dice, rest)
    return frozenset(out)


def ref(pawns, dice, keepers=()):
    return set(ref_reach(pawns[0], pawns[1], tuple(sorted(dice)),
                         tuple(sorted(keepers))))


spaces = st.integers(0, HOME)
distinct_dice = st.lists(st.integers(1, 10), min_size=2, max_size=2,
                         unique=True)
doubles = st.integers(1, 10).map(lambda d: [d] * 4)
rolls = st.one_of(distinct_dice, doubles)


# ------------------------------------------------------ brute force

@settings(max_examples=300, deadline=None)
@given(a=spaces, b=spaces, dice=rolls)
def test_reachable_equals_brute_force(a, b, dice):
    got = reachable((a, b), dice)
    assert isinstance(got, set)
    assert got == ref((a, b), dice)


@pytest.mark.parametrize("pawns,dice", [
    ((0, 0), [1, 1, 1, 1]),
    ((0, 0), [10, 10, 10, 10]),
    ((101, 101), [3, 9]),
    ((101, 0), [2, 5]),
    ((50, 101), [7, 7, 7, 7]),
    ((100, 100), [1, 1, 1, 1]),
    ((97, 99), [2, 2, 2, 2]),
    ((1, 101), [10, 1]),
])
def test_reachable_edge_cases_equal_brute_force(pawns, dice):
    assert reachable(pawns, dice) == ref(pawns, dice)


def test_both_home_is_only_home():
    assert reachable((101, 101), [4, 6]) == {(101, 101)}
    assert reachable((101, 101), [4, 4, 4, 4]) == {(101, 101)}


def test_result_is_symmetric_in_the_pawns():
    for pawns, dice in (((4, 26), [3, 9]), ((13, 77), [5, 5, 5, 5]),
                        ((0, 99), [2, 10])):
        a = reachable(pawns, dice)
        b = reachable(pawns[::-1], dice)
        assert b == {(y, x) for x, y in a}


def test_dice_order_does_not_matter():
    assert reachable((4, 26), [3, 9]) == reachable((4, 26), [9, 3])


# ------------------------------------------------------ rulebook examples

def test_example_1_pawns_on_4_and_26_with_3_and_9():
    r = reachable((4, 26), [3, 9])
    assert (63, 26) in r          # 4 + 3 = 7, 7 x 9 = 63
    assert (4, 87) in r           # 26 x 3 = 78, 78 + 9 = 87
    assert (13, 78) in r          # 4 + 9 = 13 and 26 x 3 = 78
    # 26 + 9 = 35 then 35 x 3 = 105 is off the board: never a 105, and 35
    # can only be kept by spending the 3 on the other pawn.
    assert all(0 <= x <= 101 and 0 <= y <= 101 for x, y in r)
    assert not any(105 in pair for pair in r)
    assert (4, 35) not in r
    assert {(7, 35), (1, 35), (12, 35)} <= r


def test_example_98_with_a_7_cannot_reach_101_or_bounce():
    # "You cannot roll to 101 by adding, and cannot roll forward 3 and back
    # 4 to end at 97.  The only options ... end at 91, or ... at 14."  With
    # the other pawn home every use goes to the pawn on 98; the 1 is applied
    # before or after the 7.
    r = reachable((98, 101), [7, 1])
    after_7 = {91, 14}
    want = set()
    for x in after_7:                         # 7 first, then the 1
        want |= uses(x, 1)
    for x in uses(98, 1):                     # 1 first, then the 7
        want |= uses(x, 7)
    assert want == {90, 91, 92, 13, 14, 15}
    assert r == {(x, 101) for x in want}
    assert (101, 101) not in r                # 98 + 7 is not allowed
    assert (97, 101) not in r                 # no bouncing off 101
    assert (96, 101) not in r and (98, 101) not in r
    # With a pawn at Start beside it, the 98 still never gets home.
    assert not any(x == 101 for x, _ in reachable((98, 0), [7, 1]))


def test_example_2_double_2s_from_78():
    r = reachable((78, 101), [2, 2, 2, 2])
    assert (44, 101) in r         # +2 80, /2 40, +2 42, +2 44
    assert (42, 101) in r         # +2 80, +2 82, +2 84, /2 42
    assert (41, 101) in r         # /2 39, +2 41, +2 43, -2 41


def test_example_3_dividing_64():
    r = reachable((64, 101), [2, 3])
    assert (29, 101) in r         # /2 32, -3 29
    assert (96, 101) in r         # /2 32, x3 96
    assert max(x for x, _ in r) == 96    # "closer to 101 than any other"


def test_faq_99_with_2_and_5_wins_without_the_5():
    assert (101, 101) in reachable((99, 101), [2, 5])
    assert (101, 101) in reachable((101, 99), [5, 2])


def test_first_pawn_home_passes_the_rest_to_the_other():
    # 99 + 2 = 101 takes the first pawn off; the 5 must go to the 0.
    r = reachable((99, 0), [2, 5])
    assert (101, 5) in r and (101, 0) in r
    assert (101, 2) not in r        # the 2 was spent getting home
    assert all(y in (0, 5) for x, y in r if x == 101)


# ------------------------------------------------------ bad input

@pytest.mark.parametrize("pawns,dice", [
    ((0, 0), [0, 5]),
    ((0, 0), [11, 5]),
    ((0, 0), [3, 4, 5]),
    ((0, 0), [3]),
    ((0, 0), []),
    ((-1, 0), [3, 4]),
    ((0, 102), [3, 4]),
    ((1.5, 0), [3, 4]),
    (("3", 0), [3, 4]),
    ((True, 0), [3, 4]),
    ((0, 0), [2.0, 4]),
    ((0, 0), [True, 4]),
    ((0, 0), "34"),
    ((0, 0, 0), [3, 4]),
    (5, [3, 4]),
])
def test_bad_input_raises_value_error(pawns, dice):
    with pytest.raises(ValueError):
        reachable(pawns, dice)


# ------------------------------------------------------ keepers

@settings(max_examples=50, deadline=None)
@given(a=spaces, b=spaces, dice=rolls)
def test_search_with_a_3_keeper_equals_brute_force(a, b, dice):
    got = search(a, b, dice, [3]).pairs()
    assert got == ref((a, b), dice, [3])
    # The Keeper is optional, so it only ever adds end positions.
    assert ref((a, b), dice) <= got


@settings(max_examples=50, deadline=None)
@given(a=spaces, b=spaces, dice=rolls,
       keepers=st.lists(st.integers(1, 9), min_size=1, max_size=2))
def test_search_with_keepers_equals_brute_force(a, b, dice, keepers):
    assert search(a, b, dice, keepers).pairs() == ref((a, b), dice, keepers)


def test_keeper_before_or_after_the_dice_gets_home():
    # 96 + 2 = 98, then the 3 Keeper after the last die: 101 (or the Keeper
    # first: 99, + 2 = 101).  The dice alone never get there.
    assert (101, 101) not in reachable((96, 101), [2, 10])
    assert (101, 101) not in search(96, 101, [2, 10]).pairs()
    assert (101, 101) in search(96, 101, [2, 10], [3]).pairs()
    # Only the dice that are left: no dice and a Keeper is still a choice.
    assert search(98, 101, [], [3]).pairs() == {(98, 101), (95, 101),
                                                (101, 101)}


def test_reach_object_views_agree():
    r = search(4, 26, [3, 9])
    pairs = r.pairs()
    assert len(r) == len(pairs) == len(list(r))
    assert all(p in r for p in pairs)
    assert (4, 26) not in r
    assert pairs == reachable((4, 26), [3, 9])


# ------------------------------------------------------ There and Back Again

TB_HOME = 202


def tb_space(v):
    return v if v <= HOME else TB_HOME - v


@lru_cache(maxsize=None)
def ref_tb(a, b, dice, done_a, done_b):
    """There and Back Again from the rulebook and ruling 10: progress
    0..202 (v > 101 is the way back, 202 home); "you cannot 'bounce off'
    101": a pawn that came to 101 takes no more uses this turn (nor one
    ``done`` from the start: parked).  When neither pawn can take a die,
    the dice left are lost."""
    done_a = done_a or a == TB_HOME
    done_b = done_b or b == TB_HOME
    if a == TB_HOME and b == TB_HOME:
        return frozenset([(a, b)])
    if not dice or (done_a and done_b):
        return frozenset([(a, b)])
    out = set()
    for d in set(dice):
        rest = list(dice)
        rest.remove(d)
        rest = tuple(rest)
        for v, done, other in ((a, done_a, 0), (b, done_b, 1)):
            if done:
                continue
            for q in uses(tb_space(v), d):
                nv = q if v < HOME else TB_HOME - q
                stop = nv == HOME
                if other == 0:
                    out |= ref_tb(nv, b, rest, stop, done_b)
                else:
                    out |= ref_tb(a, nv, rest, done_a, stop)
    return frozenset(out)


tb_progress = st.one_of(st.integers(0, TB_HOME), st.just(HOME),
                        st.integers(90, 112))


@settings(max_examples=300, deadline=None)
@given(a=tb_progress, b=tb_progress, dice=rolls,
       parked=st.integers(0, 3))
def test_there_and_back_search_equals_brute_force(a, b, dice, parked):
    parked &= (1 if a == HOME else 0) | (2 if b == HOME else 0)
    got = search(a, b, dice, (), "there_and_back", parked=parked).pairs()
    assert got == set(ref_tb(a, b, tuple(sorted(dice)), bool(parked & 1),
                             bool(parked & 2)))


def test_there_and_back_no_bounce_example():
    # The rulebook's 98 with a 3 and a 4: 101, then not back to 97.
    r = search(98, 20, [3, 4], (), "there_and_back").pairs()
    assert (101, 24) in r and (101, 16) in r
    assert (105, 20) not in r
    # Both pawns in with a die to spare: it is lost.
    assert (101, 101) in search(99, 99, [2, 2, 2, 2], (),
                                "there_and_back").pairs()

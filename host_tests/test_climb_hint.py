"""The Hint: legal in sequence, turn-optimal in the standard race.

Rulebook (prime-climb-rules-excerpt.md): "You must use all of your rolled
numbers, one at a time.  If you have Keeper cards, you may choose to play
one or more of them before, between, or after applying your dice rolls."
So a hint is a sequence of die uses, possibly with Keepers among them,
that uses every die.
"""

import pytest
from hypothesis import given, settings, strategies as st, HealthCheck

from primeplay.climb import Settings, Game, values
from primeplay.climb.bot import Bot
from primeplay.climb.selfplay import play_bots
from primeplay.climb.hint import hint, min_pair
from primeplay.climb.reach import search
from primeplay.climb.rules import MOVE, apply, legal_moves, is_legal
from primeplay.climb.settings import PRESETS
from climb_helpers import place, give


def settled_v(x, y):
    if x == y and 0 < x < 101:
        y = 0
    return values.turns_x1000(x, y)


def check_hint(state):
    """The hint's moves are legal one after another and use every die."""
    moves = hint(state)
    assert moves, "no hint with dice %r" % (state.dice,)
    s = state.copy()
    for m in moves:
        assert is_legal(s, m), (m, moves)
        apply(s, m)
    assert not s.dice or s.winner is not None or s.phase != MOVE
    return moves, s


def hinted_games(preset, players, seeds, keepers=()):
    """Every Move phase position (also mid-turn) of seeded computer games."""
    for seed in seeds:
        g = Game(Settings.preset(preset, players), seed)
        for n in keepers:
            if g.state.settings.cards:
                give(g, 0, "addsub", n)
        bots = [Bot() for _ in range(g.state.settings.players)]
        steps = 0
        while g.state.winner is None and steps < 3000:
            s = g.state
            if s.phase == MOVE and s.dice:
                yield s
            g.apply(bots[s.current].choose(s))
            steps += 1


@pytest.mark.parametrize("name", PRESETS)
def test_every_hint_is_legal_in_sequence(name):
    players = None if name.startswith("solitaire") else 3
    n = 0
    for s in hinted_games(name, players, range(3), keepers=(3, 7)):
        check_hint(s)
        n += 1
    assert n > 30


def test_hint_under_a_curse_is_the_computers_steps():
    g = Game(Settings(players=2), 4)
    place(g, 0, 40, 62)
    g.state.cursed[0] = True
    g.roll((6, 3))
    assert g.state.curse_now
    moves, s = check_hint(g.state)
    # A Curse allows only subtract and divide (ruling 3).
    assert all(m[0] != "die" or m[3] in (1, 3) for m in moves)


def test_hint_mid_turn_finishes_the_roll():
    g = Game(Settings(players=2, cards=False), 2)
    place(g, 0, 10, 33)
    g.roll((4, 4))
    g.apply(("die", 4, 0, 2))          # 10 x 4 = 40
    moves, s = check_hint(g.state)
    assert len([m for m in moves if m[0] == "die"]) == 3


@pytest.mark.parametrize("preset", ["standard", "prime_sprint",
                                    "prime_decline", "way_stations"])
def test_race_hint_ends_on_the_best_table_pair(preset):
    # Without Keepers the hint's end pair has the least table value of
    # every end pair reach.search finds (own pawns on one space: one to
    # the start); Prime Sprint and Prime Decline by their own tables.
    checked = 0
    for s in hinted_games(preset, 2, range(12)):
        p = s.current
        if s.keepers[p] or s.curse_now:
            continue
        from primeplay.climb.bot import _table_kind
        from primeplay.climb.rules import blocked
        t = values.table_of(_table_kind(s))
        sprint = s.settings.sprint
        moves, after = check_hint(s)
        best = min(values.turns_in(t, x, 0 if x == y and 0 < x < 101 else y)
                   for x, y in search(s.pos[2 * p], s.pos[2 * p + 1],
                                      s.dice, (), s.settings.goal,
                                      blocked=blocked(s, p), sprint=sprint))
        x, y = after.pos[2 * p], after.pos[2 * p + 1]
        got = 0 if after.winner == p else \
            values.turns_in(t, x, 0 if x == y and 0 < x < 101 else y)
        assert got == best, (s.pos, s.dice, moves)
        checked += 1
    assert checked > 60


def brute_min(state):
    """The least table value over every sequence of legal moves (dice and
    add-or-subtract Keepers) that ends the Move phase: tried on copies."""
    best = [None]
    p = state.current

    def walk(s):
        if s.winner == p:
            best[0] = 0
            return
        if not s.dice:
            # Own pawns on one space: one goes back at the commit.
            v = settled_v(s.pos[2 * p], s.pos[2 * p + 1])
            if best[0] is None or v < best[0]:
                best[0] = v
        for m in legal_moves(s):
            if m[0] in ("die", "keeper"):
                c = s.copy()
                apply(c, m)
                walk(c)
    walk(state)
    return best[0]


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 100), st.integers(0, 100), st.integers(1, 10),
       st.integers(1, 10), st.sampled_from([None, 1, 4, 9]))
def test_hint_agrees_with_brute_force(a, b, d1, d2, keeper):
    # Two dice (or one Keeper as well): small enough to try every order of
    # every move on copies of the state.  With one Keeper the hint searches
    # exactly it, so it must find the true optimum.
    if d1 == d2:
        d2 = d1 % 10 + 1
    g = Game(Settings(players=1, cards=keeper is not None), 1)
    place(g, 0, a, b)
    if keeper is not None:
        give(g, 0, "addsub", keeper)
    g.roll((d1, d2))
    moves, after = check_hint(g.state)
    want = brute_min(g.state)
    got = 0 if after.winner == 0 else settled_v(after.pos[0], after.pos[1])
    assert got == want, (a, b, d1, d2, keeper, moves)


def test_hint_plays_a_keeper_that_buys_home():
    # 96 and 99 with 5 and 3: the dice alone cannot win (99 + 3 = 102 is
    # off the board), but a +-1 Keeper first makes 99 - 1 + 3 = 101 while
    # 96 + 5 = 101: the hint must play it, before the 3.
    g = Game(Settings(players=1), 1)
    place(g, 0, 96, 99)
    cid = give(g, 0, "addsub", 1)
    g.roll((5, 3))
    moves, after = check_hint(g.state)
    assert after.winner == 0
    assert ("keeper", cid, 1, 1) in moves


def test_min_pair_skips_excluded_pairs():
    r = search(20, 30, [3, 5])
    best, v = min_pair(r)
    assert v == min(settled_v(x, y) for x, y in r)
    best2, v2 = min_pair(r, r)
    assert best2 is None and v2 is None


def test_hints_are_the_same_on_micropython():
    import mpvm
    code = ("from primeplay.climb import Settings, Game\n"
            "from primeplay.climb.hint import hint\n"
            "from primeplay.climb.bot import Bot\n"
            "for seed in range(3):\n"
            "    g = Game(Settings(players=2), seed)\n"
            "    bots = [Bot(), Bot()]\n"
            "    n = 0\n"
            "    while g.state.winner is None and n < 120:\n"
            "        s = g.state\n"
            "        if s.phase == 'move' and s.dice:\n"
            "            print(repr(hint(s)).replace(' ', ''))\n"
            "        g.apply(bots[s.current].choose(s))\n"
            "        n += 1\n")
    want = []
    for seed in range(3):
        g = Game(Settings(players=2), seed)
        bots = [Bot(), Bot()]
        n = 0
        while g.state.winner is None and n < 120:
            s = g.state
            if s.phase == MOVE and s.dice:
                want.append(repr(hint(s)).replace(" ", ""))
            g.apply(bots[s.current].choose(s))
            n += 1
    assert mpvm.run_unix(code, heapsize="2M").split() == want


@pytest.mark.parametrize("kind", [values.STANDARD, values.SPRINT,
                                  values.DECLINE, values.WAY53])
def test_bounds_are_the_least_settled_value_of_each_word(kind):
    from primeplay.climb.hint import _bounds
    from primeplay.climb.reach import WORD
    t = values.table_of(kind)
    lo = _bounds(kind)
    nw = (values.N + WORD - 1) // WORD
    for a in range(values.N):
        for k in range(nw):
            want = min(values.turns_in(t, a, 0 if a == b and 0 < a < 101
                                       else b)
                       for b in range(k * WORD, min((k + 1) * WORD,
                                                    values.N)))
            j = 2 * (a * nw + k)
            assert (lo[j] << 8) | lo[j + 1] == want


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 101), st.integers(0, 101), st.booleans(),
       st.lists(st.integers(1, 9), min_size=1, max_size=4, unique=True),
       st.integers(0, 30), st.integers(-1, 2), st.integers(-1, 4))
def test_keeper_check_agrees_with_the_rules(a, b, curse, nums, cid, pawn,
                                            op):
    # The hint checks its Keeper moves without listing them all; it must
    # accept exactly the add-or-subtract moves rules.keeper_moves lists.
    from primeplay.climb.hint import _keeper_ok
    from primeplay.climb.rules import keeper_moves
    g = Game(Settings(players=2), 1)
    place(g, 0, a, b)
    for n in nums:
        give(g, 0, "addsub", n)
    g.state.cursed[0] = curse
    g.roll((3, 5))
    s = g.state
    m = ("keeper", cid, pawn, op)
    listed = [k for k in keeper_moves(s) if s.cards[k[1]][1] == "addsub"]
    assert _keeper_ok(s, m) == (m in listed)
    for k in listed:
        assert _keeper_ok(s, k)


def test_no_keeper_is_hinted_for_a_pawn_parked_on_101():
    # Solitaire 2 (There and Back Again, both in first): pawn b has come
    # back to 101 this turn and is parked there.  The table's plan still
    # had it take the Keeper back down ("keeper", 7, 1, SUB), which the
    # Keeper check let through: the first game's pointer, working the
    # hint out by itself, found it (the fuzzer).
    from primeplay.climb.hint import _keeper_ok
    from primeplay.climb.rules import keeper_moves, parked
    g = Game(Settings.preset("solitaire2", None), 1)
    give(g, 0, "addsub", 8)
    g.roll((8, 8))
    s = g.state
    s.pos[0], s.pos[1] = 166, 101
    s.dice = [8]
    s.moved = [3, 2]
    s.start_pos = (174, 101)
    g.edited()
    assert parked(s, 0, 1)
    for k in keeper_moves(s):
        assert k[2] == 0
    cid = s.keepers[0][0]
    for op in (0, 1):
        assert not _keeper_ok(s, ("keeper", cid, 1, op))
    check_hint(s)


def test_worst_hints_found_by_hand_stay_within_budget_on_the_vm():
    # Doubles of 2 from a close pair with two Keepers (the turn with the
    # most end pairs) and Prime Sprint's with all nine: 19.3 and 19.6 M
    # fuel, cold (no successor table cached).  BENCH.md scans more.
    import bench
    for case in (("standard", 22, 24, (2, 2), (5, 9), False),
                 bench.HINT_WORST[2]):
        c = bench.hint_cost(case)
        assert 0 < c.fuel <= bench.HINT_FUEL_TARGET, case
        assert 0 < c.alloc_bytes <= bench.HINT_BYTES_TARGET, case

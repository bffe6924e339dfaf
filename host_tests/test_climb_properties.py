"""Property tests: random legal play through ``Game`` keeps the rules' books.

Hypothesis picks the variant (every preset, 1..4 players, Double Time, Way
Stations, custom cards, no cards), the seed, a random-play prefix and then
the index of every move; after every move we check:

* every pawn stands on a board space 0..101 (and its progress in 0..end);
* the cards are conserved: deck + discard + all Keepers is a permutation of
  the deck's card ids (the solitaire deck is smaller; no cards: all empty);
* after a finished turn (phase back to ROLL) no two pawns share 1..100;
* a card is drawn exactly when the rulebook says so (an independent
  oracle: a pawn that moved ends on an all-red space that is not 101 and
  not where it began the turn);
* Keepers are never playable the turn they arrive; a Curse allows only
  - and /; nobody reaches 101 before visiting every Way Station;
* illegal moves raise IllegalMove (a ValueError) and change nothing;
* undo restores exactly the state before the last move of a Move phase;
* ``Game.replay`` of the history reaches the identical state.

And ``end_positions`` (the bitset search) is checked against a depth-first
walk of the real legal moves at the start of Move phases.
"""

import pytest
from hypothesis import given, settings, strategies as st, HealthCheck, Phase

from primeplay.numbers import is_prime
from primeplay.rng import Rng
from primeplay.climb import Game, Settings, IllegalMove
from primeplay.climb import rules
from primeplay.climb import cards as C
from primeplay.climb.rules import State, ROLL, MOVE, ACTION, OVER
from primeplay.climb.settings import (PRESETS, WAY_STATION_CHOICES, DECLINE,
                                      THERE_AND_BACK)
from primeplay.climb.track import ADD, SUB, MUL, DIV

CUSTOM = (("action", "goto", 101, "Go to 101"),
          ("keeper", "addsub", 11, "Add or subtract 11"),
          ("action", "goto", 37, "Go to 37"))


# ------------------------------------------------------------ helpers

def freeze(v):
    """A comparable, deep copy of one State field (lists, tuples, ints and
    strings by their repr, which is exact for them; the Rng by its state)."""
    if isinstance(v, Rng):
        return ("Rng", v.getstate())
    return repr(v)


def snapshot(state):
    """Every field of the State (events included)."""
    return {name: freeze(getattr(state, name)) for name in State.__slots__}


def game_key(g):
    """The moves made so far, cheaply comparable."""
    log = getattr(g, "log", None)
    if log is not None:
        return bytes(log)
    return tuple(g.history)


def space_of(goal, v):
    """Board number of progress v, written out from the track docstring."""
    if goal == DECLINE:
        return 101 - v
    if goal == THERE_AND_BACK and v > 101:
        return 202 - v
    return v


def progress_of(goal, v_before, space):
    if goal == DECLINE:
        return 101 - space
    if goal == THERE_AND_BACK and v_before >= 101:
        return 202 - space
    return space


def all_red_not_101(space):
    return 10 < space < 101 and is_prime(space)


def arith(space, op, d):
    if op == ADD:
        return space + d
    if op == SUB:
        return max(space - d, 0)      # forced below 0 stays at 0
    if op == MUL:
        return space * d
    assert space % d == 0
    return space // d


def expected_deck_size(state):
    s = state.settings
    cards = list(C.BASE_CARDS) + [tuple(c) for c in s.custom_cards]
    if s.solitaire:
        cards = [c for c in cards if c[1] == "addsub"]
    return len(cards)


def check_state(g):
    s = g.state
    n = s.settings.players
    goal = s.settings.goal
    assert len(s.pos) == 2 * n
    for q in range(n):
        for i in (0, 1):
            v = s.pos[2 * q + i]
            assert isinstance(v, int) and 0 <= v <= s.end
            sp = s.space(q, i)
            assert 0 <= sp <= 101
            assert sp == space_of(goal, v)
    # Cards conserved.
    assert len(s.cards) == expected_deck_size(s)
    ids = list(s.deck) + list(s.discard)
    for k in s.keepers:
        ids += k
    if s.settings.cards:
        assert sorted(ids) == list(range(len(s.cards)))
    else:
        assert ids == []
    for k in s.keepers:
        assert all(s.cards[c][0] == C.KEEPER for c in k)
    # Phases.
    assert s.phase in (ROLL, MOVE, ACTION, OVER)
    assert (s.pending is not None) == (s.phase == ACTION)
    assert (s.winner is not None) == (s.phase == OVER)
    assert 0 <= s.current < n
    assert len(s.dice) <= 4 and all(1 <= d <= 10 for d in s.dice)
    assert sum(s.rolls) == s.turn
    # The tally's turns are the rolls; nothing in it goes below zero.
    assert len(s.tally) == 3 * n and min(s.tally) >= 0
    assert [s.tally[3 * q] for q in range(n)] == s.rolls
    if s.phase in (MOVE, ACTION):
        assert set(s.fresh) <= set(s.keepers[s.current])
    if s.phase == MOVE:
        for m in rules.legal_moves(s):
            if m[0] == "keeper":
                # A Keeper is never playable the turn it arrived.
                assert m[1] not in s.fresh
                assert m[1] in s.keepers[s.current]
            if s.curse_now and (m[0] == "die" or (
                    m[0] == "keeper" and s.cards[m[1]][1] == "addsub")):
                # Cursed: subtract and divide only, or, with curse_mirror,
                # add and multiply where the pawn travels down.
                v = s.pos[2 * s.current + m[2]]
                down = goal == DECLINE or (goal == THERE_AND_BACK
                                           and v >= 101)
                if down and s.settings.curse_mirror:
                    assert m[3] in (ADD, MUL), m
                else:
                    assert m[3] in (SUB, DIV), m
            if m[0] in ("die", "keeper") and goal == THERE_AND_BACK and \
                    s.cards[m[1]][1] == "addsub" if m[0] == "keeper" \
                    else m[0] == "die" and goal == THERE_AND_BACK:
                # No bounce: a pawn that came to 101 this turn stays.
                i = m[2]
                assert not (s.pos[2 * s.current + i] == 101
                            and s.moved[i]), m
    # Way Stations: nobody gets to 101 (0 in Prime Decline, the turning
    # point in There and Back Again) before visiting every station.
    full = (1 << len(s.settings.way_stations)) - 1
    for q in range(n):
        assert 0 <= s.visited[q] <= full
        if s.pos[2 * q] >= 101 or s.pos[2 * q + 1] >= 101:
            assert s.visited[q] == full, (q, s.pos, s.visited)
    if s.phase == ROLL:
        assert s.dice == []
        seen = {}
        for q in range(n):
            for i in (0, 1):
                if s.is_home(q, i):
                    continue
                sp = s.space(q, i)
                if 1 <= sp <= 100:
                    assert sp not in seen, (
                        "pawns %r and %r share space %d after a turn"
                        % (seen[sp], (q, i), sp))
                    seen[sp] = (q, i)
    if s.phase == OVER:
        w = s.winner
        home = [s.is_home(w, 0), s.is_home(w, 1)]
        assert any(home) if s.settings.sprint else all(home)


def expected_draw(pre, move):
    """Must this move draw a card (or find the piles empty)?  Written from
    the rulebook (and rulings 6 and 8), not from rules.py.

    A pawn on 101 never draws, even where 101 is not home (Prime
    Decline's Start, There and Back's turning point).
    """
    s = pre.settings
    if not s.cards:
        return False
    p = pre.current
    goal = s.goal
    kind = move[0]
    if s.double_time:
        if kind == "die":
            d, i, op = move[1], move[2], move[3]
        elif kind == "keeper" and pre.cards[move[1]][1] == "addsub":
            d, i, op = pre.cards[move[1]][2], move[2], move[3]
        else:
            return False
        v = pre.pos[2 * p + i]
        new_sp = arith(space_of(goal, v), op, d)
        nv = progress_of(goal, v, new_sp)
        if nv == pre.end or nv == pre.start_pos[i]:
            return False
        if new_sp == space_of(goal, v):
            # Not a move of the pawn (x 1, / 1): nothing drawn.
            return False
        return all_red_not_101(new_sp)
    if kind != "commit":
        return False
    for i in (0, 1):
        if not pre.moved[i]:
            continue
        v = pre.pos[2 * p + i]
        if v == pre.end:
            continue
        sp = space_of(goal, v)
        j = 1 - i
        w = pre.pos[2 * p + j]
        if (pre.moved[j] and w != pre.end and space_of(goal, w) == sp
                and pre.moved[j] > pre.moved[i] and 0 < sp < 101):
            # Landed on by the own pawn that arrived later: back to the
            # start of its leg (0, or 101 in Prime Decline and on the way
            # back in There and Back Again).
            continue
        if v != pre.start_pos[i] and all_red_not_101(sp):
            return True
    return False


def illegal_probes(state):
    """Moves that are not legal now (never in legal_moves)."""
    legal = rules.legal_moves(state)
    probes = [("die", 11, 0, ADD), ("die", 0, 0, ADD), (), ["roll"], "roll",
              None, 7, ("fly",), ("roll", 0, 3), ("roll", 3, 11),
              ("roll", 3), ("roll", 3, 4, 5), ("pawn", 9), ("commit", 0),
              ("die", 3, 0, ADD, 0), ("die", 3), ("keeper",)]
    if state.phase != ROLL:
        probes.append(("roll",))
        probes.append(("roll", 3, 4))
    if state.dice:
        probes.append(("commit",))
        d = state.dice[0]
        probes += [("die", d, 0), ("die", d, 2, ADD), ("die", d, 0, 4),
                   ("die", d, 0, ADD, 1), ("die", float(d), 0, ADD),
                   ("die", d, 0, float(ADD)), ("die", str(d), 0, ADD)]
        missing = [x for x in range(1, 11) if x not in state.dice]
        probes.append(("die", missing[0], 0, ADD))
    for m in legal:
        probes.append(list(m))            # a list is not a move
        probes.append(m + (0,))           # wrong arity
        if len(m) > 1:
            probes.append(m[:-1])
        break
    if state.phase == OVER:
        probes.append(("roll",))
    return [m for m in probes if m not in legal]


def check_illegal(g, probes):
    before = snapshot(g.state)
    key = game_key(g)
    can = g.can_undo()
    for m in probes:
        with pytest.raises(IllegalMove) as e:
            g.apply(m)
        assert isinstance(e.value, ValueError)
        assert snapshot(g.state) == before, m
        assert game_key(g) == key, m
        assert g.can_undo() == can


def step(g, move, probes=True, undo=True):
    """Apply a legal move with all the checks around it."""
    pre = g.state.copy()
    if undo:
        before = snapshot(g.state)
        key = game_key(g)
    if probes:
        check_illegal(g, illegal_probes(g.state))
    events = g.apply(move)
    check_state(g)
    if move[0] == "roll":
        a, b = g.state.rolled
        assert g.state.dice == ([a] * 4 if a == b else [a, b])
        if len(move) == 3:
            assert (a, b) == move[1:]
    # A forced die (a Curse) never brings a pawn home (ruling 2): a pawn
    # home now got there by exact arithmetic.
    if move[0] == "die" and g.state.is_home(pre.current, move[2]) and \
            not pre.is_home(pre.current, move[2]) and \
            not any(e[0] == "action" for e in events):
        v = pre.pos[2 * pre.current + move[2]]
        goal = pre.settings.goal
        sp = space_of(goal, v)
        d, op = move[1], move[3]
        exact = {ADD: sp + d, SUB: sp - d, MUL: sp * d,
                 DIV: sp // d if sp % d == 0 else -1}[op]
        assert space_of(goal, pre.end) == exact, (move, pre.pos)
    # The draw oracle.
    drew = any(e[0] in ("draw", "no_cards") for e in events)
    want = expected_draw(pre, move)
    assert drew == want, (move, events, pre.pos)
    # Undo barriers: roll, commit, a card seen, the end of a turn.
    barrier = (move[0] in ("roll", "commit")
               or g.state.phase in (ROLL, OVER)
               or any(e[0] in ("draw", "reshuffle") for e in events))
    assert g.can_undo() == (not barrier)
    if undo:
        after = snapshot(g.state)
        if g.can_undo():
            assert g.undo() is True
            assert snapshot(g.state) == before
            assert game_key(g) == key
            g.apply(move)
            assert snapshot(g.state) == after
        else:
            assert g.undo() is False
            assert snapshot(g.state) == after


def check_replay(g):
    r = Game.replay(g.settings, g.seed, g.history)
    assert snapshot(r.state) == snapshot(g.state)
    assert r.transcript() == g.transcript()


@st.composite
def variants(draw):
    name = draw(st.sampled_from(PRESETS))
    players = draw(st.integers(1, 4))
    kw = {}
    if draw(st.booleans()):
        kw["double_time"] = True
    ws = draw(st.lists(st.sampled_from(WAY_STATION_CHOICES), unique=True,
                       max_size=2))
    if ws:
        kw["way_stations"] = tuple(ws)
    if draw(st.integers(0, 3)) == 0:
        kw["custom_cards"] = tuple(draw(st.lists(
            st.sampled_from(CUSTOM), unique=True, min_size=1, max_size=3)))
    if draw(st.integers(0, 9)) == 0:
        kw["cards"] = False
    # The rulings' switches, each way.
    for k in ("start_roll", "curse_mirror", "both_out", "station_mid_move"):
        if draw(st.integers(0, 3)) == 0:
            kw[k] = not getattr(Settings(), k)
    return Settings.preset(name, players=players, **kw)


# ------------------------------------------------------------ properties

@settings(max_examples=40, deadline=None, database=None,
          phases=[Phase.explicit, Phase.generate],
          suppress_health_check=list(HealthCheck))
@given(cfg=variants(), seed=st.integers(0, 2 ** 32 - 1),
       prefix=st.integers(0, 1500), data=st.data())
def test_random_play_keeps_every_invariant(cfg, seed, prefix, data):
    g = Game(cfg, seed)
    check_state(g)
    # A cheap random prefix (still checked) reaches deep positions: cards
    # in hand, pawns near 101, reshuffles, wins.
    rng = Rng(seed ^ 0x5A5A)
    for _ in range(prefix):
        if g.winner is not None:
            break
        step(g, rng.choice(g.legal_moves()), probes=False, undo=False)
    # Then Hypothesis picks every move, with the full checks.
    for _ in range(120):
        if g.winner is not None:
            break
        moves = g.legal_moves()
        assert moves, "no legal move in phase %s" % g.phase
        assert len(set(moves)) == len(moves)
        move = moves[data.draw(st.integers(0, len(moves) - 1))]
        step(g, move)
    if g.winner is not None:
        assert g.legal_moves() == []
        check_illegal(g, illegal_probes(g.state) + [("roll",), ("commit",)])
    check_replay(g)


MIXED = {"double_time": True, "way_stations": (53,), "custom_cards": CUSTOM}
COMBOS = [
    ("standard", 1, {}), ("standard", 2, {}), ("standard", 4, MIXED),
    ("double_time", 3, {}), ("way_stations", 4, {"way_stations": (37, 61)}),
    ("prime_sprint", 2, {}), ("prime_sprint", 3, MIXED),
    ("prime_decline", 2, {}), ("prime_decline", 4, MIXED),
    ("there_and_back", 3, {}), ("there_and_back", 2, MIXED),
    ("solitaire1", 1, {}), ("solitaire1", 1, MIXED),
    ("solitaire2", 1, {}), ("solitaire2", 1, MIXED),
]


def _combo_id(combo):
    name, players, kw = combo
    tag = "-mixed" if kw is MIXED else "-ws" if kw else ""
    return "%s-%dp%s" % (name, players, tag)


@pytest.mark.parametrize("name,players,kw", COMBOS,
                         ids=[_combo_id(c) for c in COMBOS])
def test_whole_random_games_keep_every_invariant(name, players, kw):
    # Whole games to the end (the Hypothesis test mostly sees slices), with
    # the probes and undo checks on a sample of the moves.
    cfg = Settings.preset(name, players=players, **kw)
    g = Game(cfg, 1 + players)
    rng = Rng(1000 + players)
    n = 0
    while g.winner is None:
        assert n < 100000
        full = n % 7 == 0
        step(g, rng.choice(g.legal_moves()), probes=full, undo=full)
        n += 1
    check_replay(g)


@pytest.mark.parametrize("name,kw", [
    ("standard", {}), ("double_time", {}), ("prime_decline", {}),
    ("prime_decline", {"double_time": True}), ("there_and_back", {}),
    ("there_and_back", {"double_time": True}), ("solitaire2", {})],
    ids=["standard", "double_time", "decline", "decline-dt",
         "there_and_back", "there_and_back-dt", "solitaire2"])
def test_random_games_draw_exactly_by_the_rulebook(name, kw):
    # The strict draw oracle, 101 included ("Do not draw a Prime Card when
    # you land on 101"), also where 101 is not home.
    cfg = Settings.preset(name, players=2, **kw)
    for seed in range(2):
        g = Game(cfg, seed)
        rng = Rng(500 + seed)
        while g.winner is None:
            step(g, rng.choice(g.legal_moves()), probes=False, undo=False)


def test_undo_back_to_the_roll_retraces_every_step():
    for cfg in (Settings.preset("standard", players=2),
                Settings.preset("prime_decline", players=3)):
        g = Game(cfg, 4)
        rng = Rng(4)
        checked = 0
        while g.winner is None and checked < 150:
            if g.phase != MOVE or g.can_undo() or not g.state.dice:
                g.apply(rng.choice(g.legal_moves()))
                continue
            # A whole Move phase, remembering the state before each move.
            trail = []
            while g.phase == MOVE and g.state.dice:
                m = rng.choice(g.legal_moves())
                trail.append((snapshot(g.state), game_key(g), m))
                g.apply(m)
            if g.phase != MOVE:
                continue                  # won: nothing to take back
            end = snapshot(g.state)
            undone = []
            while g.can_undo():
                snap, key, m = trail.pop()
                assert g.undo() is True
                assert snapshot(g.state) == snap and game_key(g) == key
                undone.append(m)
                checked += 1
            # Without Double Time nothing in a Move phase is a barrier.
            assert trail == [] and g.undo() is False
            for m in reversed(undone):
                g.apply(m)
            assert snapshot(g.state) == end
        assert checked >= 150


# ------------------------------------------------------------ end_positions

def walk_end_positions(state):
    """End pairs of the mover by depth-first search over the real legal
    die / lose / add-or-subtract Keeper moves (movement only)."""
    p = state.current
    out = set()
    seen = set()

    def key(s):
        ks = tuple(sorted(s.cards[c][2] for c in s.keepers[p]
                          if c not in s.fresh and s.cards[c][1] == "addsub"))
        # Whether each pawn has moved (one that came to There and Back
        # Again's 101 stays) and the stations visited (they may count
        # mid-move) are part of the position.
        return (s.pos[2 * p], s.pos[2 * p + 1], tuple(sorted(s.dice)), ks,
                tuple(1 if m else 0 for m in s.moved), s.visited[p])

    def rec(s):
        k = key(s)
        if k in seen:
            return
        seen.add(k)
        if s.phase == OVER:
            out.add((s.pos[2 * p], s.pos[2 * p + 1]))
            return
        if not s.dice:
            out.add((s.pos[2 * p], s.pos[2 * p + 1]))
        for m in rules.legal_moves(s):
            if m[0] in ("die", "lose") or (
                    m[0] == "keeper" and s.cards[m[1]][1] == "addsub"):
                t = s.copy()
                rules.apply(t, m)
                rec(t)

    rec(state.copy())
    return out


RULING_KW = {"both_out": {"both_out": False},
             "mirror": {"curse_mirror": False},
             "mid": {"station_mid_move": True,
                     "way_stations": (31, 37, 41)}}


@pytest.mark.parametrize("name,extra", [
    (n, None) for n in PRESETS if n != "double_time"] + [
    ("there_and_back", "both_out"), ("prime_decline", "mirror"),
    ("there_and_back", "mirror"), ("standard", "mid"),
    ("prime_decline", "mid"), ("there_and_back", "mid")])
def test_end_positions_match_the_legal_moves(name, extra):
    # Not Double Time: end_positions models movement only, and Double
    # Time bumps and draws between moves.
    kw = dict(RULING_KW[extra]) if extra else {}
    if name == "standard" and not extra:
        kw["way_stations"] = (41, 67)
    cfg = Settings.preset(name, players=3 if "solitaire" not in name
                          else None, **kw)
    compared = 0
    for seed in range(3):
        g = Game(cfg, seed)
        rng = Rng(seed + 77)
        turns = 0
        while g.winner is None and turns < 400:
            # At the start of Move phases, and mid-turn (a pawn already
            # moved: on There and Back Again's 101 it stays).
            if g.phase == MOVE and g.state.dice and (
                    g.state.move_count == turns % 3 or turns % 3 == 0 and
                    g.state.move_count == 0):
                got = set(g.end_positions())
                assert got == walk_end_positions(g.state), (
                    g.state.pos, g.state.dice, g.state.curse_now)
                compared += 1
            m = rng.choice(g.legal_moves())
            if m[0] == "roll":
                turns += 1
            g.apply(m)
    assert compared >= 30


@pytest.mark.parametrize("goal,pos,dice,curse,lost,kw", [
    ("standard", (3, 101), (5, 7), True, False, {}),   # 3 - 5: forced to 0
    ("standard", (3, 4), (6, 6), True, False, {}),     # forced, then 0 / 6
    ("standard", (97, 2), (4, 9), False, False, {}),   # 101 blocked: station
    ("standard", (0, 0), (5, 5), True, False, {}),
    # Prime Decline, the Curse as printed (- and /): 0 is home, so a
    # forced die is lost, 0 blocked by the station or not.
    ("decline", (98, 97), (6, 6), True, True, {"curse_mirror": False}),
    ("decline", (98, 101), (5, 7), True, True, {"curse_mirror": False}),
    ("decline", (98, 94), (9, 8), True, True,
     {"curse_mirror": False, "way_stations": ()}),
    # Mirrored (+ and x): spaces 3 and 4 just climb; 96 and 99 can do
    # nothing with 7 and 9 and stay on 101, their Start.
    ("decline", (98, 97), (6, 6), True, False, {}),
    ("decline", (5, 2), (7, 9), True, False, {}),
    ("there_and_back", (190, 60), (9, 8), True, False, {}),
    # The way back: spaces 3 and 7.
    ("there_and_back", (199, 195), (9, 8), True, True,
     {"curse_mirror": False, "way_stations": ()}),
    ("there_and_back", (199, 195), (9, 8), True, False, {}),
    ("there_and_back", (196, 101), (8, 9), True, False, {}),
    ("there_and_back", (105, 103), (10, 10), True, False, {}),
    # No bounce off 101, and both_out: a pawn waiting on 101.
    ("there_and_back", (99, 98), (2, 2), False, False, {"way_stations": ()}),
    ("there_and_back", (99, 98), (2, 3), False, False, {"way_stations": ()}),
    ("there_and_back", (101, 60), (4, 5), False, False, {}),
    ("there_and_back", (101, 99), (2, 2), False, False, {"way_stations": ()}),
    ("there_and_back", (101, 99), (2, 2), False, False,
     {"way_stations": (), "both_out": False}),
    ("there_and_back", (101, 97), (4, 4), True, False, {"way_stations": ()}),
    ("there_and_back", (101, 97), (2, 2), True, False,
     {"way_stations": (), "both_out": False}),
    ("there_and_back", (101, 101), (1, 1), False, False, {}),
])
def test_end_positions_under_a_curse_and_way_stations(goal, pos, dice, curse,
                                                      lost, kw):
    # Forced "stay at 0" (or 101), lost dice, a blocked 101, a pawn on
    # There and Back Again's 101: the search and the rules agree.  ``lost``:
    # a die is lost at once (later losses are the walk's).
    kw = dict(kw)
    kw.setdefault("way_stations", (31,))
    g = Game(Settings(players=2, goal=goal, start_roll=False, **kw), 1)
    s = g.state
    s.pos[0], s.pos[1] = pos
    s.cursed[0] = curse
    if kw["way_stations"] and (pos[0] > 101 or pos[1] > 101):
        s.visited[0] = 1                # on the way back: been there
    g.apply(("roll",) + dice)
    assert s.curse_now == curse
    assert any(m[0] == "lose" for m in g.legal_moves()) == lost
    walked = walk_end_positions(s)
    assert walked
    assert set(g.end_positions()) == walked


# ----------------------------------------------------- 101 draws no card

def _setup(goal_preset, pos, dice):
    g = Game(Settings.preset(goal_preset, players=2, start_roll=False), 3)
    s = g.state
    s.pos[0], s.pos[1] = pos
    g.apply(("roll",) + dice)
    return g


def test_prime_decline_landing_on_101_draws_no_card():
    # Prime Decline: spaces 99 and 96 (progress 2 and 5); + 2 and + 5 take
    # both pawns back up to 101, their Start.  "Do not draw a Prime Card
    # when you land on 101" (and ruling 6: "prime above 10, not 101").
    g = _setup("prime_decline", (2, 5), (2, 5))
    g.apply(("die", 2, 0, ADD))
    g.apply(("die", 5, 1, ADD))
    assert g.state.spaces(0) == (101, 101)
    events = g.apply(("commit",))
    assert not [e for e in events if e[0] == "draw"], events


def test_there_and_back_turning_on_101_draws_no_card():
    # There and Back Again: a pawn on 96 + 5 reaches 101 and turns round.
    g = _setup("there_and_back", (96, 0), (5, 1))
    g.apply(("die", 5, 0, ADD))
    g.apply(("die", 1, 1, ADD))
    assert g.state.space(0, 0) == 101 and not g.state.is_home(0, 0)
    events = g.apply(("commit",))
    assert not [e for e in events if e[0] == "draw"], events


def test_prime_decline_own_pawn_bumped_to_101_draws_no_card():
    # Prime Decline, pawns on 96 and 95 (progress 5 and 6), four 1s: the
    # first pawn goes to 95, then the second leaves and comes back to 95
    # last, sending the first back to its Start, 101.  95 is not red and
    # 101 never draws, so no card.  (Today the pawn on 101 draws, and an
    # Action then moves a pawn standing on Start.)
    g = _setup("prime_decline", (5, 6), (1, 1))
    for m in (("die", 1, 0, SUB), ("die", 1, 0, MUL), ("die", 1, 1, ADD),
              ("die", 1, 1, SUB)):
        g.apply(m)
    assert g.state.spaces(0) == (95, 95)
    events = g.apply(("commit",))
    assert ("bump", 0, 0) in events
    assert g.state.space(0, 0) == 101 or g.state.phase == ACTION
    assert not [e for e in events if e[0] == "draw"], events

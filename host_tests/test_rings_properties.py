"""Ring Climb: properties of seeded random games (hypothesis picks the
settings, the seed and how eagerly the moves climb; the repo's Rng picks
the moves among legal_moves).  Every position of every game is checked."""

from hypothesis import given, settings, strategies as st, HealthCheck, Phase

from primeplay.rings import board as B
from primeplay.rings import rules as R
from primeplay.rings.game import Game
from primeplay.rings.rules import PLAY, OVER, IllegalMove
from primeplay.rings.settings import Settings
from primeplay.rng import Rng

TOP, TABLE, SPACES = B.TOP, B.TABLE, B.SPACES

SETTINGS = dict(max_examples=30, deadline=None, database=None,
                phases=[Phase.explicit, Phase.generate],
                suppress_health_check=list(HealthCheck))


@st.composite
def configs(draw):
    players = draw(st.integers(2, 6))
    return Settings(players=players, face=draw(st.integers(0, 1)),
                    first=draw(st.integers(0, players - 1)),
                    one_card=draw(st.booleans()),
                    play_on=draw(st.booleans()))


def climbs(s, m):
    """Does play ``m`` take a pawn up (or onto the board)?"""
    if m[0] != PLAY or m[4] < 0:
        return False
    pos = s.pawns[m[2]]
    return m[4] == TOP or pos == TABLE or m[4] // SPACES > pos // SPACES


def pick(rng, s, moves, eager):
    """A legal move: a climbing one with probability eager/4."""
    if rng.randbelow(4) < eager:
        up = [m for m in moves if climbs(s, m)]
        if up:
            return rng.choice(up)
    return rng.choice(moves)


def play_out(cfg, seed, eager, limit=400, each=None):
    """A random game; ``each(game, move)`` before every move."""
    g = Game(cfg, seed)
    rng = Rng(seed ^ 0x5EED)
    while g.phase != OVER and g.moves_made < limit:
        moves = g.legal_moves()
        assert moves
        m = pick(rng, g.state, moves, eager)
        if each is not None:
            each(g, m, rng)
        g.apply(m)
    return g


# -------------------------------------------------------------- invariants

def check_state(s):
    n = s.settings.players
    assert len(s.pawns) == 3 * n and len(s.rot) == 6
    ring = [p for p in s.pawns if TABLE < p < TOP]
    # Never two pawns on one space below the top.
    assert len(ring) == len(set(ring))
    for p in s.pawns:
        assert p == TABLE or p == TOP or SPACES <= p < TOP
    # 42 cards, each exactly once.
    cards = list(s.deck) + list(s.discard)
    for h in s.hands:
        assert len(h) <= 3
        cards += h
    assert sorted(cards) == list(range(B.DECK))
    for r in s.rot:
        assert 0 <= r < SPACES
    # A player is finished exactly when all three pawns are on top.
    for q in range(n):
        done = s.pawns[3 * q:3 * q + 3] == [TOP] * 3
        assert done == (q in s.finished)
        if done:
            assert s.hands[q] == []
    if s.phase != OVER:
        assert s.current not in s.finished
        if s.played == 0:
            assert len(s.hands[s.current]) == 3
        assert s.played < s.settings.per_turn()
    else:
        assert R.legal_moves(s) == []
        if s.settings.play_on:
            assert len(s.finished) == n - 1
        else:
            assert len(s.finished) == 1
        assert sorted(R.places(s)) == list(range(n))


def check_rotation(before, after, m):
    """A play that turns a ring: only that ring's rot changes, by r; every
    pawn keeps its ring space (a rotation moves wedges, not spaces)."""
    pawn, r, dest = m[2], m[3], m[4]
    lvl = before.pawns[pawn] // SPACES
    for k in range(6):
        want = (before.rot[k] + (r if k == lvl - 1 else 0)) % SPACES
        assert after.rot[k] == want
    if dest == -1:
        assert after.pawns == before.pawns
        for pos in before.pawns:
            if TABLE < pos < TOP:
                shift = r if pos // SPACES == lvl else 0
                assert R.wedge(after.rot, pos) == \
                    (R.wedge(before.rot, pos) + shift) % SPACES


@settings(**SETTINGS)
@given(cfg=configs(), seed=st.integers(0, 2 ** 32 - 1),
       eager=st.integers(0, 4))
def test_random_games_keep_every_invariant(cfg, seed, eager):
    def each(g, m, rng):
        s = g.state
        check_state(s)
        if m[0] == PLAY and m[2] >= 0 and m[3]:
            before = s.copy()
            after = s.copy()
            R.apply(after, m)
            check_rotation(before, after, m)
        if m[0] == PLAY and m[2] >= 0 and m[4] >= 0:
            # Only the mover and the pawns it bumped change place.
            after = s.copy()
            R.apply(after, m)
            assert after.pawns[m[2]] == m[4]
            bumped = set(e[1] for e in after.events if e[0] == "bump")
            for i in range(len(s.pawns)):
                if i != m[2] and i not in bumped:
                    assert after.pawns[i] == s.pawns[i]
            for i in bumped:
                assert i != m[2]
                assert after.pawns[i] == TABLE or \
                    after.pawns[i] // SPACES == s.pawns[i] // SPACES - 2
    g = play_out(cfg, seed, eager, each=each)
    check_state(g.state)


# ------------------------------------------------------ legal and illegal

def canonical(s, m):
    """The form in which legal_moves lists a legal play: the first card of
    a kind in the hand, the first own pawn on the table, a spin wild's turn
    as -5..6, a rotation-only play by the first own pawn on that ring, a
    play that turns and moves nothing as the card played for nothing."""
    if not isinstance(m, tuple):
        return ("not a tuple",)
    if len(m) != 5 or m[0] != PLAY:
        return m
    for f in m[1:]:
        if not isinstance(f, int) or isinstance(f, bool):
            return ("not ints",)    # 1.0 == 1, True == 1: never listed
    _, cid, pawn, r, dest = m
    p = s.current
    hand = s.hands[p]
    if cid in hand:
        cid = [c for c in hand if B.card_kind(c) == B.card_kind(cid)][0]
    mine = list(range(3 * p, 3 * p + 3))
    if pawn in mine:
        pos = s.pawns[pawn]
        if pos == TABLE:
            pawn = [i for i in mine if s.pawns[i] == TABLE][0]
        elif pos != TOP:
            if cid >= B.SPIN:
                r = (r + 5) % SPACES - 5
            if dest == -1:
                if r == 0:
                    return (PLAY, cid, -1, 0, -1)
                lvl = pos // SPACES
                pawn = [i for i in mine
                        if s.pawns[i] != TOP and
                        s.pawns[i] // SPACES == lvl][0]
    return (PLAY, cid, pawn, r, dest)


def candidates(s, legal, rng):
    """Moves to try: a few legal ones, and their wrong neighbours."""
    p = s.current
    n = s.settings.players
    hand = s.hands[p]
    plays = [m for m in legal if m[0] == PLAY]
    out = [("stop",), ("swap",), ("stop", 1), ("swap", 0), (), None,
           "stop", [PLAY, hand[0] if hand else 0, -1, 0, -1],
           (PLAY,), (PLAY, 1, 2, 3), ("jump", 1, 2, 3, 4)]
    others = [c for c in range(B.DECK) if c not in hand]
    theirs = [i for i in range(3 * n) if i // 3 != p]
    on_top = [i for i in range(3 * p, 3 * p + 3) if s.pawns[i] == TOP]
    for _ in range(6):
        out.append((PLAY, rng.randbelow(46) - 2, rng.randbelow(3 * n + 3) - 2,
                    rng.randbelow(27) - 13, rng.randbelow(90) - 2))
    for _ in range(4):
        if not plays:
            break
        m = rng.choice(plays)
        _, cid, pawn, r, dest = m
        out.append(m)
        out.append((PLAY, rng.choice(others), pawn, r, dest))   # wrong card
        out.append((PLAY, cid, pawn, r + 1 + rng.randbelow(4), dest))
        out.append((PLAY, cid, pawn, -r, dest))
        out.append((PLAY, cid, pawn, r, rng.randbelow(86) - 1))
        out.append((PLAY, cid, pawn, r, TOP))
        out.append((PLAY, cid, pawn, r, TABLE))
        out.append((PLAY, cid, rng.choice(theirs), r, dest))
        if on_top:
            out.append((PLAY, cid, rng.choice(on_top), r, dest))
            out.append((PLAY, cid, rng.choice(on_top), 0, -1))
        out.append((PLAY, True if cid == 1 else cid, pawn, r, dest))
        out.append((PLAY, cid, pawn, float(r), dest))
        out.append((PLAY, cid, pawn, r, dest, 0))
    return out


@settings(**dict(SETTINGS, max_examples=20))
@given(cfg=configs(), seed=st.integers(0, 2 ** 32 - 1),
       eager=st.integers(0, 4))
def test_the_plays_onto_the_top_are_the_top_plays_of_all_plays(cfg, seed,
                                                               eager):
    """plays(top=True), which may_swap asks without listing every play,
    is exactly the plays onto the top; may_swap agrees both ways."""
    def each(g, m, rng):
        s = g.state
        every = R.plays(s)
        assert R.plays(s, None, -1, True) == [p for p in every
                                             if p[4] == B.TOP]
        assert R.may_swap(s) == R.may_swap(s, every)
    play_out(cfg, seed, eager, limit=200, each=each)


@settings(**dict(SETTINGS, max_examples=20))
@given(cfg=configs(), seed=st.integers(0, 2 ** 32 - 1),
       eager=st.integers(0, 4))
def test_why_not_agrees_with_legal_moves_and_apply(cfg, seed, eager):
    """Every move from legal_moves is accepted (why_not None, apply takes
    it); anything else raises IllegalMove and leaves state.snapshot()
    unchanged; apply raises nothing but IllegalMove."""
    def each(g, m, rng):
        s = g.state
        legal = g.legal_moves()
        listed = set(legal)
        assert len(listed) == len(legal)           # no move listed twice
        for mv in legal:
            assert R.why_not(s, mv) is None, mv
        for mv in candidates(s, legal, rng):
            before = s.snapshot()
            ok = R.why_not(s, mv) is None
            assert ok == (canonical(s, mv) in listed), mv
            trial = s.copy()
            try:
                R.apply(trial, mv)
            except IllegalMove:
                assert not ok, mv
                assert trial.snapshot() == before
            else:
                assert ok, mv
                check_state(trial)
            assert s.snapshot() == before
    play_out(cfg, seed, eager, limit=200, each=each)


@settings(**SETTINGS)
@given(cfg=configs(), seed=st.integers(0, 2 ** 32 - 1),
       eager=st.integers(0, 4), cut=st.integers(0, 400))
def test_replaying_seed_and_history_gives_the_same_game(cfg, seed, eager,
                                                        cut):
    g = play_out(cfg, seed, eager, limit=cut)
    again = Game.replay(cfg, seed, g.history)
    assert again.state.snapshot() == g.state.snapshot()
    assert again.history == g.history
    # And through rules.apply alone (no Game, no cached legal moves).
    s = R.new_game(cfg, seed)
    for m in g.history:
        R.apply(s, m)
    assert s.snapshot() == g.state.snapshot()


def test_games_reach_the_end_in_every_size():
    """The random games above do reach the top and the end (so the
    properties see finished players, places and reshuffles)."""
    reshuffles = 0
    for n in range(2, 7):
        cfg = Settings(players=n)
        g = play_out(cfg, n, 3, limit=3000)
        assert g.phase == OVER
        assert len(g.state.finished) == n - 1
        s = R.new_game(cfg, n)
        for m in g.history:
            R.apply(s, m)
            reshuffles += sum(1 for e in s.events if e[0] == "reshuffle")
    assert reshuffles > 0

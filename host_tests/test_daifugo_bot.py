"""Prime Daifugo computer players: always legal, only primes, games end and
replay, normal's documented plays, strong's tips, the VM budget of one
decision and the same games on MicroPython."""

import pytest

import mpvm
from primeplay.daifugo import cards as C
from primeplay.daifugo import rules
from primeplay.daifugo.bot import (Bot, NORMAL, STRONG, TABLES, PRIME, plays,
                                   one_play, play_bots, digest)
from primeplay.daifugo.forms import concat
from primeplay.daifugo.game import Game
from primeplay.daifugo.primejudge import judge
from primeplay.daifugo.settings import Settings

from daifugo_helpers import table


# ---------------------------------------------------------------- helpers


def names(g, cids):
    return [C.card_text(g.state.cards[c]) for c in cids]


SETTINGS = [
    Settings(),
    Settings(players=3),
    Settings.advanced(2),
    Settings.advanced(3),
    Settings.advanced(3, multi_in_three=True),
    Settings.advanced(2, hand_limit=13),
]

TABLES_OF_SEATS = [
    (NORMAL, NORMAL, NORMAL),
    (STRONG, STRONG, STRONG),
    (STRONG, NORMAL, STRONG),
    (NORMAL, STRONG, NORMAL),
]


def seats_for(settings, seed):
    levels = TABLES_OF_SEATS[seed % len(TABLES_OF_SEATS)]
    return [Bot(levels[i]) for i in range(settings.players)]


# ---------------------------------------------------------------- tables

def test_prime_tables_are_every_prime_the_cards_form():
    values = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 17, 19)
    for k in (1, 2, 3):
        want = set()
        pool = values if k < 3 else range(10)
        if k == 1:
            combos = [(a,) for a in pool]
        elif k == 2:
            combos = [(a, b) for a in pool for b in pool]
        else:
            combos = [(a, b, c) for a in pool for b in pool for c in pool]
        for vs in combos:
            n = concat(vs)
            if n >= 0 and judge(n)[0]:
                want.add((n, vs))
        got = TABLES[k]
        assert set(got) == want
        assert [t[0] for t in got] == sorted(t[0] for t in got)
    assert all(PRIME[n] == judge(n)[0] for n in range(2000))


def test_plays_are_the_prime_plays_of_the_rules():
    # The candidate generator finds a play for every prime number the
    # rules' (exhaustive) list holds, and nothing else.
    for seed in range(30):
        st = SETTINGS[seed % len(SETTINGS)]
        g = Game(st, seed)
        s = g.state
        for top in (None, 1, 2, 3):
            if top is not None:
                s.area = [(1, (0,) * top, (1,) * top, {1: 3, 2: 53, 3: 211}[top])]
            found = plays(s)
            want = set((len(m[1]), concat(m[2])) for m in rules.prime_plays(s))
            assert set((len(f[1]), f[0]) for f in found) == want
            legal = rules.play_moves(s)
            for f in found:
                assert ("play", f[1], f[2]) in legal
                assert judge(f[0])[0]
            s.area = []


# ---------------------------------------------------------------- legality

@pytest.mark.parametrize("which", range(len(SETTINGS)))
def test_bots_are_always_legal_and_play_only_primes(which):
    st = SETTINGS[which]
    for seed in range(30):
        seats = seats_for(st, seed)
        g = Game(st, seed)
        while g.winner is None:
            assert g.moves_made < 5000, "seed %d does not end" % seed
            m = seats[g.current].choose(g.state)
            assert m in g.legal_moves(), (seed, m)
            if m[0] == "play":
                assert judge(concat(m[2]))[0], (seed, m)
            g.apply(m)
        assert g.state.hands[g.winner] == []


def test_same_seed_same_game():
    for st in (Settings(), Settings.advanced(3)):
        for seed in range(4):
            a = play_bots(st, seed, seats_for(st, seed))
            b = play_bots(st, seed, seats_for(st, seed))
            assert a.transcript() == b.transcript()
            assert digest(a) == digest(b)
            r = Game.replay(st, seed, a.history)
            assert r.state.snapshot() == a.state.snapshot()


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        Bot("expert")


# ---------------------------------------------------------------- normal

def test_normal_plays_the_smallest_prime_that_beats_the_area():
    # Top 53 (2 cards): 71 and 73 beat it, 17 does not; 71 is the smallest.
    g = table([["[7]", "[3]", "[1]", "[2]"], ["[4]"]],
              area=(1, ["[5]", "[3]"], 53))
    m = Bot(NORMAL).choose(g.state)
    assert m[0] == "play" and concat(m[2]) == 71
    assert sorted(names(g, m[1])) == ["[1]", "[7]"]


def test_normal_leads_the_smallest_prime_of_any_count():
    g = table([["[9]", "[7]", "[3]", "[2]"], ["[4]"]])
    m = Bot(NORMAL).choose(g.state)
    assert m == ("play", m[1], (2,))


def test_normal_never_plays_a_non_prime_even_if_it_is_bigger():
    # 91 = 7 x 13 beats 89 but is not prime; 19 [1][9] is below: no play.
    g = table([["[9]", "[1]", "[4]"], ["[4]"]],
              area=(1, ["[8]", "[9]"], 89))
    assert Bot(NORMAL).choose(g.state) == ("draw",)


def test_normal_draws_when_nothing_beats_then_passes():
    g = table([["[4]", "[6]"], ["[4]"]], top=["[8]"],
              area=(1, ["[1]", "[9]"], 19))
    bot = Bot(NORMAL)
    assert bot.choose(g.state) == ("draw",)
    g.apply(("draw",))
    assert bot.choose(g.state) == ("pass",)


def test_normal_plays_what_the_draw_gave():
    g = table([["[4]", "[6]"], ["[4]"]], top=["[7]"],
              area=(1, ["[5]"], 5))
    bot = Bot(NORMAL)
    assert bot.choose(g.state) == ("draw",)
    g.apply(("draw",))
    m = bot.choose(g.state)
    assert m[0] == "play" and m[2] == (7,)


def test_normal_uses_a_d_card_instead_of_drawing():
    # Nothing beats 29: the D card (draw [3] and [1], discard one), then
    # the smallest prime above 29 the hand forms.
    g = table([["D", "[4]", "[6]", "[8]"], ["[4]"]], top=["[3]", "[1]"],
              area=(1, ["[2]", "[9]"], 29))
    bot = Bot(NORMAL)
    m = bot.choose(g.state)
    assert m[0] == "dcard"
    g.apply(m)
    m = bot.choose(g.state)
    assert m[0] == "discard"
    assert names(g, [m[1]])[0] in ("[4]", "[6]", "[8]")
    g.apply(m)
    m = bot.choose(g.state)
    assert m[0] == "play" and concat(m[2]) == 31


def test_normal_passes_when_it_has_drawn_and_cannot_play():
    g = table([["[4]"], ["[4]"]], area=(1, ["[1]", "[9]"], 19))
    g.state.drawn = True
    assert Bot(NORMAL).choose(g.state) == ("pass",)


def test_a_hand_of_skips_draws_first():
    g = table([["SKIP"], ["[4]"], ["[6]"]], skip=True)
    assert Bot(NORMAL).choose(g.state) == ("draw",)
    assert Bot(STRONG).choose(g.state) == ("draw",)


def test_normal_takes_an_immediate_win():
    # Leading with [6][19]: 19 is its smallest prime, but 619 is prime
    # and empties the hand.
    g = table([["[6]", "[19]"], ["[4]"]])
    m = Bot(NORMAL).choose(g.state)
    assert m[0] == "play" and concat(m[2]) == 619
    # ... and a win that beats the area, of the count it asks.
    g = table([["[3]", "[7]", "[9]*"], ["[4]"]],
              area=(1, ["[1]", "[1]", "[3]*"], 113))
    m = Bot(NORMAL).choose(g.state)
    assert m[0] == "play" and len(m[1]) == 3 and judge(concat(m[2]))[0]


def test_normal_plays_skip_rather_than_pass():
    g = table([["[4]", "SKIP", "[6]"], ["[4]"], ["[8]"]], skip=True,
              area=(2, ["[1]", "[9]"], 19))
    bot = Bot(NORMAL)
    assert bot.choose(g.state) == ("draw",)   # a draw first, as ever
    g.state.drawn = True
    assert bot.choose(g.state)[0] == "skip"


def test_normal_plays_skip_when_the_rest_is_one_play():
    # SKIP and [7]: [7] now would leave a lone SKIP (draw, never out);
    # SKIP now leaves [7], one play from the win.
    g = table([["SKIP", "[7]"], ["[4]", "[6]"], ["[8]", "[9]"]], skip=True)
    assert Bot(NORMAL).choose(g.state)[0] == "skip"
    # Two SKIPs: one goes, and the next turn draws for the other.
    g = table([["SKIP", "SKIP"], ["[4]", "[6]"], ["[8]", "[9]"]], skip=True)
    g.state.drawn = True
    assert Bot(NORMAL).choose(g.state)[0] == "skip"


def test_games_of_normal_computers_with_skip_end_soon():
    # A normal seat once never played SKIP, so it could not win while it
    # held one: 224 of 300 three-normal games ended with a SKIP held,
    # median 310 moves a game (strong: 45), seed 9 took 1,166.
    st = Settings.advanced(3)
    held = 0
    moves = {}
    for level in (NORMAL, STRONG):
        moves[level] = []
        for seed in range(100):
            g = play_bots(st, seed, [Bot(level) for _ in range(3)],
                          max_moves=1000)
            moves[level].append(g.moves_made)
            if level == NORMAL:
                for h in g.state.hands:
                    held += any(g.state.cards[c][0] == C.SKIP for c in h)
    normal = sorted(moves[NORMAL])
    strong = sorted(moves[STRONG])
    assert normal[50] <= 1.5 * strong[50], (normal[50], strong[50])
    assert normal[-1] <= 400, normal[-1]
    assert held <= 10, held


def test_strong_beats_normal_in_a_small_match():
    # 2 players, seats alternating, seeds the bench does not use (its
    # 2,000 games, tools/bench.py tournament, are held to 0.60 in
    # BENCH.md; a thousand here vary by some 0.03 around its figure).
    wins = 0
    games = 1000
    for i in range(games):
        seats = [Bot(NORMAL), Bot(NORMAL)]
        seats[i % 2] = Bot(STRONG)
        wins += play_bots(Settings(), 10000 + i, seats).winner == i % 2
    assert wins >= 0.57 * games, wins


def test_strong_beats_two_normals_in_a_small_match():
    # 3 players, every advanced rule, strong's seat rotating: well above
    # the 1/3 of an even table.
    wins = 0
    games = 300
    for i in range(games):
        seats = [Bot(NORMAL), Bot(NORMAL), Bot(NORMAL)]
        seats[i % 3] = Bot(STRONG)
        wins += play_bots(Settings.advanced(3), 20000 + i,
                          seats).winner == i % 3
    assert wins >= 0.4 * games, wins


# ---------------------------------------------------------------- strong

def test_strong_goes_out_when_it_can():
    g = table([["[3]", "[7]", "[9]*"], ["[4]"]],
              area=(1, ["[1]", "[1]", "[3]*"], 113))
    m = Bot(STRONG).choose(g.state)
    assert m[0] == "play" and len(m[1]) == 3 and judge(concat(m[2]))[0]


def test_strong_uses_stop_to_go_out():
    # Top 53: 127 (Stop) and then 23 as the new lead goes out; 73 would
    # leave [12] and [2], which form no prime.
    g = table([["[12]", "[7]", "[2]", "[3]"], ["[4]", "[6]", "[8]"]],
              area=(1, ["[5]", "[3]"], 53))
    m = Bot(STRONG).choose(g.state)
    assert m[0] == "play" and concat(m[2]) == 127


def test_strong_uses_d_early():
    g = table([["D", "[3]", "[7]", "[4]"], ["[4]", "[6]"]])
    m = Bot(STRONG).choose(g.state)
    assert m[0] == "dcard"


def test_strong_leads_3_cards_against_one_card_left():
    # The opponent holds one card: a 1- or 2-card lead may let it out
    # (its card, or a draw and two), a 3-card lead cannot.
    g = table([["[1]", "[0]", "[3]*", "[7]", "[9]", "[5]"], ["[11]"]],
              zero=True)
    m = Bot(STRONG).choose(g.state)
    assert m[0] == "play" and len(m[1]) == 3


def test_strong_plays_skip_rather_than_pass():
    g = table([["[4]", "SKIP", "[6]"], ["[4]"], ["[8]"]], skip=True,
              area=(2, ["[1]", "[9]"], 19))
    g.state.drawn = True
    assert Bot(STRONG).choose(g.state)[0] == "skip"


def test_one_play_checks_the_cards_as_a_lead():
    g = table([["[1]", "[0]", "[3]*", "[3]"], ["[4]"]], zero=True)
    h = g.state.hands[0]
    assert one_play(g.state, h[:3])[0] == 103
    assert one_play(g.state, [h[0], h[1], h[3]]) is None   # no icon
    assert one_play(g.state, h) is None


# ---------------------------------------------------------------- the VM

BUDGET_SETUP = """
from primeplay.daifugo import Game, Settings
from primeplay.daifugo import cards as C
from primeplay.daifugo.bot import Bot
def at(seed, top):
    # 13 cards, every advanced rule (multi-number cards in 3-card plays
    # too), D and SKIP swapped for number cards so the whole evaluation
    # runs; top: the 3-card number to beat (0: a lead).
    g = Game(Settings.advanced(3, hand_size=13, multi_in_three=True), seed)
    s = g.state
    h = s.hands[s.current]
    for i in range(len(h)):
        if s.cards[h[i]][0] in (C.DRAW, C.SKIP):
            for j in range(len(s.deck)):
                if s.cards[s.deck[j]][0] in (C.NUMBER, C.MULTI):
                    h[i], s.deck[j] = s.deck[j], h[i]
                    break
    if top:
        p = (s.current + 2) % 3
        s.area.append((p, (0, 0, 0), (top // 100, top // 10 % 10, top % 10), top))
        s.last = p
    return s
"""

FUEL_BUDGET = 50 * 10**6
BYTES_BUDGET = 32 * 1024


def budget_cases(seeds=300):
    """The worst decisions of a scan: the hands with the most prime plays
    (the strong bot scores each), as a lead and against 101."""
    ns = {}
    exec(BUDGET_SETUP, ns)
    ranked = []
    for seed in range(seeds):
        for top in (0, 101):
            s = ns["at"](seed, top)
            ranked.append((len(plays(s)), seed, top))
    ranked.sort(reverse=True)
    return ranked[:2]


def test_a_decision_fits_the_vm_budget():
    worst = []
    for n, seed, top in budget_cases():
        for level in (STRONG, NORMAL):
            c = mpvm.cost(BUDGET_SETUP + "s = at(%d, %d)\nbot = Bot(%r)\n"
                          % (seed, top, level), "m = bot.choose(s)")
            worst.append((c.fuel, c.alloc_bytes, level, seed, top, n))
    print("decisions (fuel, bytes, level, seed, top, plays):")
    for w in worst:
        print("  ", w)
    assert max(w[0] for w in worst) < FUEL_BUDGET
    assert max(w[1] for w in worst) < BYTES_BUDGET


GUEST = """
from primeplay.daifugo import Settings
from primeplay.daifugo.bot import Bot, play_bots, digest
levels = (("normal", "normal", "normal"), ("strong", "strong", "strong"),
          ("strong", "normal", "strong"), ("normal", "strong", "normal"))
for st in (Settings(), Settings.advanced(3)):
    for seed in range(3):
        lv = levels[seed % 4]
        seats = [Bot(lv[i]) for i in range(st.players)]
        g = play_bots(st, seed, seats)
        print(g.winner, g.moves_made, digest(g))
"""


def test_same_bot_games_on_micropython():
    here = []
    exec(GUEST, {"print": lambda *a: here.append(" ".join(str(x) for x in a))})
    assert len(here) == 6
    out = mpvm.run_unix(GUEST, heapsize="2M")
    assert [l for l in out.splitlines() if l] == here

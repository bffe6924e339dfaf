"""Prime Daifugo's saved games: every turn start round-trips, and a damaged
save is refused with a reason (never another exception), the same on
every VM."""

import json

import pytest
from hypothesis import given, settings, strategies as st

import mpvm
from primeplay.save import SaveError, encode, decode
from primeplay.daifugo import Settings, rules, saves
from primeplay.daifugo.bot import Bot


def turn_starts(settings_, seed, limit=400):
    """The states at every turn start of a bot game."""
    s = rules.new_game(settings_, seed)
    bots = [Bot("strong" if (seed >> i) & 1 else "normal")
            for i in range(settings_.players)]
    out = []
    for _ in range(limit):
        if s.phase == rules.OVER:
            break
        if s.phase == rules.TURN and not s.drawn:
            out.append(s.copy())
        rules.apply(s, bots[s.current].choose(s))
    return out


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), advanced=st.booleans(),
       players=st.sampled_from([2, 3]))
def test_every_turn_start_round_trips(seed, advanced, players):
    st_ = Settings.advanced(players) if advanced else Settings(players)
    for s in turn_starts(st_, seed)[::5]:
        snap = saves.snapshot(s)
        # Through the save encoding, as it goes to flash.
        back = saves.restore(decode(encode({"g": snap}))["g"])
        assert back.snapshot() == s.snapshot()
        assert back.settings == s.settings
        assert rules.legal_moves(back) == rules.legal_moves(s)


def test_mid_turn_is_not_saved():
    s = rules.new_game(Settings(), 1)
    rules.apply(s, ("draw",))
    with pytest.raises(SaveError):
        saves.snapshot(s)


def good_play():
    s = turn_starts(Settings.advanced(3), 7)[6]
    assert s.area, "a turn start with plays in the area"
    return saves.play(s, [0, 1, 2], 7, [1, 0, 0], 2)


def damaged(change):
    g = json.loads(json.dumps(good_play()))
    change(g)
    try:
        saves.unpack(g)
        return "restored"
    except SaveError as e:
        return str(e)


def put(path, value):
    def f(g):
        for k in path[:-1]:
            g = g[k]
        g[path[-1]] = value
    return f


def drop(*path):
    def f(g):
        for k in path[:-1]:
            g = g[k]
        del g[path[-1]]
    return f


CASES = [
    ("no state", drop("state"), "missing state"),
    ("no hands", drop("state", "hands"), "missing hands"),
    ("no rng", drop("state", "rng"), "missing rng"),
    ("players 5", put(("state", "settings", "players"), 5), "bad players"),
    ("zero text", put(("state", "settings", "zero"), "yes"), "bad zero"),
    ("hand a string", put(("state", "hands", 0), "x"), "bad hand"),
    ("card 999", put(("state", "deck", 0), 999), "bad deck"),
    ("card twice", lambda g: g["state"]["deck"].append(
        g["state"]["deck"][0]), "cards do not add up"),
    ("card lost", lambda g: g["state"]["deck"].pop(), "cards do not add up"),
    ("area value", lambda g: g["state"]["area"][0].__setitem__(
        2, [19] * len(g["state"]["area"][0][1])), "bad play area"),
    ("current 7", put(("state", "current"), 7), "bad current player"),
    ("rng 0", put(("state", "rng"), 0), "bad value: rng state must be an "
     "int in 1..2**32-1"),
    ("seats 2", put(("seats",), [0, 1]), "seats do not match"),
    ("seat 5", put(("seats",), [0, 1, 5]), "bad seats"),
    ("score over", put(("score",), [2, 0, 0]), "the match is over"),
    ("no match", drop("match"), "missing match"),
    ("seed text", put(("seed",), "x"), "bad seed"),
    ("state a list", put(("state",), [1]), "unreadable contents"),
]


@pytest.mark.parametrize("name,change,reason", CASES,
                         ids=[c[0] for c in CASES])
def test_a_damaged_save_says_what_is_wrong(name, change, reason):
    assert damaged(change) == reason


def test_the_good_save_restores():
    assert damaged(lambda g: None) == "restored"


GUEST = """
import json
from primeplay.save import SaveError
from primeplay.daifugo import saves
good = %s
def put(g, path, value):
    for k in path[:-1]:
        g = g[k]
    g[path[-1]] = value
for path, value in %r:
    g = json.loads(json.dumps(good))
    put(g, path, value)
    try:
        saves.unpack(g)
        print("restored")
    except SaveError as e:
        print(e)
"""

VM_CASES = [(("state", "settings", "players"), 5), (("state", "hands", 0), "x"),
            (("state", "rng"), 0), (("seats",), [0, 1]), (("score",), "x"),
            (("state", "current"), None), (("state", "area"), [[0, [1], []]])]


def test_the_reasons_read_the_same_on_micropython():
    code = GUEST % (repr(good_play()), VM_CASES)
    want = []
    for path, value in VM_CASES:
        g = json.loads(json.dumps(good_play()))
        put(path, value)(g)
        try:
            saves.unpack(g)
            want.append("restored")
        except SaveError as e:
            want.append(str(e))
    assert mpvm.run_unix(code, heapsize="1M").splitlines() == want


# ------------------------------------------------ what the device tells

def test_the_card_hints_and_the_learners_check_are_saved_with_the_game():
    for clues in (False, True):
        for learner in (False, True):
            st_ = Settings(3, clues=clues, learner=learner)
            s = turn_starts(st_, 5)[3]
            g = json.loads(json.dumps(saves.play(s, [0, 1, 2], 5, [0, 0, 0],
                                                 2)))
            assert g["state"]["settings"]["clues"] is clues
            assert g["state"]["settings"]["learner"] is learner
            back = saves.unpack(decode(encode({"g": g}))["g"])[0]
            assert (back.settings.clues, back.settings.learner) == \
                (clues, learner)
            assert saves.told(g) == []


def test_a_save_from_before_the_split_loads_and_says_what_it_lacks():
    # Builds before saved neither: the game loads, and the screen takes
    # both from the remembered settings (DaifugoPlay.resume).
    g = json.loads(json.dumps(good_play()))
    del g["state"]["settings"]["clues"]
    del g["state"]["settings"]["learner"]
    state = saves.unpack(g)[0]
    assert state.settings.players == 3
    assert saves.told(g) == ["clues", "learner"]


def test_a_damaged_hint_setting_is_refused():
    assert damaged(put(("state", "settings", "learner"), 1)) == "bad learner"
    assert damaged(put(("state", "settings", "clues"), "on")) == "bad clues"

"""Prime Daifugo's saved games: what a save holds and how it is checked.

The app keeps the game in progress under the registry key ``"daifugo"``
(``primeplay.app.games``):

    {"state": snapshot(state), "seats": [0 human, 1 normal, 2 strong],
     "seed": the match's seed, "score": [games won per player],
     "match": games to win the match}

A game is saved at the start of every turn (phase TURN, nothing drawn):
a power cut mid-turn replays that turn from its start, with the same
draws (the Rng is part of the state).  About 110 bytes for 3 players.

Read from flash that anything may have scribbled on, so ``restore`` and
``unpack`` check every field and raise SaveError (never another
exception, but MemoryError) with a reason that reads the same on every
VM.  The card ids must add up to the deck exactly: a hand never gains or
loses a card in a damaged save.
"""

from primeplay.game import check_record, flag, number, numbers, read, \
    unpack_record
from primeplay.save import SaveError

# The settings a save holds, by name (Settings' own slot names).
_FLAGS = ("zero", "multi59", "multi468", "skip", "multi_in_three", "strict")
# And what the device tells the players (the card hints, the learner's
# prime check): saved with the game since they were split; a save from
# before has neither, and takes them from the remembered settings when it
# is resumed (DaifugoPlay.resume), as those builds did with "clues".
_TOLD = ("clues", "learner")


def snapshot(state):
    """The state at the start of a turn as plain data."""
    if state.phase != "turn" or state.drawn:
        raise SaveError("a game is saved at the start of a turn only")
    st = state.settings
    settings = {"players": st.players, "hand_limit": st.hand_limit,
                "hand_size": st.hand_size}
    for k in _FLAGS + _TOLD:
        settings[k] = getattr(st, k)
    return {
        "settings": settings,
        "hands": [list(h) for h in state.hands],
        "deck": list(state.deck),
        "discard": list(state.discard),
        "area": [[p[0], list(p[1]), list(p[2])] for p in state.area],
        "last": state.last,
        "leader": state.leader,
        "current": state.current,
        "passes": state.passes,
        "turn": state.turn,
        "rng": state.rng.getstate(),
    }


def play(state, seats, seed, score, match):
    """What the app keeps under "daifugo"."""
    return {"state": snapshot(state), "seats": list(seats), "seed": seed,
            "score": list(score), "match": match}


def _settings(d):
    from primeplay.daifugo.settings import Settings
    if not isinstance(d, dict):
        raise SaveError("bad settings")
    s = Settings(number(d["players"], 2, 3, "players"))
    for k in _FLAGS:
        setattr(s, k, flag(d[k], k))
    for k in _TOLD:
        setattr(s, k, flag(d.get(k, getattr(s, k)), k))
    s.hand_limit = number(d["hand_limit"], 0, 99, "hand limit")
    s.hand_size = number(d["hand_size"], 1, 15, "hand size")
    s.validate()
    return s


def restore(snap):
    """A State from snapshot() data, checked field by field."""
    return read(_restore, snap)


def _restore(snap):
    from primeplay.daifugo import rules
    from primeplay.daifugo.forms import concat
    settings = _settings(snap["settings"])
    s = rules.new_game(settings, 0)
    n = settings.players
    top = len(s.cards) - 1
    hands = snap["hands"]
    if not isinstance(hands, list) or len(hands) != n:
        raise SaveError("bad hands")
    s.hands = [numbers(h, 0, top, "hand") for h in hands]
    s.deck = numbers(snap["deck"], 0, top, "deck")
    s.discard = numbers(snap["discard"], 0, top, "discards")
    area = snap["area"]
    if not isinstance(area, list):
        raise SaveError("bad play area")
    s.area = []
    every = []
    for h in s.hands:
        every.extend(h)
    size = 0
    for play in area:
        if not isinstance(play, list) or len(play) != 3:
            raise SaveError("bad play area")
        p = number(play[0], 0, n - 1, "play area")
        cids = numbers(play[1], 0, top, "play area")
        values = numbers(play[2], 0, 19, "play area")
        if not 1 <= len(cids) <= 3 or len(values) != len(cids) or \
                (size and len(cids) != size):
            raise SaveError("bad play area")
        size = len(cids)
        for i in range(len(cids)):
            if values[i] not in s.cards[cids[i]][1]:
                raise SaveError("bad play area")
        every.extend(cids)
        s.area.append((p, tuple(cids), tuple(values), concat(values)))
    every.extend(s.deck)
    every.extend(s.discard)
    every.sort()
    if every != list(range(len(s.cards))):
        raise SaveError("cards do not add up")
    s.last = number(snap["last"], -1, n - 1, "last player")
    if (s.last < 0) != (not s.area):
        raise SaveError("bad last player")
    s.leader = number(snap["leader"], 0, n - 1, "leader")
    s.current = number(snap["current"], 0, n - 1, "current player")
    s.passes = number(snap["passes"], 0, 10**6, "passes")
    s.turn = number(snap["turn"], 0, 10**7, "turn")
    for h in s.hands:
        if not h:
            raise SaveError("an empty hand in a game not over")
    s.rng.setstate(snap["rng"])
    s.events = []
    return s


def told(g):
    """The names of _TOLD a saved game (checked) does not hold: a save
    written before they were saved."""
    d = g["state"]["settings"]
    return [k for k in _TOLD if k not in d]


def check(g):
    """What power-up checks of a saved game: the state."""
    check_record(g, restore)


def unpack(g):
    """(state, seats, seed, score, match) of a saved game, every field
    checked."""
    state, seats, seed = unpack_record(g, restore, 2)
    n = state.settings.players
    score = read(lambda g: g["score"], g)
    match = number(read(lambda g: g["match"], g), 1, 3, "match")
    if not isinstance(score, list) or len(score) != n:
        raise SaveError("score does not match")
    numbers(score, 0, 9, "score")
    for w in score:
        if w >= match:
            raise SaveError("the match is over")
    return state, seats, seed, list(score), match

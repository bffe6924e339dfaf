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

from primeplay.save import SaveError, field_error

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


def _int(x, lo, hi, what):
    if not isinstance(x, int) or x is True or x is False or \
            not lo <= x <= hi:
        raise SaveError("bad %s" % what)
    return x


def _ints(x, lo, hi, what):
    if not isinstance(x, list):
        raise SaveError("bad %s" % what)
    for v in x:
        _int(v, lo, hi, what)
    return x


def _settings(d):
    from primeplay.daifugo.settings import Settings
    if not isinstance(d, dict):
        raise SaveError("bad settings")
    s = Settings(_int(d["players"], 2, 3, "players"))
    for k in _FLAGS:
        v = d[k]
        if v is not True and v is not False:
            raise SaveError("bad %s" % k)
        setattr(s, k, v)
    for k in _TOLD:
        v = d.get(k, getattr(s, k))
        if v is not True and v is not False:
            raise SaveError("bad %s" % k)
        setattr(s, k, v)
    s.hand_limit = _int(d["hand_limit"], 0, 99, "hand limit")
    s.hand_size = _int(d["hand_size"], 1, 15, "hand size")
    s.validate()
    return s


def restore(snap):
    """A State from snapshot() data, checked field by field."""
    from primeplay.daifugo import rules
    from primeplay.daifugo.forms import concat
    if not isinstance(snap, dict):
        raise SaveError("unreadable contents")
    try:
        settings = _settings(snap["settings"])
        s = rules.new_game(settings, 0)
        n = settings.players
        top = len(s.cards) - 1
        hands = snap["hands"]
        if not isinstance(hands, list) or len(hands) != n:
            raise SaveError("bad hands")
        s.hands = [_ints(h, 0, top, "hand") for h in hands]
        s.deck = _ints(snap["deck"], 0, top, "deck")
        s.discard = _ints(snap["discard"], 0, top, "discards")
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
            p = _int(play[0], 0, n - 1, "play area")
            cids = _ints(play[1], 0, top, "play area")
            values = _ints(play[2], 0, 19, "play area")
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
        s.last = _int(snap["last"], -1, n - 1, "last player")
        if (s.last < 0) != (not s.area):
            raise SaveError("bad last player")
        s.leader = _int(snap["leader"], 0, n - 1, "leader")
        s.current = _int(snap["current"], 0, n - 1, "current player")
        s.passes = _int(snap["passes"], 0, 10**6, "passes")
        s.turn = _int(snap["turn"], 0, 10**7, "turn")
        for h in s.hands:
            if not h:
                raise SaveError("an empty hand in a game not over")
        s.rng.setstate(snap["rng"])
        s.events = []
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError) as e:
        raise field_error(e)
    return s


def told(g):
    """The names of _TOLD a saved game (checked) does not hold: a save
    written before they were saved."""
    d = g["state"]["settings"]
    return [k for k in _TOLD if k not in d]


def check(g):
    """What power-up checks of a saved game: the state."""
    if not isinstance(g, dict):
        raise SaveError("unreadable contents")
    try:
        restore(g["state"])
    except KeyError as e:
        raise field_error(e)


def unpack(g):
    """(state, seats, seed, score, match) of a saved game, every field
    checked."""
    check(g)
    state = restore(g["state"])
    n = state.settings.players
    try:
        seats = g["seats"]
        score = g["score"]
        seed = g["seed"]
        match = g["match"]
    except KeyError as e:
        raise field_error(e)
    if not isinstance(seats, list) or len(seats) != n:
        raise SaveError("seats do not match")
    _ints(seats, 0, 2, "seats")
    if not isinstance(score, list) or len(score) != n:
        raise SaveError("score does not match")
    _ints(score, 0, 9, "score")
    _int(seed, 0, 0xFFFFFFFF, "seed")
    _int(match, 1, 3, "match")
    for w in score:
        if w >= match:
            raise SaveError("the match is over")
    return state, list(seats), seed, list(score), match

"""Ring Climb's saved games: what a save holds and how it is checked.

The app keeps the game in progress under the registry key ``"rings"``
(``primeplay.app.games``):

    {"state": snapshot(state), "seats": [0 human, 1 normal, 2 strong],
     "seed": the game's seed}

A game is saved at the start of every turn (no card played yet): a power
cut mid-turn replays that turn from its start, with the same draws (the
Rng is part of the state).  About 120 bytes for 4 players.

Read from flash that anything may have scribbled on, so ``restore`` and
``unpack`` check every field and raise SaveError (never another
exception, but MemoryError) with a reason that reads the same on every
VM: the rings' turns, every pawn on a real place and no two on one ring
space, the 42 cards each exactly once in the hands, deck and discards,
the finished players with their three pawns on top.
"""

from primeplay.game import check_record, flag, number, numbers, read, \
    unpack_record
from primeplay.save import SaveError
from primeplay.rings import board as B


def snapshot(state):
    """The state at the start of a turn as plain data."""
    if state.phase != "play" or state.played:
        raise SaveError("a game is saved at the start of a turn only")
    st = state.settings
    return {
        "settings": {"players": st.players, "face": st.face,
                     "first": st.first, "one_card": bool(st.one_card),
                     "play_on": bool(st.play_on)},
        "rot": list(state.rot),
        "pawns": list(state.pawns),
        "hands": [list(h) for h in state.hands],
        "deck": list(state.deck),
        "discard": list(state.discard),
        "current": state.current,
        "played": state.played,
        "turn": state.turn,
        "finished": list(state.finished),
        "rng": state.rng.getstate(),
    }


def play(state, seats, seed):
    """What the app keeps under "rings"."""
    return {"state": snapshot(state), "seats": list(seats), "seed": seed}


def _settings(d):
    from primeplay.rings.settings import Settings
    if not isinstance(d, dict):
        raise SaveError("bad settings")
    n = number(d["players"], 2, 6, "players")
    s = Settings(n, face=number(d["face"], 0, 1, "face"),
                 first=number(d["first"], 0, n - 1, "first player"),
                 one_card=flag(d["one_card"], "one card"),
                 play_on=flag(d["play_on"], "play on"))
    s.validate()
    return s


def _pawns(x, n):
    pawns = numbers(x, B.TABLE, B.TOP, "pawns", n * B.PAWNS)
    seen = []
    for pos in pawns:
        if pos == B.TABLE or pos == B.TOP:
            continue
        if pos < B.SPACES:
            raise SaveError("bad pawns")
        if pos in seen:
            raise SaveError("two pawns on one space")
        seen.append(pos)
    return pawns


def restore(snap):
    """A State from snapshot() data, checked field by field."""
    return read(_restore, snap)


def _restore(snap):
    from primeplay.rings import rules
    settings = _settings(snap["settings"])
    s = rules.new_game(settings, 1)
    n = settings.players
    s.rot = list(numbers(snap["rot"], 0, B.SPACES - 1, "rings", B.LEVELS))
    s.pawns = list(_pawns(snap["pawns"], n))
    hands = snap["hands"]
    if not isinstance(hands, list) or len(hands) != n:
        raise SaveError("bad hands")
    top = B.DECK - 1
    s.hands = [list(numbers(h, 0, top, "hand")) for h in hands]
    for h in s.hands:
        if len(h) > B.HAND:
            raise SaveError("bad hand")
    s.deck = list(numbers(snap["deck"], 0, top, "deck"))
    s.discard = list(numbers(snap["discard"], 0, top, "discards"))
    every = []
    for h in s.hands:
        every.extend(h)
    every.extend(s.deck)
    every.extend(s.discard)
    every.sort()
    if every != list(range(B.DECK)):
        raise SaveError("cards do not add up")
    fin = numbers(snap["finished"], 0, n - 1, "finished")
    for p in range(n):
        done = True
        for i in range(B.PAWNS):
            if s.pawns[p * B.PAWNS + i] != B.TOP:
                done = False
        if done != (p in fin) or fin.count(p) > 1:
            raise SaveError("bad finished")
        if done and s.hands[p]:
            raise SaveError("bad finished")
    s.finished = list(fin)
    if len(fin) >= n - 1 or (fin and not settings.play_on):
        raise SaveError("the game is over")
    s.current = number(snap["current"], 0, n - 1, "current player")
    if s.current in fin:
        raise SaveError("bad current player")
    if not s.hands[s.current]:
        raise SaveError("an empty hand")
    s.played = number(snap["played"], 0, 0, "cards played")
    s.turn = number(snap["turn"], 0, 10**7, "turn")
    s.rng.setstate(snap["rng"])
    s.phase = rules.PLAY
    s.events = []
    return s


def check(g):
    """What power-up checks of a saved game: the state."""
    check_record(g, restore)


def unpack(g):
    """(state, seats, seed) of a saved game, every field checked."""
    return unpack_record(g, restore, 2)

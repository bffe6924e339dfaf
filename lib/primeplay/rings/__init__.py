"""Ring Climb: spin the rings, climb, jump, bump, be first to the top.

The public names (``Game``, ``Settings``, the rules functions) are
imported from their modules the first time they are asked for (a module
``__getattr__``, as in ``primeplay.climb``), so the registry's entry
points below cost the main menu nothing.
"""

_PUBLIC = {
    "Settings": "settings",
    "IllegalMove": "rules",
    "new_game": "rules",
    "legal_moves": "rules",
    "apply": "rules",
    "why_not": "rules",
    "winner": "rules",
    "places": "rules",
    "Game": "game",
}


def __getattr__(name):
    from primeplay import lazy_attribute
    return lazy_attribute("primeplay.rings", _PUBLIC, globals(), name)

"""Prime Daifugo Lvl. 0: play 1-3 cards to form a prime larger than the last.

The public names: ``form_numbers`` (the numbers cards can form under the
rules: 3-card numbers of single-digit cards only),
``judge`` (prime or not, and the factors), ``Game``, ``Settings`` and the
rules functions.  As in ``primeplay.climb``, each is imported from its
module the first time it is asked for (a module ``__getattr__``), so a
menu that needs only ``settings`` does not pay for the rules.
"""

_PUBLIC = {
    "form_numbers": "forms",
    "judge": "primejudge",
    "verdict": "primejudge",
    "Settings": "settings",
    "IllegalMove": "rules",
    "new_game": "rules",
    "legal_moves": "rules",
    "apply": "rules",
    "winner": "rules",
    "places": "rules",
    "Game": "game",
}


def __getattr__(name):
    from primeplay import lazy_attribute
    return lazy_attribute("primeplay.daifugo", _PUBLIC, globals(), name)

"""Prime Climb: race two pawns from 0 to 101 with two d10 and + - x /.

The public names: ``reachable`` (every end pair of a turn), ``Game`` (a
game with history and undo), ``Settings`` and the rules functions.
"""

from primeplay.climb.reach import reachable
from primeplay.climb.settings import Settings
from primeplay.climb.rules import (IllegalMove, new_game, legal_moves, apply,
                                   winner, end_positions)
from primeplay.climb.game import Game

"""Ring Climb's first game (the setup's "First game: on"): a human's
choice (``play.Choice``) starts on a sensible move.

The tip is the normal computer's move for the position (``rings.bot``:
of every play of the hand, the one that climbs its own pawns furthest
now; else stop, the level-6 discard or a card thrown away).  It reads the
hand on turn and the board only.  It is worked out on a tick once the
turn is on the panel (some 50 ms on the board: never inside a press),
then the card cursor goes to its card if the player has not pressed
meanwhile.  While the card cursor is on it, its pawn is outlined on the
board and the panel says in three short lines why ("L1 pawn", "L1 2 cw",
"up to L2"; the board stays in sight, the lines stay until the cursor
leaves); each stage after opens on the tip's choice (pawn, the ring's
turn, the step) while the player follows it, and the panel's foot reads
"A: best" while the choice is the tip's.  The player still makes every
move.

Loaded only with the mode on (``RingsPlay.guide``).
"""

from primeplay.rings import board as B
from primeplay.rings import bot
from primeplay.rings import rules as R
from primeplay.rings.rules import PLAY
from primeplay.rings.ui.words import turn_text, level_text, seat_name, \
    step_words


class Guide:
    """The ``tip`` of the position ``of`` (None: not worked out yet), and
    the positions last drawn (``seen``) and pressed in (``touched``); a
    position is (state, turn, cards played)."""

    def __init__(self):
        self.tip = None
        self.of = None
        self.seen = None
        self.touched = None

    def key(self, play):
        s = play.state
        return (s, s.turn, s.played)

    def _mine(self, play):
        return play.mode == "human" and not play.is_bot()

    def pressed(self, play):
        """A human's press came: the choice is the player's now."""
        self.touched = self.key(play)

    def drawn(self, play):
        """A scene of the human's turn is drawn: its press is answered."""
        self.seen = self.key(play)

    def due(self, play):
        """Is the tip still to work out?"""
        return self._mine(play) and self.of != self.key(play)

    def tick(self, play):
        if not self._mine(play):
            return
        k = self.key(play)
        if self.of == k or self.seen != k:
            return      # the position's first frame first: its press is answered
        self.tip = bot.choose(play.state, bot.NORMAL)
        self.of = k
        c = play.choice
        if self.touched != k and c.stage == "card":
            c.steer("card")

    def _is(self, c, stage):
        """Does the choice follow the tip up to ``stage``?"""
        t = self.tip
        if t is None or self.of != self.key(c.play):
            return False
        if t[0] != PLAY:
            return stage == "card"
        if stage == "card" or B.card_kind(c.cid) != B.card_kind(t[1]):
            return stage == "card"
        if stage == "pawn":
            return True
        if c.pawn_opts[c.pi] != t[2]:
            return False
        return stage == "rot" or c.rot() == t[3]

    def option(self, c, stage):
        """The index of the tip's option among the choice's at ``stage``
        (card, pawn, rot, step), or -1: the choice has left the tip."""
        if not self._is(c, stage):
            return -1
        t = self.tip
        if stage == "card":
            for i in range(len(c.opts)):
                if self._same(c.opts[i]):
                    return i
            return -1
        opts, want = (c.pawn_opts, t[2]) if stage == "pawn" else \
            (c.rots, t[3]) if stage == "rot" else (c.dests, t[4])
        return opts.index(want) if want in opts else -1

    def _same(self, o):
        # A card option is the tip's when its card plays alike (two red 2s).
        t = self.tip
        return o == t or (o[0] == "card" and t[0] == PLAY and
                          B.card_kind(o[1]) == B.card_kind(t[1]))

    def on_tip(self, c):
        """Is the option under the choice's cursor the tip's?"""
        t = self.tip
        if c.stage == "card":
            return self._is(c, "card") and self._same(c.opts[c.ci])
        if not self._is(c, "pawn") or c.pawn_opts[c.pi] != t[2]:
            return False
        if c.stage == "pawn":
            return True
        if c.stage == "rot":
            return c.rots[c.ri] == t[3]
        return c.rot() == t[3] and c.dests[c.si] == t[4]

    def pawn(self, play):
        """The tip's pawn to outline on the board in the card stage while
        the card cursor is on its card, or -1."""
        t = self.tip
        if t is None or t[0] != PLAY or t[2] < 0 or \
                not self.on_tip(play.choice):
            return -1
        return t[2]

    def words(self, s):
        """Why the tip's card, in the card stage's three panel lines of at
        most 8 characters: its pawn, then what it does ("L1 pawn", "L1 2
        cw", "up to L2"); None for a tip that plays no card (Stop, the
        discard: their own lines say it)."""
        m = self.tip
        if m[0] != PLAY:
            return None
        if m[2] < 0:
            return ["throw it", "away:", "no climb"]
        pos = s.pawns[m[2]]
        lvl = pos // B.SPACES
        out = ["new pawn" if pos == B.TABLE else level_text(pos) + " pawn"]
        if m[4] < 0:
            return out + [turn_text(lvl, m[3]), "no step"]
        more = []
        bumped = False
        after = R.board_after(s, m)
        for e in after.events:
            if e[0] == "move" and not more:
                more = step_words(after.rot, e[2], e[3])
            elif e[0] == "bump" and not bumped:
                bumped = True
                more.append("bumps " + seat_name(R.owner(e[1])))
        if m[3] and len(more) < 2:
            more.insert(0, turn_text(lvl, m[3]))
        return out + more[:2]

